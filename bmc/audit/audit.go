package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/suretydev/surety/work"

	"golang.org/x/sync/errgroup"

	"github.com/suretydev/surety/bmc"
)

// Options control Audit. The zero value is valid; nil means the zero value.
type Options struct {
	// K is the bound; 0 means the report's.
	K int
	// Timeout is the budget of each query; 0 means bmc.DefaultTimeout.
	Timeout time.Duration
	// Budget caps the mutants checked per program; 0 means 200. Each fact
	// gets an equal share, at least MinMutants, spent on the assertion's
	// backward slice first. A mutant costs a run when there is a Runner,
	// and one query (two when the first meets a loop longer than K) unless
	// the run decided it.
	Budget int
	// MinMutants is the number of surviving mutants (on a complete proof
	// or a complete run) below which no fact is called weak; 0 means 5.
	MinMutants int
	// LargerBound is the bound K' at which a vacuous fact's cover query is
	// asked again, plain and with unwinding assertions, to say why no
	// execution within K reaches it; 0 means 2K+2.
	LargerBound int
	// SkipStrength skips the mutation analysis: reachability only.
	SkipStrength bool
	// Workers is the number of facts audited at once, each one query at a
	// time; 0 means one per CPU (work.Workers).
	Workers int
	// Runner, when not nil, runs the program and its mutants: an
	// assertion a run reaches is reachable whatever the engines say, a
	// mutant a run shows failing the assertion is rejected without a
	// solver, and one whose runs are every execution (Observation.Complete)
	// and leave the assertion true survives. nil means no runs: the audit
	// rests on the engines alone.
	Runner Runner
}

// A Runner runs a program, built with gcc, and says what the runs showed
// of its assertions; package bmc/run's Checker is one. Observe runs
// variant (Query.Variant) of p, a mutant schema when p.Switch is set, and
// returns the observation indexed by p's assertions. An error means no
// run could be made; the audit then goes on without one.
type Runner interface {
	Observe(ctx context.Context, p *bmc.Program, variant int) (*bmc.Observation, error)
}

// Why a fact is vacuous (Reach.Why of a VACUOUS status): each is a
// statement about what the audit checked, and the package documentation
// says what each rests on. Only WhyDead and WhyAssumptions claim that no
// execution at all reaches the assertion, and only on a complete proof.
const (
	// WhyBound: a larger bound's cover query found an execution that
	// reaches the assertion (" (reached at k=K')" follows).
	WhyBound = "cut by the bound: no execution reaches it within the bound, one does with a larger bound"
	// WhyAssumptions: with the assumptions, a complete proof that no
	// execution reaches it; without them, an execution within the bound
	// does.
	WhyAssumptions = "closed by assumptions: reachable without the assumptions it rests on, never with them"
	// WhyDead: a complete proof (every loop unwound at the larger bound, or
	// k-induction) that no execution reaches it, without assumptions.
	WhyDead = "unreachable code: no execution reaches it, a complete proof"
	// WhyLonger: no execution within the larger bound reaches it either,
	// but a loop (or recursion) runs longer than that bound, so whether a
	// longer execution reaches it is open: the code may well be live. The
	// bound, and what the complete check said, follow.
	WhyLonger = "not reached within the bound, nor within a larger one"
)

// Why a fact is reachable (Reach.Why of a "reachable" status); "" means
// the cover query at the fact's own bound found an execution that reaches
// it.
const (
	// WhyRun: a run of the program (Options.Runner) evaluated the
	// assertion. No cover query was asked: the run may lie beyond the bound.
	WhyRun = "reached on a run"
)

// A Reach is the outcome of the reachability check for one fact.
type Reach struct {
	// Status is "reachable" (an execution reaches the assertion: within
	// the bound, Why "", or on a run, Why WhyRun), "VACUOUS" (no execution
	// within the fact's bound reaches it, so the fact says nothing; Why
	// says what else is known, starting with one of the Why constants) or
	// "unknown" (Why says why not decided).
	Status string `json:"status"`
	// Why explains the status.
	Why string `json:"why,omitempty"`
}

