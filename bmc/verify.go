package bmc

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/suretydev/surety/work"

	"golang.org/x/sync/errgroup"
)

// DefaultK is the unwind bound when Options.K is 0, VIVERRA's k = 5.
const DefaultK = 5

// Options control VerifyAll. The zero value is valid and a nil *Options
// means the defaults; VerifyAll never modifies it.
type Options struct {
	// K is the unwind bound; 0 means DefaultK.
	K int
	// Timeout is the budget of each check; 0 means DefaultTimeout.
	Timeout time.Duration
	// Workers is how many checks run at once; 0 means
	// runtime.GOMAXPROCS(0), 1 runs Algorithm 2 strictly one check at a
	// time in sequence order.
	Workers int
	// Order is the assertion sequence t as assertion indices; nil means
	// Order(p) (CGTraversal). It must hold each assertion exactly once.
	Order []int
	// Cache keeps results by the content of each query; nil means none.
	Cache *Cache
	// BoundCheck checks, for every fact, whether its bound is complete:
	// the fact's query is run again with unwinding assertions on. It costs
	// one more check per fact.
	BoundCheck bool
	// Prescan configures the screen for constructs no engine models
	// (Prescan), run before any check; nil means the defaults.
	Prescan *PrescanOptions
	// Hazards are more hazards found by the caller (undefined behaviour
	// that a safety check confirmed, say); like the screen's own, they
	// keep every assertion of the program from being a fact.
	Hazards []Hazard
	// Replay configures the replay of counterexamples that their engine
	// did not reproduce; nil means the defaults.
	Replay *ReplayOptions
	// Need, when set, is asked after each assertion is decided: what the
	// caller still needs of the assertions not decided yet. A caller that
	// asks only whether the program can fail (an SV-COMP task) needs
	// nothing more after one assertion fails, and only failures after one
	// stays unknown; checks it no longer needs are not run (those under
	// way are cancelled), and what they would have decided is UNKNOWN,
	// saying why. The report then depends on the order in which checks
	// finish. Need may be called from several goroutines, one at a time.
	// Nil means every check runs.
	Need func(f *Fact) Need
	// Carry is a report on the same program, with the same order, at a
	// smaller bound. Its bound-complete facts hold on every execution,
	// whatever the bound, so they are taken as they are (Fact.Carried)
	// instead of being checked again; a caller that raises the bound
	// pays only for what the smaller one left open. A report of another
	// program, order or a larger bound is an error (ErrBadCarry).
	Carry *Report
	// Runs, when set, runs the program (bmc/run's Checker is one) as the
	// independent check of every verdict: a fact that a run fails is not
	// one (a VERIFIED assertion that some run fails, a C-VERIFIED one that
	// a run fails before any other assertion failed), whichever engine
	// or cache gave it, and an assertion that a run fails before any other
	// is FALSIFIED with that run as its evidence. Undefined behaviour a
	// run showed is a hazard. Nil means no run.
	Runs Observer
	// Runner, when set, runs each check as a job of kind CheckKind
	// (package work): on the workers of work/nats, say, so that one
	// program's checks spread over several machines. A job carries the
	// query (the program's source, file name and compile flags, the
	// target, the assumptions, the bound, the timeout) and names the
	// checker by its registered engines, so the checker must be a
	// registered engine or a Portfolio of them (VerifyAll refuses any
	// other, naming it), and each worker must find the same engine at the
	// same version (the job refuses another). A check that needs another's
	// answer is sent only once that answer is in, so the report is the one
	// the in-process pool gives, timings aside. The cache, the replay of
	// counterexamples and Runs stay in this process; Workers does not
	// apply. A program that includes files of its own directory needs them
	// at the same place on every worker. Nil means the in-process pool.
	Runner work.Runner
}

// An Observer runs a program and reports what its runs showed
// (Options.Runs). It must honour ctx and be safe for concurrent use.
type Observer interface {
	Observe(ctx context.Context, p *Program, variant int) (*Observation, error)
}

// A Need is what a caller still needs of a VerifyAll run (Options.Need).
// A run's needs only shrink: the smallest answer given so far holds.
type Need int

