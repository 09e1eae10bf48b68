package native

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/internal/buildid"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/smt"
)

func init() { bmc.Register("native", New(nil)) }

// Options configure the native checker. The zero value is valid and a nil
// *Options means the zero value; the checker never modifies it.
type Options struct {
	// Solver decides the formulas; nil means a portfolio (the first
	// definitive answer wins) of two solvers: cvc5 then Bitwuzla, and for
	// a formula with floating point Bitwuzla then cvc5, z3 standing in
	// for either where it is missing.
	Solver smt.Solver
	// Stagger is how long the portfolio's first solver (cvc5; Bitwuzla
	// for floating point) runs alone before the next joins it
	// (smt.Staggered): 0 means 1s, a negative value races them all from
	// the start. Most checks end well within a second, and racing two
	// solvers on each doubles the CPU they cost.
	Stagger time.Duration
	// GCC is the compiler used to replay counterexamples; "" means "gcc".
	GCC string
	// ReplayTimeout limits one run of a replayed program; 0 means 10s.
	ReplayTimeout time.Duration
	// CacheSize is how many translations are kept; 0 means 16.
	CacheSize int
	// Fresh runs every check in a solver process of its own. False (the
	// default) keeps a cvc5 process that holds a program's formula for its
	// next checks (sessions.go); z3, Options.Solver and formulas with
	// floating point always use processes of their own.
	Fresh bool
	// MallocMayFail lets every call of malloc or calloc return NULL (a
	// nondeterministic choice, replayed by a shim that makes the real
	// allocation fail on the chosen calls). False (the default) assumes
	// allocation always succeeds, and VERIFIED answers on programs that
	// allocate list the assumption "malloc never fails".
	MallocMayFail bool
	// NoInduction turns off k-induction, the summaries of recursions
	// (proved by induction over the recursion) and the one run of a
	// program without input: a VERIFIED answer whose bound is not
	// complete then stays bounded, and a violation deeper than the bound
	// is found only by the run the unwinding check picks. By default the
	// checker tries to prove an answer for every execution (kinduct.go,
	// summarize.go, onerun.go).
	NoInduction bool
}

// Checker is the native bounded model checker. It is safe for concurrent
// use; translations are shared between queries on the same program, and
// so are solver processes, which are closed a few seconds after their
// last check or by Close.
type Checker struct {
	opts Options
	warm sessions
	// trs keeps translations by source, bound and variant; parses keeps
	// typed trees by source.
	trs    memo[*symex.Translation]
	parses memo[*ctree.Program]
	// held are the violation checks answered unsat, by translation,
	// target and selectors, with the solver that answered.
	held answers
	// screens keeps what the engine does not model of a program
	// (screen.go), by source.
	screens memo[*screen]
	// sums keeps the summaries proved of a program's recursions
	// (summarize.go), by source, bound and variant.
	sums memo[*summaries]
	// runs keeps whether the one run of an input-free program ended
	// without failing its target (onerun.go), by the program as run: a
	// run that did not end in its time is not tried again at the next
	// bound.
	runs memo[bool]
}

// New returns a native checker with the given options.
func New(opts *Options) *Checker {
	c := &Checker{}
	if opts != nil {
		c.opts = *opts
	}
	return c
}

// Name returns "native".
func (c *Checker) Name() string { return "native" }

// Version identifies the engine's semantics for result caches: the build
// of the running program (buildid.Self, which changes with every build
// that could change a verdict) and the options that change answers.
func (c *Checker) Version(ctx context.Context) (string, error) {
	v := "native " + buildid.Self()
	if c.opts.MallocMayFail {
		v += " malloc-may-fail"
	}
	if c.opts.NoInduction {
		v += " no-induction"
	}
	return v, nil
}

// solver picks the solver of a formula: Options.Solver, else by what the
// formula holds (see solverPair). Measured by BenchmarkEngines and
// BenchmarkExamples.
func (c *Checker) solver(fp bool) (smt.Solver, error) {
	if c.opts.Solver != nil {
		return c.opts.Solver, nil
	}
	ss := solverPair(fp)
	if len(ss) == 0 {
		return nil, fmt.Errorf("native: %w: z3 or cvc5", smt.ErrNotFound)
	}
	return c.portfolio(fp, ss...), nil
}