// A Mutant is one small change of the program.
type Mutant struct {
	Line   int    `json:"line"`
	Kind   string `json:"kind"` // "operator", "constant", "negate", "delete"
	Before string `json:"before"`
	After  string `json:"after"`
	// Status is the fact's verdict on the mutant: FALSIFIED means the fact
	// rejects it.
	Status bmc.Status `json:"status"`
	// By says what the status rests on: "run" (a run of the mutant failed
	// the assertion, or its complete runs left it true), "counterexample"
	// (a checker's FALSIFIED), "proof" (VERIFIED with a complete bound),
	// "bound" (VERIFIED within the bound only: undecided, not a survivor),
	// "" (no verdict).
	By string `json:"by,omitempty"`
	// Slice is set when the change lies in what the assertion depends on
	// (the backward slice of its variables).
	Slice bool `json:"slice,omitempty"`
}

// A Strength is the outcome of the mutation analysis of one fact.
type Strength struct {
	Mutants  int `json:"mutants"`  // checked
	Rejected int `json:"rejected"` // the fact is FALSIFIED on them, or a run failed it
	// Survived counts the mutants on which the fact holds on every
	// execution: a complete proof, or complete runs that leave it true.
	Survived int `json:"survived"`
	// Bounded counts the mutants on which the fact holds within the bound
	// only (VERIFIED, bound incomplete): undecided, neither side.
	Bounded int `json:"bounded"`
	Unknown int `json:"unknown"` // no verdict (timeout, a mutant that does not compile)
	// Weak: none of at least MinMutants decided mutants was rejected.
	Weak bool `json:"weak"`
	// Why, for a weak fact, names the survivors and what each count rests
	// on.
	Why string `json:"why,omitempty"`
	// Survivors lists some mutants the fact does not reject.
	Survivors []Mutant `json:"survivors,omitempty"`
}

// A FactAudit is the audit of one fact.
type FactAudit struct {
	Index    int       `json:"index"`
	Label    string    `json:"label"`
	Reach    Reach     `json:"reach"`
	Strength *Strength `json:"strength,omitempty"`
}

// A Report is the audit of every fact of a VerifyAll report. It is the
// report's bmc.Audit: set as its Audit, it makes the report's printers
// drop vacuous facts and mark weak ones.
type Report struct {
	// Facts are the audits in the order of the assertions' indices.
	Facts   []FactAudit `json:"facts"`
	Summary Summary     `json:"summary"`
}

// Summary counts an audit.
type Summary struct {
	Facts   int `json:"facts"`   // VERIFIED and C-VERIFIED assertions audited
	Vacuous int `json:"vacuous"` // never reached within the bound
	Weak    int `json:"weak"`    // reject no mutant
	Queries int `json:"queries"`
}

// Of returns the audit of the assertion with the given index, or nil.
func (r *Report) Of(index int) *FactAudit {
	i, ok := slices.BinarySearchFunc(r.Facts, index, func(fa FactAudit, index int) int { return fa.Index - index })
	if !ok {
		return nil
	}
	return &r.Facts[i]
}

// Vacuous says why no execution within the bound reaches assertion i, ""
// when one does or when i was not audited (bmc.Audit).
func (r *Report) Vacuous(i int) string {
	if fa := r.Of(i); fa != nil && fa.Reach.Status == "VACUOUS" {
		return fa.Reach.Why
	}
	return ""
}

// Mutants gives the mutants of assertion i's code that were decided
// (rejected or survived), those its fact rejects, and whether the fact is
// weak; zeros when no mutant of i was checked (bmc.Audit).
func (r *Report) Mutants(i int) (decided, rejected int, weak bool) {
	fa := r.Of(i)
	if fa == nil || fa.Strength == nil {
		return 0, 0, false
	}
	s := fa.Strength
	return s.Rejected + s.Survived, s.Rejected, s.Weak
}

