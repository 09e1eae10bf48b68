package viverra

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/audit"
	"github.com/suretydev/surety/bmc/native"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/work"

	// The run engine registers itself: the default portfolio and the run
	// check of every verdict find it by name.
	_ "github.com/suretydev/surety/bmc/run"
)

// FactsOptions configure Facts. The zero value is valid and a nil pointer
// means the defaults; Facts never modifies it.
type FactsOptions struct {
	// K is the unwind bound; 0 means bmc.DefaultK.
	K int
	// Timeout is the budget of each check; 0 means bmc.DefaultTimeout.
	Timeout time.Duration
	// Workers is how many checks run at once; 0 means one per CPU.
	Workers int
	// Checker decides the queries; nil means the engines named in Engines.
	Checker bmc.Checker
	// Engines names the registered engines to run ("esbmc", "native",
	// "cbmc"); nil means every one available here. Several make a
	// portfolio that waits for all of them and reports any disagreement.
	Engines []string
	// ESBMC and CBMC are the binaries of those engines; "" means the
	// registered checker's search.
	ESBMC, CBMC string
	// First makes a portfolio take the first definitive answer instead of
	// waiting for every engine to agree: faster, and labelled so.
	First bool
	// MallocMayFail lets allocations fail in the native engine; by default
	// it assumes they never do, and the report says so.
	MallocMayFail bool
	// NoInduction keeps the native engine's answers bounded (no
	// k-induction).
	NoInduction bool
	// Cache keeps checker results by query content; nil means none.
	Cache *bmc.Cache
	// SkipBoundCheck skips the check, for each fact, that its bound is
	// complete (one more check per fact).
	SkipBoundCheck bool
	// SkipUndefinedBehaviour skips the native engine's safety check that
	// runs first: any undefined behaviour it confirms by a sanitized run
	// keeps every assertion from being a fact (an engine's verdict on a
	// program with undefined behaviour says nothing of what gcc builds).
	// Skipped, or when it cannot decide an operation, its absence is
	// listed among the report's assumptions.
	SkipUndefinedBehaviour bool
	// Audit is "full" (reachability and strength by mutation), "reach"
	// (reachability only) or "off"; "" means "full". The audit takes the
	// first definitive answer of the chosen engines for each of its
	// queries (a "first" portfolio) and checks it against the runs.
	Audit string
	// Mutants caps the mutation queries of the audit; 0 means 60.
	Mutants int
	// Need is VerifyAll's bmc.Options.Need: what the caller still needs
	// once an assertion is decided; nil means every check runs.
	Need func(f *bmc.Fact) bmc.Need
	// Carry is VerifyAll's bmc.Options.Carry: a report on the same
	// program at a smaller bound whose bound-complete facts are taken
	// instead of being checked again.
	Carry *bmc.Report
	// Compile is the compiler's view of the file (-D, -I), used by every
	// engine and every gcc build and replay; the zero value is the file
	// alone.
	Compile bmc.Compile
	// Runs is VerifyAll's bmc.Options.Runs: the runs of the program every
	// verdict is checked against. Nil means the run engine ("run") when
	// it is registered and available, as every other engine is found.
	Runs bmc.Observer
	// NoRuns checks no verdict against runs of the program.
	NoRuns bool
	// Runner is VerifyAll's bmc.Options.Runner: it runs VerifyAll's
	// checks as jobs (on the workers of work/nats, say). The checker must
	// then be registered engines (Engines without ESBMC, CBMC,
	// MallocMayFail or NoInduction, or a Checker that is one); the safety
	// check, the runs and the audit stay in this process. Nil means this
	// process runs every check.
	Runner work.Runner
}

// ErrNoAssertion reports a program in which no assertion was recognised:
// there is nothing to verify, and saying "0 assertions" would hide a
// convention the tool does not know.
var ErrNoAssertion = errors.New("surety: no assertion found")

// A FactsResult is the outcome of Facts. It marshals to the JSON that
// `surety facts --json` prints (MarshalJSON).
type FactsResult struct {
	// Report is VerifyAll's report, with the audit as its Audit, so that
	// its printers drop vacuous facts and mark weak ones.
	Report *bmc.Report
	// Audit is the audit of the facts (reachability, and strength by
	// mutation unless FactsOptions.Audit is "reach"); nil when it is "off".
	Audit *audit.Report
	// Annotated is the program with its facts as //FACT comments.
	Annotated []byte
	// Safety is the undefined-behaviour check's claims, nil when skipped.
	Safety []native.Claim
}