// solverPair is the two solvers of a formula's portfolio, of those
// installed, in the order they join it. A bit-vector formula goes to
// cvc5, which answers most checks within a second, then to Bitwuzla,
// which decides in seconds the hard ones that cvc5 and z3 leave open
// after half a minute (the 32 checks of SV-COMP's loop-invgen tasks that
// cvc5 did not answer within a second: Bitwuzla 18.9 s in all, z3 timing
// out on most). A formula with floating point goes to Bitwuzla, which
// decides the examples' floating-point queries that cvc5 and z3 leave
// open after a minute, with cvc5 beside it. z3 stands in for either
// where it is missing; as a third beside them it won no check of
// SpamAssassin-loop's 94 and cost up to 30 CPU-seconds on each of the 16
// that timed out.
func solverPair(fp bool) []smt.Solver {
	order := []string{"cvc5", "bitwuzla", "z3"}
	if fp {
		order = []string{"bitwuzla", "cvc5", "z3"}
	}
	ss := smt.Installed(order...)
	return ss[:min(len(ss), 2)]
}

// portfolio races solvers: the first alone for Options.Stagger, then
// the others. For bit-vectors the first (cvc5) is then stopped
// (smt.Relay): the checks it leaves open after a second are the hard
// ones, which Bitwuzla decides (of the SV-COMP tasks the race took over
// 2 s to decide, Bitwuzla alone decided each of the 23 it was run on,
// within 4 s of the race), and on those that no solver decides racing
// both to the timeout doubled the CPU (SV-COMP's xcsp, 59.5 CPU-s on each
// of 19 tasks against ESBMC's 31). For floating point both race.
func (c *Checker) portfolio(fp bool, ss ...smt.Solver) smt.Solver {
	if len(ss) == 1 {
		return ss[0]
	}
	d := c.opts.Stagger
	switch {
	case d < 0:
		return smt.Portfolio(ss...)
	case d == 0:
		d = time.Second
	}
	if !fp {
		return smt.Relay(d, ss...)
	}
	return smt.Staggered(d, ss...)
}

// Close ends the solver processes kept for later checks. The checker
// stays usable.
func (c *Checker) Close() error {
	c.warm.closeAll()
	return nil
}

// decider returns the solver of the checks on tr, which is given only what
// a check adds to tr's script. By default cvc5 runs warm (sessions.go),
// holding the script, and Bitwuzla or z3 in a process per check (see
// solverPair): in incremental mode z3 gives up the bit-blasting tactic that
// makes it win hard bit-vector checks, and its warm processes made the
// differential suite twice as slow on the mean; Bitwuzla, through its
// Python bindings, has no sessions here.
func (c *Checker) decider(tr *symex.Translation, timeout time.Duration) (smt.Solver, error) {
	script := tr.Script.String()
	if c.opts.Solver == nil && !c.opts.Fresh && !tr.FP {
		ss := solverPair(false)
		if len(ss) > 0 && ss[0].Name() == "cvc5" {
			warm := &warmSolver{pool: &c.warm, solver: ss[0], tr: tr, timeout: timeout}
			rest := []smt.Solver{warm}
			for _, s := range ss[1:] {
				rest = append(rest, &prefixed{Solver: s, script: script})
			}
			return c.portfolio(false, rest...), nil
		}
	}
	s, err := c.solver(tr.FP)
	if err != nil {
		return nil, err
	}
	return &prefixed{Solver: s, script: script}, nil
}

// prefixed is a one-shot solver given what a check adds: it sends the
// translation's script before it.
type prefixed struct {
	smt.Solver
	script string
}

func (p *prefixed) Check(ctx context.Context, q *smt.Query) (*smt.Result, error) {
	q2 := *q
	q2.Script = p.script + q.Script
	return p.Solver.Check(ctx, &q2)
}

// cacheSize is how many translations (and parses) are kept.
func (c *Checker) cacheSize() int {
	if c.opts.CacheSize > 0 {
		return c.opts.CacheSize
	}
	return 16
}

// translate returns the shared translation of a program under o (its
// MallocMayFail is the checker's). The parse of a program is shared by
// all its translations.
func (c *Checker) translate(ctx context.Context, p *bmc.Program, o symex.Options) (*symex.Translation, error) {
	return c.trs.get(translationKey(p, &o), c.cacheSize(), func() (*symex.Translation, error) {
		cp, err := c.parsed(ctx, p)
		if err != nil {
			return nil, err
		}
		return symex.Translate(ctx, p, cp, &o)
	})
}