const (
	// NeedAll decides every assertion fully.
	NeedAll Need = iota
	// NeedFailures only looks for failures: each assertion gets its
	// standalone check, the compositional one only when the standalone
	// check could not decide, and no bound check (so no induction).
	NeedFailures
	// NeedNothing stops the run.
	NeedNothing
)

func (o *Options) k() int {
	if o == nil || o.K <= 0 {
		return DefaultK
	}
	return o.K
}

// A Fact is one assertion's outcome in a Report. The name is VIVERRA's:
// a VERIFIED or C-VERIFIED assertion becomes a fact of the program;
// other outcomes are reported too.
type Fact struct {
	Assertion
	// Position is the assertion's 1-based place in the sequence t.
	Position int     `json:"position"`
	Status   Verdict `json:"status"`
	// Engine is the engine that gave the deciding answer.
	Engine string `json:"engine,omitempty"`
	// Reason explains an UNKNOWN.
	Reason string `json:"reason,omitempty"`
	// Duration is the time of this assertion's checks (zero when cached).
	Duration time.Duration `json:"duration_ns"`
	// Standalone is the answer of the standalone check Vk(P, {}, a_i);
	// Compositional that of Vk(Asm(P, S), {}, a_i), absent when the
	// standalone check verified.
	Standalone    Status  `json:"standalone"`
	Compositional *Status `json:"compositional,omitempty"`
	// IG is IG[i]: empty for VERIFIED, the assumed set S for C-VERIFIED,
	// and absent (nil) when i is not in index(IG).
	IG []int `json:"ig"`
	// Deps is the dependency closure (Definition 7): {} for VERIFIED, the
	// unverified root assertions a C-VERIFIED fact rests on (Theorem 2),
	// {i} for an unverified assertion.
	Deps []int `json:"deps"`
	// BoundComplete: the fact also holds with unwinding assertions on, so
	// on every execution of Asm(P, Deps), not only the k-bounded ones.
	BoundComplete bool `json:"bound_complete"`
	// Induction is the K of the k-induction that made the fact
	// bound-complete, when an induction did (0: a complete unwinding).
	Induction int `json:"induction,omitempty"`
	// Proof names the proof that made the fact bound-complete when it was
	// neither a complete unwinding nor an induction (Result.Proof).
	Proof string `json:"proof,omitempty"`
	// Invariants are the loop invariants that induction proved.
	Invariants []Invariant `json:"invariants,omitempty"`
	// BoundReason says why a fact is not bound-complete ("not checked",
	// "a loop can run more than k times", ...).
	BoundReason string `json:"bound_reason,omitempty"`
	// Reused is true when the result cache answered every check of this
	// assertion: an earlier run decided the same queries (after an edit,
	// only the queries whose content changed are checked again).
	Reused bool `json:"reused,omitempty"`
	// Carried is the bound of the earlier run whose bound-complete
	// answer this fact is (Options.Carry); 0 when this run decided it.
	Carried        int             `json:"carried,omitempty"`
	Counterexample *Counterexample `json:"counterexample,omitempty"`
	Disagreement   []EngineAnswer  `json:"disagreement,omitempty"`
	// WrongClaims are engines' proofs of this assertion that a run of the
	// program refuted (Result.WrongClaims, and the runs of Options.Runs):
	// findings against those engines. The verdict is the run's.
	WrongClaims []EngineAnswer `json:"wrong_claims,omitempty"`
	// Refuted says, when a run refuted a proof, which answer it was and
	// whether it came from the cache (then the cached answer is dropped).
	Refuted string `json:"refuted,omitempty"`
}

// A Report is the outcome of VerifyAll: every assertion in source order
// with its verdict, the implication graph (Fact.IG), the falsified set F
// and the dependency closures. It marshals to stable JSON.
type Report struct {
	File   string `json:"file"`
	K      int    `json:"k"`
	Engine string `json:"engine"`
	// Order is the sequence t, as assertion indices.
	Order []int  `json:"order"`
	Facts []Fact `json:"facts"`
	// Falsified is F, sorted.
	Falsified []int   `json:"falsified"`
	Summary   Summary `json:"summary"`
	// Hazards are the constructs of the program that no engine models
	// faithfully (Prescan, and Options.Hazards); with any, no assertion
	// is a fact.
	Hazards []Hazard `json:"hazards,omitempty"`
	// Assumptions are the modelling assumptions the verdicts rest on,
	// sorted, each listed once: the screen's and every engine's.
	Assumptions []string `json:"assumptions,omitempty"`
	// Audit, when set, is a judgement of the facts made after VerifyAll
	// (package bmc/audit's Report), which FactTag, Annotate and WriteText
	// print: a vacuous fact is not printed as a fact, a weak one says so.
	// It is not part of the report's JSON: the audit marshals its own.
	Audit Audit `json:"-"`
}

