package bmc

import (
	"context"
	"fmt"
	"time"
)

// observe starts Options.Runs on the program, beside the checks, and
// returns a function that waits for its observation; why is the
// assumption the report makes when no run could check the verdicts.
func (r *runner) observe(ctx context.Context) func() (*Observation, string) {
	if r.opts.Runs == nil {
		return func() (*Observation, string) { return nil, "" }
	}
	var (
		obs  *Observation
		err  error
		done = make(chan struct{})
	)
	go func() {
		defer close(done)
		defer func() {
			if v := recover(); v != nil {
				err = fmt.Errorf("bmc: observer panicked: %v", v)
			}
		}()
		obs, err = r.opts.Runs.Observe(ctx, r.p, 0)
	}()
	return func() (*Observation, string) {
		<-done
		switch {
		case err != nil:
			return nil, "no run of the program checked the verdicts: " + err.Error()
		case obs == nil || len(obs.Asserts) != len(r.p.Asserts):
			return nil, "no run of the program checked the verdicts: the observer saw another program"
		case obs.Runs == 0:
			return nil, "no run of the program checked the verdicts: " + obs.Why
		}
		return obs, ""
	}
}

// veto is the independent check of every verdict against the runs of
// the program: no fact stands that a run fails, whoever gave it, the
// cache included, and an assertion that a run fails before any other is
// FALSIFIED with that run as evidence. Each refuted proof is kept as a
// finding against its engine (Fact.WrongClaims), and a refuted answer
// that came from the cache is dropped from it.
func (r *runner) veto(ctx context.Context, facts []Fact, obs *Observation) {
	if obs == nil {
		return
	}
	for i := range facts {
		f := &facts[i]
		seen := obs.Asserts[f.Index]
		refutes := f.Status == VerdictVerified && seen.Failed > 0 || f.Status == VerdictCVerified && seen.First > 0
		if refutes {
			f.WrongClaims = append(f.WrongClaims, EngineAnswer{Engine: f.Engine, Status: Verified, BoundComplete: f.BoundComplete})
			f.Refuted = fmt.Sprintf("%s by %s, refuted by a run of the program", f.Status, f.Engine)
			if f.Reused || f.Carried > 0 {
				f.Refuted += "; the cached answer was dropped"
				r.dropCached(ctx, f.Index, f.IG)
			}
		}
		switch {
		case seen.First > 0 && f.Status != VerdictFalsified:
			*f = Fact{Assertion: f.Assertion, Position: f.Position, Status: VerdictFalsified, Engine: obs.Engine,
				Duration: f.Duration, Standalone: f.Standalone, Compositional: f.Compositional,
				Counterexample: runCounterexample(seen), Disagreement: f.Disagreement, WrongClaims: f.WrongClaims, Refuted: f.Refuted}
		case refutes:
			// Failed only after another assertion had failed: the run
			// refutes the standalone proof but is no run of the program
			// with the earlier assertions assumed.
			*f = Fact{Assertion: f.Assertion, Position: f.Position, Status: VerdictUnknown, Duration: f.Duration,
				Standalone: f.Standalone, Compositional: f.Compositional, Reason: f.Refuted + " (after another assertion failed)",
				Disagreement: f.Disagreement, WrongClaims: f.WrongClaims, Refuted: f.Refuted}
		}
	}
}

// runCounterexample is the evidence of a failing run: its input, or an
// empty one when the program took none.
func runCounterexample(seen Seen) *Counterexample {
	if seen.Fail != nil {
		return seen.Fail
	}
	return &Counterexample{}
}

// dropCached removes the cached answers of an assertion's queries that a
// run refuted: standalone, compositional and bound check. It does so
// even when ctx is cancelled (a wrong answer must not stay), within 10s.
func (r *runner) dropCached(ctx context.Context, target int, assumed []int) {
	if r.opts.Cache == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	for _, q := range []*Query{
		{Program: r.p, Target: target, K: r.k, Timeout: r.opts.Timeout},
		{Program: r.p, Target: target, Assume: assumed, K: r.k, Timeout: r.opts.Timeout},
		{Program: r.p, Target: target, K: r.k, UnwindingAssertions: true, Timeout: r.opts.Timeout},
		{Program: r.p, Target: target, Assume: assumed, K: r.k, UnwindingAssertions: true, Timeout: r.opts.Timeout},
	} {
		_ = r.opts.Cache.drop(ctx, cacheKey(q, r.engineID))
	}
}