// options are the translation options of a check at bound k of variant
// variant under the checker's modelling choices; callers add what their
// translation is for.
func (c *Checker) options(k, variant int) symex.Options {
	return symex.Options{K: k, Variant: variant, MallocMayFail: c.opts.MallocMayFail}
}

// parsed returns the shared typed tree of a program.
func (c *Checker) parsed(ctx context.Context, p *bmc.Program) (*ctree.Program, error) {
	src, _ := sourceKey(p)
	return c.parses.get(src, c.cacheSize(), func() (*ctree.Program, error) { return parse(ctx, c.opts.GCC, p) })
}

// packedSizeof refuses a program that takes the size of a struct or
// union and sets #pragma pack (packed: the preprocessor saw one; or the
// parser did), whose effect on the layout the engine does not model.
func packedSizeof(cp *ctree.Program, packed bool) error {
	if (packed || cp.PackPragma > 0) && cp.SizeofStruct > 0 {
		return ctree.Unsupported(cp.SizeofStruct, "sizeof of a struct or union in a program that sets #pragma pack")
	}
	return nil
}

// translateProgram turns a program into its formula at bound k (a variant
// schema: its variant 0). An unsupported construct is an error whose text
// starts "unsupported:".
func translateProgram(ctx context.Context, p *bmc.Program, k int) (*symex.Translation, error) {
	cp, err := parse(ctx, "", p)
	if err != nil {
		return nil, err
	}
	return symex.Translate(ctx, p, cp, &symex.Options{K: k})
}

// parse builds the typed tree of a program from what the preprocessor
// (gcc -E, with the program's -D and -I) makes of it; see preprocess.go.
// Without gcc, a program compiled without -D and -I is read as written,
// where a directive other than #include or an object-like #define makes
// it UNKNOWN. ctree.Parse recovers its own panics. The tree is not
// modified afterwards and is shared by concurrent translations.
func parse(ctx context.Context, gccPath string, p *bmc.Program) (*ctree.Program, error) {
	pp, err := preprocess(ctx, gccPath, p)
	if errors.Is(err, proc.ErrNotFound) && p.Compile.Empty() {
		asserts := map[int]int{}
		for _, a := range p.Asserts {
			asserts[a.Start] = a.Index
		}
		cp, err := ctree.Parse(ctx, p.File, p.Source, asserts)
		if err != nil {
			return nil, err
		}
		return cp, packedSizeof(cp, false)
	}
	var pe *preprocessError
	switch {
	case errors.As(err, &pe):
		return nil, ctree.Unsupported(1, "%s", pe.Error())
	case err != nil:
		return nil, err
	}
	declared := map[string]string{}
	for _, d := range p.ConventionDecls() {
		declared[d.Name] = d.Type
	}
	cp, err := ctree.ParseLaidOut(ctx, p.File, pp.src, pp.asserts, sameLines(p.Source, pp.src), declared)
	if err != nil {
		return nil, err
	}
	if err := packedSizeof(cp, pp.packed); err != nil {
		return nil, err
	}
	cp.Notes = append(cp.Notes, pp.notes...)
	remapOffsets(cp, p.Source, pp.src)
	if err := libraryDefines(ctx, gccPath, cp); err != nil {
		return nil, err
	}
	return cp, nil
}

// libraryDefines refuses a program that calls, without a body of its own,
// a function that the C library defines: a real run calls the library's
// body, which the convention of a function without one (any value, no
// other effect) does not describe, and which the replay's definition of
// it would replace. One link with gcc tells: the names it reports
// undefined are the functions without a body anywhere.
func libraryDefines(ctx context.Context, gccPath string, cp *ctree.Program) error {
	if len(cp.Bodiless) == 0 {
		return nil
	}
	names := slices.Sorted(maps.Keys(cp.Bodiless))
	undefined, err := (&gcc.Tool{Path: gccPath, Timeout: 30 * time.Second}).Undefined(ctx, names)
	if err != nil {
		return fmt.Errorf("native: linking the functions without a body: %w", err)
	}
	for _, n := range names {
		if !undefined[n] {
			f := cp.Bodiless[n]
			return ctree.Unsupported(f.Line, "call of %s, a C library function the engine does not model", n)
		}
	}
	return nil
}