// Summary counts a Report the way VIVERRA's Table 1 does.
type Summary struct {
	Assertions int `json:"assertions"`
	Verified   int `json:"verified"`
	CVerified  int `json:"c_verified"`
	// Unverified is Falsified + Unknown.
	Unverified    int `json:"unverified"`
	Falsified     int `json:"falsified"`
	Unknown       int `json:"unknown"`
	BoundComplete int `json:"bound_complete"`
	Disagreements int `json:"disagreements"`
	// Checks counts engine runs, CacheHits the queries answered by the cache.
	Checks    int `json:"checks"`
	CacheHits int `json:"cache_hits"`
	// Reused counts the assertions whose every check the cache answered.
	Reused int `json:"reused"`
	// Carried counts the facts taken from Options.Carry.
	Carried int `json:"carried,omitempty"`
	// WrongClaims counts the assertions some engine proved although a run
	// of the program fails them (Fact.WrongClaims).
	WrongClaims int           `json:"wrong_claims,omitempty"`
	Time        time.Duration `json:"time_ns"`
}

// ErrBadOrder reports an Options.Order that is not a permutation of the
// program's assertions.
var ErrBadOrder = errors.New("bmc: order is not a permutation of the assertions")

// ErrBadCarry reports an Options.Carry that is not a report on the same
// program, in the same order, at a bound no larger than the run's.
var ErrBadCarry = errors.New("bmc: carried report does not fit the run")