// MarshalJSON writes the result as `surety facts --json` prints it: the
// report's fields, each fact with its audit beside its verdict ("vacuous":
// why it is, "mutants": decided, "rejected", "weak"; each absent when
// empty) and the summary with "vacuous" and "weak" counts; then the whole
// audit under "audit", the annotated program as text under "annotated",
// and the safety claims under "safety" (absent when empty, as is the
// audit).
func (r *FactsResult) MarshalJSON() ([]byte, error) {
	type fact struct {
		bmc.Fact
		Vacuous  string `json:"vacuous,omitempty"`
		Mutants  int    `json:"mutants,omitempty"`
		Rejected int    `json:"rejected,omitempty"`
		Weak     bool   `json:"weak,omitempty"`
	}
	type summary struct {
		bmc.Summary
		Vacuous int `json:"vacuous"`
		Weak    int `json:"weak"`
	}
	rep := r.Report
	if rep == nil {
		rep = &bmc.Report{}
	}
	facts := make([]fact, len(rep.Facts))
	var sum summary
	sum.Summary = rep.Summary
	for i, f := range rep.Facts {
		facts[i].Fact = f
		if r.Audit == nil {
			continue
		}
		facts[i].Vacuous = r.Audit.Vacuous(f.Index)
		facts[i].Mutants, facts[i].Rejected, facts[i].Weak = r.Audit.Mutants(f.Index)
	}
	if r.Audit != nil {
		sum.Vacuous, sum.Weak = r.Audit.Summary.Vacuous, r.Audit.Summary.Weak
	}
	return json.Marshal(struct {
		*bmc.Report
		Facts     []fact         `json:"facts"`
		Summary   summary        `json:"summary"`
		Audit     *audit.Report  `json:"audit,omitempty"`
		Annotated string         `json:"annotated"`
		Safety    []native.Claim `json:"safety,omitempty"`
	}{rep, facts, sum, r.Audit, string(r.Annotated), r.Safety})
}

// Facts runs VIVERRA's pipeline over one C program: the screen for what
// no engine models, a check for undefined behaviour, VerifyAll (Algorithm
// 2) over the chosen engines, the audit of every fact (is it reachable,
// does it reject mutants of its code), and the program annotated with
// its facts. A bad program is a *bmc.ParseError.
func Facts(ctx context.Context, file string, src []byte, opts *FactsOptions) (*FactsResult, error) {
	if opts == nil {
		opts = &FactsOptions{}
	}
	auditMode := opts.Audit
	switch auditMode {
	case "":
		auditMode = "full"
	case "full", "reach", "off":
	default:
		return nil, fmt.Errorf("surety: audit %q: want full, reach or off", opts.Audit)
	}
	if opts.K < 0 || opts.Timeout < 0 || opts.Workers < 0 || opts.Mutants < 0 {
		return nil, fmt.Errorf("surety: facts: K, Timeout, Workers and Mutants must not be negative")
	}
	p, err := bmc.ParseProgram(file, src)
	if err != nil {
		return nil, err
	}
	if len(p.Asserts) == 0 {
		return nil, fmt.Errorf("%w in %s; looked for %s", ErrNoAssertion, file, bmc.AssertionForms)
	}
	if !opts.Compile.Empty() {
		if p, err = p.WithCompile(opts.Compile); err != nil {
			return nil, err
		}
	}
	checker := opts.Checker
	if checker == nil {
		if checker, err = Engines(ctx, &EngineOptions{Names: opts.Engines, ESBMC: opts.ESBMC, CBMC: opts.CBMC,
			First: opts.First, MallocMayFail: opts.MallocMayFail, NoInduction: opts.NoInduction}); err != nil {
			return nil, err
		}
	}
	vopts := &bmc.Options{K: opts.K, Timeout: opts.Timeout, Workers: opts.Workers, Cache: opts.Cache, BoundCheck: !opts.SkipBoundCheck,
		Need: opts.Need, Carry: opts.Carry, Runs: runsFor(ctx, opts), Runner: opts.Runner}
	res := &FactsResult{}
	if !opts.SkipUndefinedBehaviour {
		claims, hazards, assumption, err := undefinedBehaviour(ctx, p, opts)
		if err != nil {
			return nil, err
		}
		res.Safety = claims
		vopts.Hazards = hazards
		if assumption != "" {
			defer func() {
				if res.Report != nil {
					res.Report.Assumptions = addSorted(res.Report.Assumptions, assumption)
				}
			}()
		}
	}
	rep, err := bmc.VerifyAll(ctx, p, checker, vopts)
	if err != nil {
		return nil, err
	}
	if opts.SkipUndefinedBehaviour {
		rep.Assumptions = addSorted(rep.Assumptions, uncheckedUB)
	}
	if auditMode != "off" {
		mutants := opts.Mutants
		if mutants == 0 {
			mutants = 60
		}
		// The audit asks each mutant for the first definitive answer: a
		// counterexample is replayed, and a proof stands only where the
		// mutant's runs (vopts.Runs) do not contradict it, as a fact's
		// does. Waiting for a second engine to agree on every mutant cost
		// the audit 40 % more on examples/c (base_convert: 131 against 78
		// CPU-s for facts with the audit) for a claim that is advice.
		auditChecker := checker
		if opts.Checker == nil && !opts.First {
			if auditChecker, err = Engines(ctx, &EngineOptions{Names: opts.Engines, ESBMC: opts.ESBMC, CBMC: opts.CBMC,
				First: true, MallocMayFail: opts.MallocMayFail, NoInduction: opts.NoInduction}); err != nil {
				return nil, err
			}
		}
		a, err := audit.Audit(ctx, p, rep, auditChecker, &audit.Options{Timeout: opts.Timeout, Budget: mutants,
			SkipStrength: auditMode == "reach", Workers: opts.Workers, Runner: vopts.Runs})
		if err != nil {
			return nil, err
		}
		res.Audit, rep.Audit = a, a
	}
	res.Report = rep
	res.Annotated = rep.Annotate(p)
	return res, nil
}