// Audit checks every fact of report (VERIFIED and C-VERIFIED) for
// reachability and, unless asked not to, for strength, with checker c and
// the runs of opts.Runner (the package documentation says what each claim
// rests on). An engine or runner error on a query makes that part unknown;
// the returned error is non-nil only when ctx ends.
func Audit(ctx context.Context, p *bmc.Program, report *bmc.Report, c bmc.Checker, opts *Options) (*Report, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.K <= 0 {
		o.K = report.K
	}
	if o.Budget <= 0 {
		o.Budget = 200
	}
	if o.MinMutants <= 0 {
		o.MinMutants = 5
	}
	if o.LargerBound <= 0 {
		o.LargerBound = 2*o.K + 2
	}
	o.Workers = work.Workers(o.Workers)
	a := &auditor{p: p, c: c, o: o, unmodelled: unmodelled(p.Source)}
	out := &Report{}
	var facts []bmc.Fact
	for _, f := range report.Facts {
		if f.Status == bmc.VerdictVerified || f.Status == bmc.VerdictCVerified {
			facts = append(facts, f)
		}
	}
	out.Facts = make([]FactAudit, len(facts))
	share := 0
	if len(facts) > 0 {
		share = max(o.Budget/len(facts), 1)
	}
	// Every fact's mutants, all in one schema: first those in what the
	// assertion depends on, then the rest of the program.
	muts := make([][]*mutant, len(facts))
	if !o.SkipStrength {
		var all []*mutant
		for i, f := range facts {
			for _, m := range pick(mutants(p, f.Assertion), max(share, o.MinMutants)) {
				muts[i] = append(muts[i], &m)
			}
			all = append(all, muts[i]...)
		}
		a.schema(all)
	}
	// One run of the program as written, for every fact's reachability.
	if o.Runner != nil && len(facts) > 0 {
		if obs, err := o.Runner.Observe(ctx, p, 0); err == nil {
			a.obs = obs
		}
	}
	var g errgroup.Group
	g.SetLimit(o.Workers)
	for i, f := range facts {
		if ctx.Err() != nil {
			break
		}
		g.Go(func() error {
			fa := FactAudit{Index: f.Index, Label: f.Label(), Reach: a.reach(ctx, f)}
			if !o.SkipStrength && fa.Reach.Status != "VACUOUS" {
				fa.Strength = a.strength(ctx, f, muts[i])
			}
			out.Facts[i] = fa
			return nil
		})
	}
	_ = g.Wait() // no fact's audit fails: an engine error makes its part unknown
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, fa := range out.Facts {
		out.Summary.Facts++
		if fa.Reach.Status == "VACUOUS" {
			out.Summary.Vacuous++
		}
		if fa.Strength != nil && fa.Strength.Weak {
			out.Summary.Weak++
		}
	}
	out.Summary.Queries = int(a.queries.Load())
	return out, nil
}

type auditor struct {
	p *bmc.Program
	c bmc.Checker
	o Options

	// unmodelled names a construct of the program that no engine models
	// (an atexit handler, errno...): a cover query's VERIFIED is then no
	// evidence that an execution does not reach the assertion.
	unmodelled string
	// obs is what a run of the program showed, nil without a Runner.
	obs *bmc.Observation

	// schemaProg holds the mutants of variant, each switched on by its
	// number; a mutant not in it is checked as a program of its own.
	schemaProg *bmc.Program
	variant    map[*mutant]int

	queries atomic.Int64
}

// schema builds the mutant schema of ms. When the schema does not parse
// (it should), every mutant is checked as a program of its own.
func (a *auditor) schema(ms []*mutant) {
	if len(ms) == 0 || len(a.p.Funcs) == 0 {
		return
	}
	first := a.p.Funcs[0].Start
	for _, f := range a.p.Funcs {
		first = min(first, f.Start)
	}
	src, variant := buildSchema(a.p.Source, first, ms)
	prog, err := bmc.ParseProgram(a.p.File, src)
	if err == nil {
		prog, err = prog.WithSwitch(switchName)
	}
	if err != nil || len(prog.Asserts) != len(a.p.Asserts) {
		return
	}
	a.schemaProg, a.variant = prog, variant
}