// remapOffsets turns the byte offsets of cp's loops and function bodies
// (Stmt.Span, Stmt.BodySpan, Func.BodyAt), which are offsets in the
// preprocessed text pp, into offsets in the program's text orig, where
// the replays that count loops and calls insert their counters
// (unwind.go) and witnesses place invariants. An offset on a line that
// is not the program's own byte for byte becomes 0, unknown: the
// instrumentation then refuses, and the answer stays UNKNOWN.
func remapOffsets(cp *ctree.Program, orig, pp []byte) {
	ol, pl := bytes.Split(orig, []byte("\n")), bytes.Split(pp, []byte("\n"))
	starts := func(lines [][]byte) []int {
		out := make([]int, len(lines))
		for i := 1; i < len(lines); i++ {
			out[i] = out[i-1] + len(lines[i-1]) + 1
		}
		return out
	}
	oStart, pStart := starts(ol), starts(pl)
	// An offset maps where the text before it on its line, or the text
	// after it, is the program's own: the same tokens stand beside it.
	at := func(off int) int {
		l := sort.SearchInts(pStart, off+1) - 1 // the line holding off (0-based)
		if l < 0 || l >= len(ol) {
			return 0
		}
		c := off - pStart[l]
		pline, oline := pl[l], bytes.TrimRight(ol[l], "\r")
		switch {
		case c > len(pline):
			return 0
		case c <= len(oline) && bytes.Equal(pline[:c], oline[:c]):
			return oStart[l] + c
		case bytes.HasSuffix(oline, pline[c:]):
			return oStart[l] + len(oline) - len(pline[c:])
		}
		return 0
	}
	span := func(sp [2]int) [2]int {
		if sp[1] == 0 {
			return sp
		}
		a, b := at(sp[0]), at(sp[1])
		if a == 0 || b == 0 {
			return [2]int{}
		}
		return [2]int{a, b}
	}
	seen := map[*ctree.Stmt]bool{}
	var walk func(st *ctree.Stmt)
	walk = func(st *ctree.Stmt) {
		if st == nil || seen[st] {
			return
		}
		seen[st] = true
		st.Span, st.BodySpan = span(st.Span), span(st.BodySpan)
		for _, sub := range append([]*ctree.Stmt{st.Init, st.Body, st.Else}, st.List...) {
			walk(sub)
		}
	}
	for _, f := range cp.Funcs {
		if f.BodyAt > 0 {
			f.BodyAt = at(f.BodyAt)
		}
		walk(f.Body)
	}
}

// sameLines reports, by line, whether the preprocessed text's line is the
// program's own, byte for byte: only there do its columns name the
// program's columns.
func sameLines(orig, pp []byte) func(line int) bool {
	a := bytes.Split(orig, []byte("\n"))
	b := bytes.Split(pp, []byte("\n"))
	return func(line int) bool {
		return line >= 1 && line <= len(a) && line <= len(b) && bytes.Equal(bytes.TrimRight(a[line-1], "\r"), b[line-1])
	}
}

// translationKey names the translation of a program under o: what the
// translation depends on (its bound, the variant of a variant schema,
// whether loops run past K; safety checks, step cases and summaries have
// caches of their own).
func translationKey(p *bmc.Program, o *symex.Options) string {
	src, sw := sourceKey(p)
	key := fmt.Sprintf("%s/%d", src, o.K)
	if sw != "" {
		key += fmt.Sprintf("%s/variant=%d", sw, o.Variant)
	}
	if o.PastK {
		key += "/past-k"
	}
	return key
}

// sourceKey names a program's text in the caches: its hash, and for a
// variant schema its switch.
func sourceKey(p *bmc.Program) (src, sw string) {
	hs := sha256.New()
	hs.Write(p.Source)
	for _, f := range p.BuildFlags() {
		hs.Write([]byte("\x00" + f))
	}
	h := hs.Sum(nil)
	if p.Switch != nil {
		sw = fmt.Sprintf("/switch=%s@%d", p.Switch.Name, p.Switch.At)
	}
	return fmt.Sprintf("%x", h[:]), sw
}

// Check decides one query. See the package documentation for the
// semantics. On a program with code that runs outside main or with
// changes to assert, the answer is weakened to what its evidence supports
// (screen.go).
func (c *Checker) Check(ctx context.Context, q *bmc.Query) (*bmc.Result, error) {
	res, err := c.check(ctx, q)
	if err != nil || res == nil || res.Status == bmc.Unknown {
		return res, err
	}
	sc, err := c.screened(ctx, q.Program)
	if err != nil {
		return nil, fmt.Errorf("native: %w", err)
	}
	return sc.vet(res), nil
}