// runsFor is the observer whose runs check every verdict and run the
// audit's mutants: the option's, or the registered run engine when it can
// run here (the portfolio's member, so the runs are made once; a mutant,
// a variant of one schema, shares the program's build and is not fuzzed).
func runsFor(ctx context.Context, opts *FactsOptions) bmc.Observer {
	if opts.NoRuns {
		return nil
	}
	if opts.Runs != nil {
		return opts.Runs
	}
	c, err := bmc.Lookup("run")
	if err != nil || bmc.Available(ctx, c) != nil {
		return nil
	}
	o, _ := c.(bmc.Observer)
	return o
}

// uncheckedUB is the assumption of a report whose program the safety
// check did not look at.
const uncheckedUB = "no undefined behaviour (not checked)"

// undefinedBehaviour runs the native engine's safety check: each
// violation that a sanitized run confirmed is a hazard; operations it could
// not decide make an assumption.
func undefinedBehaviour(ctx context.Context, p *bmc.Program, opts *FactsOptions) ([]native.Claim, []bmc.Hazard, string, error) {
	nc := native.New(&native.Options{})
	defer nc.Close()
	claims, err := nc.Safety(ctx, p, &native.SafetyOptions{K: opts.K, Timeout: opts.Timeout})
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, "", fmt.Errorf("surety: safety check: %w", ctx.Err())
		}
		return nil, nil, "no undefined behaviour (the check could not run: " + err.Error() + ")", nil
	}
	var hazards []bmc.Hazard
	var open []string
	for _, c := range claims {
		switch c.Status {
		case bmc.Falsified:
			hazards = append(hazards, bmc.Hazard{Line: c.Line, Construct: "undefined behaviour",
				Detail: fmt.Sprintf("%s in %s (%s) happens on a run, shown by gcc's sanitizers", c.Property, c.Expr, c.Func)})
		case bmc.Unknown:
			if c.UndefinedRun != "" {
				// Not this site's, but a run's: the program has it.
				hazards = append(hazards, bmc.Hazard{Line: c.Line, Construct: "undefined behaviour",
					Detail: fmt.Sprintf("a run from the check of %s in %s (%s) meets %s, shown by gcc's sanitizers", c.Property, c.Expr, c.Func, c.UndefinedRun)})
				continue
			}
			open = append(open, fmt.Sprintf("%d", c.Line))
		}
	}
	assumption := ""
	if len(open) > 0 {
		assumption = fmt.Sprintf("no undefined behaviour at the %d operation(s) the safety check left undecided (lines %s)",
			len(open), strings.Join(slices.Compact(open), ", "))
	}
	return claims, hazards, assumption, nil
}

// EngineOptions choose the engines of Engines. The zero value is valid.
type EngineOptions struct {
	// Names are registered engine names; nil means every one available.
	Names []string
	// ESBMC and CBMC replace the registered checkers of those engines
	// with ones that run the given binaries.
	ESBMC, CBMC string
	// First makes a portfolio take the first definitive answer.
	First bool
	// MallocMayFail lets allocations fail in the native engine.
	MallocMayFail bool
	// NoInduction keeps the native engine's answers bounded: by default it
	// proves an assertion for every execution by k-induction where it can.
	NoInduction bool
}