// VerifyAll runs Algorithm 2 of VIVERRA over p with checker c.
//
// For each assertion a_i of the sequence t it asks for a standalone check;
// if that does not verify, it asks again with every earlier assertion of t
// assumed (S = {a_j : j < i}); VERIFIED puts IG[i] = {}, a verified
// compositional check IG[i] = S, a falsified one i into F. S depends only on
// positions, never on other verdicts, so every query is independent of the
// others: up to Options.Workers assertions are checked at once (with
// Options.Runner, every check due is a job), and the report is the same as
// the sequential algorithm's. For the first
// assertion S is empty and the compositional query is the standalone one,
// whose answer is reused.
//
// An error from the checker (not a verdict: the engine failed) stops the
// run and is returned; cached answers survive, so a rerun resumes.
func VerifyAll(ctx context.Context, p *Program, c Checker, opts *Options) (*Report, error) {
	if opts == nil {
		opts = &Options{}
	}
	start := time.Now()
	order := opts.Order
	if order == nil {
		order = Order(p)
	}
	if err := checkOrder(order, len(p.Asserts)); err != nil {
		return nil, err
	}
	var spec engineSpec
	if opts.Runner != nil {
		var err error
		if spec, err = specOf(c); err != nil {
			return nil, err
		}
	}
	screen, err := Prescan(ctx, p, opts.Prescan)
	if err != nil {
		return nil, err
	}
	hazards := append(append([]Hazard(nil), screen.Hazards...), opts.Hazards...)
	r := &runner{p: p, c: c, opts: opts, k: opts.k(), hazards: hazards, spec: spec}
	if opts.Cache != nil || opts.Runner != nil {
		r.engineID = engineID(ctx, c)
	}
	workers := work.Workers(opts.Workers)
	facts := make([]Fact, len(p.Asserts))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	sctx, stop := context.WithCancel(gctx)
	defer stop()
	r.stop = stop
	carried, err := carry(opts.Carry, p, order, r.k)
	if err != nil {
		return nil, err
	}
	if len(hazards) > 0 {
		carried = nil // nothing is a fact; decide says why
	}
	runs := r.observe(ctx)
	var todo []pending // with a Runner
	for pos, i := range order {
		f := &facts[i]
		if c, ok := carried[i]; ok {
			*f = c
			continue
		}
		f.Assertion = p.Asserts[i]
		f.Position = pos + 1
		if opts.Runner != nil {
			todo = append(todo, pending{d: r.decision(f, order[:pos]), pos: pos})
			continue
		}
		g.Go(func() error { return r.run(sctx, gctx, f, order[:pos]) })
	}
	if opts.Runner != nil {
		g.Go(func() error { return r.waves(sctx, gctx, todo) })
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	obs, why := runs()
	if obs != nil && len(obs.Undefined) > 0 {
		r.mu.Lock()
		r.found = append(r.found, obs.Undefined...)
		r.mu.Unlock()
	}

	// Hazards an engine found while others were being decided apply to
	// every assertion, whenever it was decided.
	if hs := r.allHazards(); len(hs) > len(r.hazards) {
		hazards = dedupHazards(hs)
		for i := range facts {
			if f := &facts[i]; f.Status.Fact() {
				f.Reason = fmt.Sprintf("%s by %s, not a fact: %s", f.Status, f.Engine, hazards[0])
				f.Status, f.IG, f.BoundComplete, f.Induction, f.Proof, f.Invariants = VerdictUnknown, nil, false, 0, "", nil
			}
		}
	}

	r.veto(ctx, facts, obs)
	if why != "" {
		r.mu.Lock()
		r.assumed = append(r.assumed, why)
		r.mu.Unlock()
	}

	// IG, F and the closure (Definition 7).
	ig := map[int][]int{}
	rep := &Report{File: p.File, K: r.k, Engine: c.Name(), Order: append([]int(nil), order...), Falsified: []int{},
		Hazards: hazards, Assumptions: sortedSet(append(screen.Assumptions, r.assumptions()...))}
	for _, f := range facts {
		if f.Status.Fact() {
			ig[f.Index] = f.IG
		}
		if f.Status == VerdictFalsified {
			rep.Falsified = append(rep.Falsified, f.Index)
		}
	}
	sort.Ints(rep.Falsified)
	deps := Closure(order, ig)
	for i := range facts {
		facts[i].Deps = deps[i]
	}
	if opts.BoundCheck {
		// A C-VERIFIED fact is bound-complete when its own check was and
		// so is every fact it assumed (the unbounded form of Theorem 2's
		// induction); sequence order makes each IG[j] ready before use.
		for _, i := range order {
			f := &facts[i]
			if f.Status != VerdictCVerified || !f.BoundComplete {
				continue
			}
			for _, j := range f.IG {
				if g := facts[j]; g.Status.Fact() && !g.BoundComplete {
					f.BoundComplete, f.Induction, f.Proof, f.Invariants = false, 0, "", nil
					f.BoundReason = fmt.Sprintf("assumed fact %s is not bound-complete", g.Label())
					break
				}
			}
		}
	}
	rep.Facts = facts
	rep.Summary = summarize(facts)
	rep.Summary.Checks = int(r.checks.Load())
	rep.Summary.CacheHits = int(r.hits.Load())
	rep.Summary.Time = time.Since(start)
	return rep, nil
}

// carry returns the bound-complete facts of an earlier report on p in the
// same order at a bound no larger than k, by assertion index.
func carry(rep *Report, p *Program, order []int, k int) (map[int]Fact, error) {
	if rep == nil {
		return nil, nil
	}
	if rep.File != p.File || rep.K > k || !slices.Equal(rep.Order, order) || len(rep.Facts) != len(p.Asserts) {
		return nil, fmt.Errorf("%w: %s at k=%d, for %s at k=%d", ErrBadCarry, rep.File, rep.K, p.File, k)
	}
	out := map[int]Fact{}
	for _, f := range rep.Facts {
		if f.Index < 0 || f.Index >= len(p.Asserts) || p.Asserts[f.Index].Pred != f.Pred {
			return nil, fmt.Errorf("%w: assertion %d differs", ErrBadCarry, f.Index)
		}
		if f.Status.Fact() && f.BoundComplete {
			if f.Carried == 0 {
				f.Carried = rep.K
			}
			f.Duration, f.Reused = 0, false
			out[f.Index] = f
		}
	}
	return out, nil
}

func checkOrder(order []int, n int) error {
	if len(order) != n {
		return fmt.Errorf("%w: %d entries for %d assertions", ErrBadOrder, len(order), n)
	}
	seen := make([]bool, n)
	for _, i := range order {
		if i < 0 || i >= n || seen[i] {
			return fmt.Errorf("%w: bad or repeated index %d", ErrBadOrder, i)
		}
		seen[i] = true
	}
	return nil
}

func summarize(facts []Fact) Summary {
	s := Summary{Assertions: len(facts)}
	for _, f := range facts {
		switch f.Status {
		case VerdictVerified:
			s.Verified++
		case VerdictCVerified:
			s.CVerified++
		case VerdictFalsified:
			s.Falsified++
		default:
			s.Unknown++
		}
		if f.BoundComplete {
			s.BoundComplete++
		}
		if len(f.Disagreement) > 0 {
			s.Disagreements++
		}
		if f.Reused {
			s.Reused++
		}
		if f.Carried > 0 {
			s.Carried++
		}
		if len(f.WrongClaims) > 0 {
			s.WrongClaims++
		}
	}
	s.Unverified = s.Falsified + s.Unknown
	return s
}

type runner struct {
	p        *Program
	c        Checker
	opts     *Options
	k        int
	engineID string
	spec     engineSpec // the checker by name, with a Runner
	hazards  []Hazard
	checks   atomic.Int64
	hits     atomic.Int64

	mu      sync.Mutex
	assumed []string // every answer's Assumptions
	found   []Hazard // every answer's Hazards
	need    Need     // the smallest Options.Need answer so far
	needBy  string   // the assertion that gave it, for reasons
	stop    context.CancelFunc
}

// run decides one assertion as far as the caller still needs it (lines
// 3-12 of Algorithm 2 when it needs all), then asks Options.Need what is
// needed of the rest. ctx is cancelled when nothing more is needed; outer
// is the run's own context, whose cancellation is an error.
func (r *runner) run(ctx, outer context.Context, f *Fact, before []int) error {
	if need, why := r.needs(); need == NeedNothing {
		r.skip(f, why)
		return nil
	}
	err := r.decide(ctx, f, before)
	if need, why := r.needs(); need == NeedNothing && outer.Err() == nil && (err != nil || f.Status == VerdictUnknown) {
		// Cancelled for want of need, not failed: what was under way
		// is dropped.
		r.skip(f, why)
		return nil
	}
	if err != nil || r.opts.Need == nil {
		return err
	}
	r.told(f)
	return nil
}

// told asks Options.Need what is still needed now that f is decided, and
// keeps the smallest answer; NeedNothing stops the run.
func (r *runner) told(f *Fact) {
	n := r.opts.Need(f)
	r.mu.Lock()
	defer r.mu.Unlock()
	if n > r.need {
		r.need = n
		r.needBy = fmt.Sprintf("%s (line %d) was %s", f.Label(), f.SrcLine, f.Status)
		if n == NeedNothing {
			r.stop()
		}
	}
}

// needs is what the caller still needs, and why in words when that is
// less than everything.
func (r *runner) needs() (Need, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch r.need {
	case NeedNothing:
		return r.need, "not checked: the run stopped after " + r.needBy
	case NeedFailures:
		return r.need, "not checked: only failures were looked for after " + r.needBy
	}
	return NeedAll, ""
}

// skip leaves f undecided, for why.
func (r *runner) skip(f *Fact, why string) {
	*f = Fact{Assertion: f.Assertion, Position: f.Position, Status: VerdictUnknown, Reason: why, Standalone: Unknown}
}

func (r *runner) assumptions() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.assumed
}