// check runs one query: the assertion target of prog, variant v.
func (a *auditor) check(ctx context.Context, prog *bmc.Program, target int, assume []int, k, v int, unwinding bool) (*bmc.Result, error) {
	if target >= len(prog.Asserts) {
		return nil, errors.New("audit: the rewritten program lost an assertion")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a.queries.Add(1)
	q := &bmc.Query{Program: prog, Target: target, Assume: assume, K: k, Timeout: a.o.Timeout, Variant: v, UnwindingAssertions: unwinding}
	return a.c.Check(ctx, q)
}

// status is check's status, UNKNOWN on an error.
func (a *auditor) status(ctx context.Context, prog *bmc.Program, target int, assume []int, k, v int) bmc.Status {
	res, err := a.check(ctx, prog, target, assume, k, v, false)
	if err != nil {
		return bmc.Unknown
	}
	return res.Status
}

// proof asks the query with unwinding assertions at k: true when the
// answer is VERIFIED on every execution (a complete unwinding or an
// induction), and otherwise what was seen, in words.
func (a *auditor) proof(ctx context.Context, prog *bmc.Program, target int, assume []int, k, v int) (bool, string) {
	res, err := a.check(ctx, prog, target, assume, k, v, true)
	switch {
	case err != nil:
		return false, "the complete check failed: " + err.Error()
	case res.Status == bmc.Verified && res.BoundComplete:
		return true, ""
	case res.Status == bmc.Verified:
		return false, fmt.Sprintf("the bound k=%d is not complete", k)
	case res.Status == bmc.Falsified && res.Unwound:
		return false, "a loop runs longer"
	case res.Status == bmc.Falsified && res.Replayed:
		return false, "reached"
	case res.Status == bmc.Falsified:
		// The portfolio does not replay an answer to a query with
		// unwinding assertions, and the plain query found no execution.
		return false, fmt.Sprintf("the complete check at k=%d gave a FALSIFIED no run reproduced", k)
	}
	why := "no verdict"
	if res.Reason != "" {
		why += " (" + res.Reason + ")"
	}
	return false, fmt.Sprintf("the complete check at k=%d gave %s", k, why)
}

// withTarget returns the program's source with assertion i's predicate
// replaced by pred, lines preserved.
func (a *auditor) withTarget(i int, pred string) []byte {
	as := a.p.Asserts[i]
	stmt := as.Form + "(" + pred + ");"
	stmt += string(bytes.Repeat([]byte{'\n'}, bytes.Count(a.p.Source[as.Start:as.End], []byte{'\n'})))
	var b bytes.Buffer
	b.Write(a.p.Source[:as.Start])
	b.WriteString(stmt)
	b.Write(a.p.Source[as.End:])
	return b.Bytes()
}

// reach decides whether an execution reaches f's assertion. A run that
// reaches it settles the question without a query. Otherwise the cover
// query (the assertion replaced by assert(0)) is asked at the fact's
// bound: FALSIFIED is an execution within the bound that reaches it. A
// VERIFIED makes the fact VACUOUS, and the reason is what more queries
// show: an execution at the larger bound (cut by the bound), a complete
// proof at the larger bound with and without the assumptions (unreachable
// code, closed by assumptions), or neither (a loop runs longer).
func (a *auditor) reach(ctx context.Context, f bmc.Fact) Reach {
	if a.obs.Reached(f.Index) && a.assumptionsHeld(f) {
		return Reach{Status: "reachable", Why: WhyRun}
	}
	src := a.withTarget(f.Index, "0")
	cover, err := bmc.ParseProgram(a.p.File, src)
	if err != nil {
		return Reach{Status: "unknown", Why: err.Error()}
	}
	res, err := a.check(ctx, cover, f.Index, f.Deps, a.o.K, 0, false)
	switch {
	case err != nil:
		return Reach{Status: "unknown", Why: err.Error()}
	case res.Status == bmc.Falsified:
		return Reach{Status: "reachable"}
	case res.Status != bmc.Verified:
		return Reach{Status: "unknown", Why: "the cover query gave no verdict"}
	case a.unmodelled != "":
		return Reach{Status: "unknown", Why: fmt.Sprintf("no execution the engines model reaches it within k=%d, but the program uses %s, which they do not model", a.o.K, a.unmodelled)}
	}
	// Vacuous: no execution within the bound reaches it. Say why.
	big := a.o.LargerBound
	if a.status(ctx, cover, f.Index, f.Deps, big, 0) == bmc.Falsified {
		return Reach{Status: "VACUOUS", Why: fmt.Sprintf("%s (reached at k=%d)", WhyBound, big)}
	}
	proved, seen := a.proof(ctx, cover, f.Index, f.Deps, big, 0)
	if seen == "reached" {
		return Reach{Status: "VACUOUS", Why: fmt.Sprintf("%s (reached on a replayed run past k=%d)", WhyBound, big)}
	}
	if len(f.Deps) > 0 && a.status(ctx, cover, f.Index, nil, a.o.K, 0) == bmc.Falsified {
		if proved {
			return Reach{Status: "VACUOUS", Why: WhyAssumptions}
		}
		return Reach{Status: "VACUOUS", Why: fmt.Sprintf("%s: reachable without the assumptions it rests on; with them, not reached within k=%d (%s)", WhyLonger, big, seen)}
	}
	if proved && len(f.Deps) > 0 {
		// Unreachable under the assumptions; without them?
		if free, _ := a.proof(ctx, cover, f.Index, nil, big, 0); !free {
			return Reach{Status: "VACUOUS", Why: fmt.Sprintf("unreachable under its assumptions: no execution that satisfies them reaches it, a complete proof; without them, none within k=%d does, and no complete proof at k=%d says none at all does", a.o.K, big)}
		}
	}
	if proved {
		return Reach{Status: "VACUOUS", Why: WhyDead}
	}
	return Reach{Status: "VACUOUS", Why: fmt.Sprintf("%s: not reached within k=%d; %s", WhyLonger, big, seen)}
}

// assumptionsHeld reports whether every run kept the assertions f
// assumes: then a run that reaches f's assertion is an execution under its
// assumptions too.
func (a *auditor) assumptionsHeld(f bmc.Fact) bool {
	for _, d := range f.Deps {
		if d != f.Index && a.obs.Failed(d) {
			return false
		}
	}
	return true
}

// strength checks f on each of its mutants. A mutant is decided by a run
// when one shows it failing the assertion (rejected) or when its runs are
// every execution and leave the assertion true (survived); otherwise by
// the checker: FALSIFIED rejects it, VERIFIED with a complete bound makes
// it survive, VERIFIED within the bound only leaves it undecided.
func (a *auditor) strength(ctx context.Context, f bmc.Fact, ms []*mutant) *Strength {
	s := &Strength{}
	complete := a.complete(f)
	byRun, byProof := 0, 0
	inSlice, sliceSurvived := 0, 0
	for _, m := range ms {
		if m.Slice {
			inSlice++
		}
		m.Mutant.Status, m.Mutant.By = a.decide(ctx, f, m, complete)
		s.Mutants++
		switch {
		case m.Mutant.Status == bmc.Falsified:
			s.Rejected++
		case m.Mutant.Status == bmc.Verified && m.Mutant.By == "bound":
			s.Bounded++
		case m.Mutant.Status == bmc.Verified:
			s.Survived++
			if m.Slice {
				sliceSurvived++
			}
			if m.Mutant.By == "run" {
				byRun++
			} else {
				byProof++
			}
			if len(s.Survivors) < 5 {
				s.Survivors = append(s.Survivors, m.Mutant)
			}
		default:
			s.Unknown++
		}
	}
	// A mutant outside the slice cannot change what the assertion reads:
	// its survival says nothing, unless the assertion depends on no code
	// at all. So the survivors that count are those of the slice: at
	// least MinMutants, or every one of a smaller slice.
	counted := sliceSurvived >= min(a.o.MinMutants, inSlice) && sliceSurvived > 0
	if inSlice == 0 {
		counted = s.Survived >= a.o.MinMutants
	}
	s.Weak = s.Rejected == 0 && counted
	if s.Weak {
		var parts []string
		if byProof > 0 {
			parts = append(parts, fmt.Sprintf("%d proved for every execution (a complete bound)", byProof))
		}
		if byRun > 0 {
			parts = append(parts, fmt.Sprintf("%d left it true on the program's every execution (a run of a program without input)", byRun))
		}
		var names []string
		for _, m := range s.Survivors {
			names = append(names, fmt.Sprintf("line %d %q -> %q", m.Line, m.Before, m.After))
		}
		where := fmt.Sprintf("%d of them in what the assertion reads", sliceSurvived)
		if inSlice == 0 {
			where = "the assertion reads no code"
		}
		s.Why = fmt.Sprintf("%d mutants survive (%s), none is rejected: %s; e.g. %s", s.Survived, where, strings.Join(parts, ", "), strings.Join(names, "; "))
	}
	return s
}

// complete reports whether f holds on every execution (a complete bound),
// as VerifyAll found (Options.BoundCheck). Only then can a mutant's proof
// be complete too, and only then are the mutants asked with unwinding
// assertions; otherwise their queries look for counterexamples alone, as
// many as before, and no loop the bound cuts sends each of them to an
// induction. (Asking the audit's own complete check when VerifyAll did not
// was measured: on examples/c it made the audit some 30 times slower.)
func (a *auditor) complete(f bmc.Fact) bool {
	return f.BoundComplete
}

// decide gives f's verdict on mutant m and what it rests on (Mutant.By).
func (a *auditor) decide(ctx context.Context, f bmc.Fact, m *mutant, complete bool) (bmc.Status, string) {
	prog, v := a.schemaProg, a.variant[m]
	if v == 0 {
		var err error
		if prog, err = bmc.ParseProgram(a.p.File, m.src); err != nil {
			return bmc.Unknown, ""
		}
	}
	if a.o.Runner != nil {
		if obs, err := a.o.Runner.Observe(ctx, prog, v); err == nil && obs != nil && f.Index < len(obs.Asserts) {
			seen := obs.Asserts[f.Index]
			// A conditional fact assumes the other assertions: only a
			// run on which its assertion failed first refutes it.
			if seen.First > 0 || len(f.Deps) == 0 && seen.Failed > 0 {
				return bmc.Falsified, "run"
			}
			if obs.Complete && seen.Reached > 0 && seen.Failed == 0 {
				return bmc.Verified, "run"
			}
		}
	}
	if !complete {
		// The fact itself holds within the bound only: so would the
		// mutant's VERIFIED, which decides nothing; look only for a
		// counterexample.
		st := a.status(ctx, prog, f.Index, f.Deps, a.o.K, v)
		return st, by(st, false)
	}
	res, err := a.check(ctx, prog, f.Index, f.Deps, a.o.K, v, true)
	switch {
	case err != nil:
		return bmc.Unknown, ""
	case res.Status == bmc.Falsified && (res.Unwound || !res.Replayed):
		// A loop of the mutant runs longer than the bound, or the
		// violation was not replayed (the portfolio replays none with
		// unwinding assertions): the plain query looks for a violation
		// within the bound, replayed as every plain FALSIFIED is.
		st := a.status(ctx, prog, f.Index, f.Deps, a.o.K, v)
		return st, by(st, false)
	}
	return res.Status, by(res.Status, res.BoundComplete)
}

func by(st bmc.Status, complete bool) string {
	switch {
	case st == bmc.Falsified:
		return "counterexample"
	case st == bmc.Verified && complete:
		return "proof"
	case st == bmc.Verified:
		return "bound"
	}
	return ""
}

// unmodelledRE finds what no engine models and a run meets: handlers run
// outside main's straight line, errno, non-local jumps, signals,
// functions handed to the library.
var unmodelledRE = regexp.MustCompile(`\b(atexit|at_quick_exit|on_exit|errno|setjmp|longjmp|signal|sigaction|qsort|bsearch|pthread_create)\b|__attribute__\s*\(\(\s*(constructor|destructor)`)

// unmodelled names the first construct of src that no engine models, ""
// when there is none.
func unmodelled(src []byte) string {
	m := unmodelledRE.FindSubmatch(bmc.BlankComments(src, true))
	switch {
	case m == nil:
		return ""
	case len(m[1]) > 0:
		return string(m[1])
	}
	return "__attribute__((" + string(m[2]) + "))"
}

// spread keeps at most n of ms, evenly spaced, so a budget samples the
// whole function rather than its first lines.
func spread(ms []mutant, n int) []mutant {
	if n <= 0 {
		return nil
	}
	if len(ms) <= n {
		return ms
	}
	out := make([]mutant, 0, n)
	for i := range n {
		out = append(out, ms[i*len(ms)/n])
	}
	return out
}

var _ bmc.Audit = (*Report)(nil)