// Engines returns the checker for the chosen engines: one checker, or a
// portfolio of several. A named engine that cannot run here is an error
// naming it (bmc.ErrNoEngine when none can).
func Engines(ctx context.Context, opts *EngineOptions) (bmc.Checker, error) {
	if opts == nil {
		opts = &EngineOptions{}
	}
	names := opts.Names
	if len(names) == 0 {
		for _, n := range bmc.Names() {
			c, _ := bmc.Lookup(n)
			if bmc.Available(ctx, c) == nil {
				names = append(names, n)
			}
		}
		if opts.ESBMC != "" && !slices.Contains(names, "esbmc") {
			names = append(names, "esbmc")
		}
		if opts.CBMC != "" && !slices.Contains(names, "cbmc") {
			names = append(names, "cbmc")
		}
		if len(names) == 0 {
			_, err := bmc.Engines(ctx, nil) // the error that says why each is missing
			return nil, err
		}
		// The run engine first: it is the cheapest, and its answer is a
		// run, so the counterexample shown is a real execution's.
		if i := slices.Index(names, "run"); i > 0 {
			names = append(append([]string{"run"}, names[:i]...), names[i+1:]...)
		}
	}
	set := bmc.Settings{MallocMayFail: opts.MallocMayFail, NoInduction: opts.NoInduction,
		Paths: map[string]string{"esbmc": opts.ESBMC, "cbmc": opts.CBMC}}
	var cs []bmc.Checker
	for _, n := range names {
		c, err := bmc.Lookup(n)
		if err != nil {
			return nil, err
		}
		c = bmc.Configure(c, set)
		if err := bmc.Available(ctx, c); err != nil {
			return nil, fmt.Errorf("surety: engine %s unavailable: %w", n, err)
		}
		cs = append(cs, c)
	}
	if len(cs) == 1 {
		return cs[0], nil
	}
	return &bmc.Portfolio{Checkers: cs, First: opts.First}, nil
}

func addSorted(ss []string, s string) []string {
	if slices.Contains(ss, s) {
		return ss
	}
	out := append(append([]string(nil), ss...), s)
	sort.Strings(out)
	return out
}

// WriteText writes the result for people: the annotated program, a blank
// line, and the report with its summary (bmc.Report.WriteText).
func (r *FactsResult) WriteText(w io.Writer) error {
	if _, err := w.Write(r.Annotated); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	return r.Report.WriteText(w)
}

// OpenCheckCache opens the check result cache in dir; "" is
// files.UserCacheDir(getenv, "bmc"), and nil (no cache, no error) when that is
// unknown too.
func OpenCheckCache(dir string, getenv func(string) string) (*bmc.Cache, error) {
	if dir == "" {
		if dir = files.UserCacheDir(getenv, "bmc"); dir == "" {
			return nil, nil
		}
	}
	return bmc.OpenCache(dir)
}

// OpenSharedCheckCache opens the check result cache where surety's
// commands keep it, so that a program embedding surety keeps it there too:
// in the store called "bmc" that store opens, a store that many machines
// share (work/nats's Client.Store), when store is not nil and opens one;
// else in dir, as OpenCheckCache does.
func OpenSharedCheckCache(ctx context.Context, store func(ctx context.Context, name string) (work.Store, error),
	dir string, getenv func(string) string) (*bmc.Cache, error) {
	if store != nil {
		s, err := store(ctx, "bmc")
		if err != nil {
			return nil, err
		}
		if s != nil {
			return bmc.NewCache(s), nil
		}
	}
	return OpenCheckCache(dir, getenv)
}

// CheckUndefined runs the native engine's safety check for a facts
// result (RunTask asks it of a task's verdict): what it confirms joins the
// report's hazards, what it leaves undecided its assumptions, in place of
// the "not checked" that Facts wrote.
func CheckUndefined(ctx context.Context, file string, src []byte, opts *FactsOptions, fr *FactsResult) error {
	p, err := bmc.ParseProgram(file, src)
	if err != nil {
		return err
	}
	claims, hazards, assumption, err := undefinedBehaviour(ctx, p, opts)
	if err != nil {
		return err
	}
	rep := fr.Report
	fr.Safety = claims
	rep.Hazards = append(rep.Hazards, hazards...)
	rep.Assumptions = slices.DeleteFunc(rep.Assumptions, func(a string) bool { return a == uncheckedUB })
	if assumption != "" {
		rep.Assumptions = addSorted(rep.Assumptions, assumption)
	}
	return nil
}