// check decides one query for a program as the engine models it.
func (c *Checker) check(ctx context.Context, q *bmc.Query) (res *bmc.Result, err error) {
	start := time.Now()
	res = &bmc.Result{Engine: c.Name()}
	defer func() {
		if r := recover(); r != nil {
			res, err = &bmc.Result{Engine: c.Name(), Reason: fmt.Sprintf("internal error: %v", r)}, nil
		}
		if res != nil {
			res.Duration = time.Since(start)
		}
	}()
	if q == nil || q.Program == nil || q.Target < 0 || q.Target >= len(q.Program.Asserts) {
		return nil, errors.New("native: query without a program or with a bad target")
	}
	if q.K < 0 {
		return nil, fmt.Errorf("native: negative bound %d", q.K)
	}
	if _, err := c.solver(false); err != nil {
		return nil, err
	}
	timeout := q.TimeoutOrDefault()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// A recursion is summarised first, with half the time: inlined to
	// the bound's depth it is cut (an unwinding violation), or makes the
	// formula too large or too hard; its summaries need no inlining.
	sres, sumWhy, err := c.summarize(ctx, q, start.Add(timeout/2))
	if err != nil || sres != nil {
		return sres, err
	}
	if sumWhy != "" {
		sumWhy = "; " + sumWhy
	}
	tr, err := c.translate(ctx, q.Program, c.options(q.K, q.Variant))
	if err != nil {
		var u *ctree.UnsupportedError
		switch {
		case errors.As(err, &u):
			res.Reason = u.Error()
			if u.Construct != "" {
				res.Hazards = []bmc.Hazard{{Line: u.Line, Construct: u.Construct, Detail: u.What}}
			}
			return res, nil
		case errors.Is(err, symex.ErrResource):
			if r := c.runOnce(ctx, q); r != nil {
				return r, nil
			}
			res.Reason = "resource: formula too large" + sumWhy
			return res, nil
		case errors.Is(err, context.DeadlineExceeded):
			res.Reason = "timeout"
			return res, nil
		}
		return nil, err
	}
	return c.answer(ctx, q, tr, start, timeout, sumWhy)
}