// allHazards is the screen's hazards and those the engines found so far.
// Facts decided before an engine reports one are taken back at the end
// (VerifyAll), so the report does not depend on the order of checks.
func (r *runner) allHazards() []Hazard {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append(append([]Hazard(nil), r.hazards...), r.found...)
}

// decide runs lines 3-12 of Algorithm 2 for one assertion; before holds the
// assertions earlier in the sequence.
func (r *runner) decide(ctx context.Context, f *Fact, before []int) error {
	d := r.decision(f, before)
	defer d.done()
	for q := d.query(); q != nil; q = d.query() {
		res, fresh, err := r.check(ctx, q)
		if err != nil {
			return err
		}
		d.answer(res, fresh)
	}
	return nil
}

// A decision is the checks of one assertion (lines 3-12 of Algorithm 2)
// as steps: query is the next check to run, answer takes its result. The
// in-process pool runs them one after another (decide); with a Runner
// each is a job, and the decisions of all assertions advance in waves
// (runner.waves). Both give the same fact.
type decision struct {
	r      *runner
	f      *Fact
	before []int
	step   int    // stepStandalone, ...
	q      *Query // the query of the current step
	ran    int    // checks the engine ran, not the cache
}

// The steps of a decision.
const (
	stepStandalone    = iota // Vk(P, {}, a_i)
	stepCompositional        // Vk(Asm(P, S), {}, a_i)
	stepBound                // the same with unwinding assertions
	stepDone
)