// answer answers q from its translation tr, within timeout from start:
// the violation check and, for a query with unwinding assertions, the
// unwinding check, then what can prove the target past the bound (its
// loops run to their end, k-induction, the one run of a program without
// input) or show a loop running past it. sumWhy says why recursion
// summaries did not answer ("" when there is none).
func (c *Checker) answer(ctx context.Context, q *bmc.Query, tr *symex.Translation, start time.Time, timeout time.Duration, sumWhy string) (*bmc.Result, error) {
	res := &bmc.Result{Engine: c.Name()}
	solver, err := c.decider(tr, timeout)
	if err != nil {
		return nil, err
	}
	sel := tr.Selectors(q)
	viol := tr.Viol[q.Target]
	// The unwinding check starts with the violation check that the
	// query without it answered just before (bmc.VerifyAll asks both):
	// an unsat answer is kept and not asked again.
	held := translationKey(q.Program, &tr.Opts) + "\x00" + strconv.Itoa(q.Target) + "\x00" + sel
	var pf *proof // what a complete bound rests on
	if q.UnwindingAssertions {
		pf = &proof{}
	}
	goal := assertAny(viol)
	if by, ok := c.held.get(held); len(viol) > 0 && ok {
		pf.add(fmt.Sprintf("the violation check at k=%d", q.K), tr, sel+goal, &smt.Result{Status: smt.Unsat, Solver: by})
	} else if len(viol) > 0 {
		sr, err := c.solve(ctx, solver, sel+goal, tr.Values(), timeout-time.Since(start))
		if err != nil {
			return nil, err
		}
		switch sr.Status {
		case smt.Unknown:
			if r := c.runOnce(ctx, q); r != nil {
				return r, nil
			}
			res.Reason = "solver: " + sr.Reason
			return res, nil
		case smt.Sat:
			cex := tr.Counterexample(sr.Model)
			ok, _, why := c.replay(ctx, q, tr, cex)
			if !ok && len(tr.Nice) > 0 {
				// Ask for a counterexample in which every scanf succeeds.
				nice := assertAll(tr.Nice)
				sr2, err2 := c.solve(ctx, solver, sel+goal+nice, tr.Values(), timeout-time.Since(start))
				if err2 == nil && sr2.Status == smt.Sat {
					cex2 := tr.Counterexample(sr2.Model)
					if ok2, _, why2 := c.replay(ctx, q, tr, cex2); ok2 {
						ok, cex = true, cex2
					} else {
						why += "; " + why2
					}
				}
			}
			if !ok {
				res.Reason = "counterexample did not replay: " + why
				res.Counterexample = cex.Cex
				return res, nil
			}
			res.Status = bmc.Falsified
			res.Replayed = true
			res.Counterexample = cex.Cex
			res.Assumptions = uninitAssumed(cex.Cex)
			trimSteps(cex.Cex, q.Program.Asserts[q.Target].SrcLine)
			return res, nil
		}
		c.held.add(held, sr.Solver)
		pf.add(fmt.Sprintf("the violation check at k=%d", q.K), tr, sel+goal, sr)
	}
	res.Status = bmc.Verified
	res.Assumptions, err = c.assumptionsOf(ctx, solver, tr, sel, timeout-time.Since(start))
	if err != nil {
		return nil, err
	}
	if !q.UnwindingAssertions {
		return res, nil
	}
	deadline := start.Add(timeout)
	if tr.ItersPastK > 0 {
		// Complete at this bound is complete at every bound: an unwinding
		// counterexample of another engine at K does not contest it.
		res.Proof = proofPastK
	}
	if len(tr.Unwind) == 0 {
		return c.complete(ctx, res, pf, deadline)
	}
	goal = assertAny(tr.UnwindGuards())
	sr, err := c.solve(ctx, solver, sel+goal, tr.UVals, timeout-time.Since(start))
	if err != nil {
		return nil, err
	}
	switch sr.Status {
	case smt.Unsat:
		pf.add(fmt.Sprintf("the unwinding check at k=%d", q.K), tr, sel+goal, sr)
		return c.complete(ctx, res, pf, deadline)
	case smt.Sat:
		if !tr.Opts.PastK && pastKHelps(tr, sr.Model) {
			if r, err := c.pastK(ctx, q, deadline, sumWhy); err != nil || r != nil {
				return r, err
			}
		}
		ok, asm, invs, why, err := c.induct(ctx, q, tr, sel, sr.Model, deadline, pf)
		if err != nil {
			return nil, err
		}
		if ok {
			res.Induction, res.Proof = q.K, ""
			res.Invariants = invs
			res.Assumptions = sortedUnion(res.Assumptions, asm)
			return c.complete(ctx, res, pf, deadline)
		}
		if tr.Opts.PastK {
			// What runs past K was a try (pastK); the answer at K says
			// the rest.
			return &bmc.Result{Engine: res.Engine, Reason: "a loop runs past what the translation runs to its end"}, nil
		}
		if r := c.runOnce(ctx, q); r != nil {
			return r, nil
		}
		res = c.unwound(ctx, q, tr, sr.Model, res)
		if why != "" {
			res.Reason += "; " + why
		}
		res.Reason += sumWhy
		return res, nil
	default:
		res.Status = bmc.Unknown
		res.Assumptions = nil
		res.Reason = "unwinding check: solver: " + sr.Reason
	}
	return res, nil
}

// pastKShare is the part of a check's time left that the translation
// running loops past K gets: it is a try, whose formula can be far harder
// than the one at K (a body of divisions run 40 times over an input).
const pastKShare = 3

// pastKHelps reports whether a loop cut at K in the model m of the
// unwinding check is one whose counter decides its condition, so that
// the translation past K runs it on.
func pastKHelps(tr *symex.Translation, m map[string]smt.Value) bool {
	for _, u := range tr.Unwind {
		if u.PastK && symex.IsTrue(m, u.Guard) {
			return true
		}
	}
	return false
}