func (r *runner) decision(f *Fact, before []int) *decision {
	d := &decision{r: r, f: f, before: before}
	d.ask(nil, false)
	return d
}

// ask makes the current step's query.
func (d *decision) ask(assume []int, unwinding bool) {
	r := d.r
	d.q = &Query{Program: r.p, Target: d.f.Index, Assume: assume, K: r.k, UnwindingAssertions: unwinding, Timeout: r.opts.Timeout}
}

// query is the check to run next, nil when the assertion is decided.
func (d *decision) query() *Query {
	if d.step == stepDone {
		return nil
	}
	return d.q
}

// done marks the fact Reused when the cache answered every check.
func (d *decision) done() { d.f.Reused = d.r.opts.Cache != nil && d.ran == 0 }

// answer takes the result of query(); fresh is 1 when the engine ran, 0
// when the cache answered.
func (d *decision) answer(res *Result, fresh int) {
	r, f := d.r, d.f
	d.ran += fresh
	f.Duration += res.Duration
	switch d.step {
	case stepStandalone:
		f.Standalone = res.Status
		// With only failures needed, a standalone failure is one; a check
		// that could not decide is asked again with the earlier assertions
		// assumed, which may find one. For the first assertion the
		// compositional query is the standalone one.
		if need, _ := r.needs(); res.Status != Verified && (len(d.before) == 0 || need == NeedAll || res.Status == Unknown) {
			if len(d.before) > 0 {
				d.step = stepCompositional
				d.ask(d.before, false)
				return
			}
			st := res.Status
			f.Compositional = &st
		}
		d.settle(res)
	case stepCompositional:
		st := res.Status
		f.Compositional = &st
		d.settle(res)
	case stepBound:
		d.step = stepDone
		d.bound(res)
	}
}

// settle gives the verdict from the last of the standalone and
// compositional answers, res, and asks for the bound check when one is
// due.
func (d *decision) settle(res *Result) {
	r, f, before := d.r, d.f, d.before
	d.step = stepDone
	f.Engine = res.Engine
	f.Disagreement = res.Disagreement
	f.WrongClaims = res.WrongClaims
	switch {
	case f.Standalone == Verified:
		f.Status, f.IG = VerdictVerified, []int{}
	case res.Status == Verified:
		f.Status, f.IG = VerdictCVerified, append([]int{}, before...)
		sort.Ints(f.IG)
	case res.Status == Falsified:
		f.Status, f.Counterexample = VerdictFalsified, res.Counterexample
	default:
		f.Status, f.Reason = VerdictUnknown, res.Reason
	}
	if h, ok := compiledOut(r.allHazards()); ok && f.Status == VerdictFalsified {
		// The program as compiled checks no assertion: a run that
		// fails one is a run of another program.
		f.Reason = fmt.Sprintf("FALSIFIED by %s, not of the program as compiled: %s", f.Engine, h)
		f.Status, f.Counterexample = VerdictUnknown, nil
	}
	if hs := r.allHazards(); f.Status.Fact() && len(hs) > 0 {
		f.Reason = fmt.Sprintf("%s by %s, not a fact: %s", f.Status, f.Engine, hs[0])
		if n := len(hs) - 1; n > 0 {
			f.Reason += fmt.Sprintf(" (and %d more hazard(s))", n)
		}
		f.Status, f.IG = VerdictUnknown, nil
	}
	if need, why := r.needs(); need != NeedAll && f.Status.Fact() {
		f.BoundReason = why
		return
	}
	if !r.opts.BoundCheck || !f.Status.Fact() {
		if f.Status.Fact() {
			f.BoundReason = "not checked"
		}
		return
	}
	var assume []int
	if f.Status == VerdictCVerified {
		assume = before
	}
	d.step = stepBound
	d.ask(assume, true)
}

// bound takes the answer of the bound check, b.
func (d *decision) bound(b *Result) {
	f := d.f
	f.WrongClaims = append(f.WrongClaims, b.WrongClaims...)
	switch b.Status {
	case Verified:
		f.BoundComplete = true
		f.Induction, f.Proof, f.Invariants = b.Induction, b.Proof, b.Invariants
	case Falsified:
		if b.Replayed && !b.Unwound {
			// The run past the bound failed the target: a real
			// execution shows the violation that k was too small to
			// reach (Result.Unwound is false only then).
			f.Status, f.IG, f.Counterexample, f.Reason = VerdictFalsified, nil, b.Counterexample, b.Reason
			return
		}
		f.BoundReason = "a loop can run more than k times"
		if b.Reason != "" {
			f.BoundReason = b.Reason // which loop, as the engine says
		}
	default:
		f.BoundReason = "unwinding check inconclusive: " + b.Reason
	}
}

// check runs one query, through the cache when there is one; ran is 1 when
// the engine ran, 0 when the cache answered.
func (r *runner) check(ctx context.Context, q *Query) (res *Result, ran int, err error) {
	key, res := r.cached(ctx, q)
	if res != nil {
		return res, 0, nil
	}
	r.checks.Add(1)
	res, err = r.c.Check(ctx, q)
	res, err = r.answered(ctx, q, key, res, err)
	return res, 1, err
}

// cached returns the query's cache key ("" without a cache) and its
// cached answer, nil when there is none.
func (r *runner) cached(ctx context.Context, q *Query) (key string, res *Result) {
	if r.opts.Cache == nil {
		return "", nil
	}
	key = cacheKey(q, r.engineID)
	res, ok := r.opts.Cache.get(ctx, key)
	if !ok || res.Status == Unknown {
		return key, nil
	}
	r.hits.Add(1)
	res.Duration = 0
	if len(res.Assumptions) > 0 {
		r.mu.Lock()
		r.assumed = append(r.assumed, res.Assumptions...)
		r.mu.Unlock()
	}
	return key, res
}

// answered takes the checker's answer to q, wherever it ran: a
// counterexample its engine did not reproduce is replayed here, the
// answer's assumptions and hazards are kept, and evidence goes into the
// cache under key.
func (r *runner) answered(ctx context.Context, q *Query, key string, res *Result, err error) (*Result, error) {
	target := r.p.Asserts[q.Target]
	if err != nil {
		return nil, fmt.Errorf("bmc: checking %s (%s:%d): %w", target.Label(), r.p.File, target.SrcLine, err)
	}
	if res == nil {
		return nil, fmt.Errorf("bmc: checker %s returned no result", r.c.Name())
	}
	if res, err = confirm(ctx, q, res, r.opts.Replay); err != nil {
		return nil, fmt.Errorf("bmc: replaying %s (%s:%d): %w", target.Label(), r.p.File, target.SrcLine, err)
	}
	if res.Status == Verified && !q.UnwindingAssertions {
		res.BoundComplete = false
	}
	if len(res.Assumptions) > 0 || len(res.Hazards) > 0 {
		r.mu.Lock()
		r.assumed = append(r.assumed, res.Assumptions...)
		r.found = append(r.found, res.Hazards...)
		r.mu.Unlock()
	}
	// Only evidence is kept: an UNKNOWN (a timeout above all) is asked
	// again next time, when the machine may be idle or the engine newer.
	if r.opts.Cache != nil && res.Status != Unknown {
		if err := r.opts.Cache.put(ctx, key, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func dedupHazards(hs []Hazard) []Hazard {
	seen := map[Hazard]bool{}
	var out []Hazard
	for _, h := range hs {
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	return out
}