// pastK asks q of the translation whose loops run past K to their end as
// their counters decide (symex.Options.PastK), with a third of the time
// left before deadline. It returns a violation there that a run replays,
// which fails the target past the bound, or a proof there, complete at
// every bound (Result.Proof proofPastK, or an induction of the loops
// beyond); nil otherwise, when the answer at K stands.
func (c *Checker) pastK(ctx context.Context, q *bmc.Query, deadline time.Time, sumWhy string) (*bmc.Result, error) {
	share := time.Until(deadline) / pastKShare
	ctx, cancel := context.WithTimeout(ctx, share)
	defer cancel()
	start := time.Now()
	o := c.options(q.K, q.Variant)
	o.PastK = true
	tr, err := c.translate(ctx, q.Program, o)
	if err != nil {
		var u *ctree.UnsupportedError
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, symex.ErrResource) || errors.As(err, &u) {
			return nil, nil
		}
		return nil, err
	}
	r, err := c.answer(ctx, q, tr, start, share, sumWhy)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, nil
	case err != nil:
		return nil, err
	case r.Status == bmc.Falsified && r.Replayed && !r.Unwound, r.Status == bmc.Verified && r.BoundComplete:
		return r, nil
	}
	return nil, nil
}

// complete makes res, VERIFIED at its bound, complete when its proof pf
// is confirmed by a second solver (confirm), and UNKNOWN, saying why,
// when it is not.
func (c *Checker) complete(ctx context.Context, res *bmc.Result, pf *proof, deadline time.Time) (*bmc.Result, error) {
	why, asm, err := c.confirm(ctx, pf, deadline)
	if err != nil {
		return nil, err
	}
	if why != "" {
		return &bmc.Result{Engine: res.Engine, Reason: "proof not confirmed: " + why}, nil
	}
	if asm != "" {
		res.Assumptions = sortedUnion(res.Assumptions, []string{asm})
	}
	res.BoundComplete = true
	return res, nil
}

// trimSteps ends the path at the target assertion: the run stops there.
func trimSteps(c *bmc.Counterexample, line int) {
	for i := len(c.Steps) - 1; i >= 0; i-- {
		if c.Steps[i].Line == line {
			c.Steps = c.Steps[:i+1]
			return
		}
	}
}

// solve asks a decider one check: what it adds to the translation's
// script.
// assertAny asserts that one of ts holds, assertAll that all of them do.
// The first operand is always the unit, (or false t...) and (and true
// t...), so that an empty list needs no case of its own.
func assertAny(ts []smt.Term) string {
	var sc smt.Script
	sc.Assert(smt.Or(append([]smt.Term{smt.False}, ts...)...))
	return sc.String()
}

func assertAll(ts []smt.Term) string {
	var sc smt.Script
	sc.Assert(smt.And(append([]smt.Term{smt.True}, ts...)...))
	return sc.String()
}

// texts is ts as the strings that a Query's Values and a model's keys
// are.
func texts(ts []smt.Term) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return out
}

func (c *Checker) solve(ctx context.Context, d smt.Solver, add string, values []string, left time.Duration) (*smt.Result, error) {
	if left <= 0 {
		return &smt.Result{Status: smt.Unknown, Reason: "timeout"}, nil
	}
	r, err := d.Check(ctx, &smt.Query{Script: add, Values: values, Timeout: left})
	if err != nil {
		if ctx.Err() != nil {
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return &smt.Result{Status: smt.Unknown, Reason: "timeout"}, nil
			}
			return nil, fmt.Errorf("native: %w", ctx.Err())
		}
		if errors.Is(err, proc.ErrTimeout) {
			return &smt.Result{Status: smt.Unknown, Reason: "timeout"}, nil
		}
		return nil, fmt.Errorf("native: %w", err)
	}
	return r, nil
}

// assumptionsOf lists the assumptions of a VERIFIED answer whose check
// asserted base: the translation's, and the in-bounds ones when an
// access to an object of known size can leave it on an execution base
// allows (one solver check each; an answer other than unsat keeps the
// assumption).
func (c *Checker) assumptionsOf(ctx context.Context, d smt.Solver, tr *symex.Translation, base string, left time.Duration, skip ...symex.Assumption) ([]string, error) {
	var extra []symex.Assumption
	for _, a := range []symex.Assumption{symex.AsmInBounds, symex.AsmLibInBounds, symex.AsmFuncPtr} {
		if tr.Assumes[a] || len(tr.OOB[a]) == 0 || slices.Contains(skip, a) {
			continue
		}
		sr, err := c.solve(ctx, d, base+assertAny(tr.OOB[a]), nil, left)
		if err != nil {
			return nil, err
		}
		if sr.Status != smt.Unsat {
			extra = append(extra, a)
		}
	}
	return tr.Assumptions(extra, skip...), nil
}
