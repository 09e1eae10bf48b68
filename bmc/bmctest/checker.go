package bmctest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// Options control TestChecker. The zero value is valid and a nil pointer
// means the defaults; TestChecker does not change it.
type Options struct {
	// K is the bound of every query; 0 means each probe's own (Probe.K),
	// else 5.
	K int
	// Timeout is each query's Query.Timeout; 0 means bmc.DefaultTimeout.
	// A checker that has not answered twice that long after (plus 30s) is
	// a failure of the test.
	Timeout time.Duration
	// Filter selects the probes to run; nil means every probe.
	Filter func(*Probe) bool
	// Skip names probes (Probe.Name) not to run, each with the reason,
	// which the skipped subtest reports; a name that is no probe's fails
	// the test. Nil means none.
	Skip map[string]string
	// Observe, when set, is called with the checker's answer to each
	// standalone query once the kit has judged it, from the probe's
	// subtest (probes run in parallel): an engine's own test pins its
	// answers there. Nil means no call.
	Observe func(t *testing.T, p *Probe, q *bmc.Query, r *bmc.Result)
}

// TestChecker runs c on every probe (Probes, as opts selects them), one
// parallel subtest a probe named after it, and fails on every answer the
// probe's truth contradicts; see the package documentation for the
// verdicts that are wrong. The truths are settled by gcc first; without
// gcc on PATH the test is skipped. It logs how many answers of each kind c
// gave.
func TestChecker(t *testing.T, c bmc.Checker, opts *Options) {
	t.Helper()
	if opts == nil {
		opts = &Options{}
	}
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc, which settles the probes' truths")
	}
	probes, err := Probes()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, p := range probes {
		names[p.Name] = true
	}
	for n := range opts.Skip {
		if !names[n] {
			t.Errorf("Options.Skip names %q, which is no probe", n)
		}
	}
	refuter := false
	if r, ok := c.(bmc.Refuter); ok && r.RefutesOnly() {
		refuter = true
	}
	var mu sync.Mutex
	count := map[bmc.Status]int{}
	ran := 0
	t.Cleanup(func() {
		t.Logf("%s: %d probes, %d VERIFIED, %d FALSIFIED, %d UNKNOWN", c.Name(), ran,
			count[bmc.Verified], count[bmc.Falsified], count[bmc.Unknown])
	})
	for _, p := range probes {
		if opts.Filter != nil && !opts.Filter(p) {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			if why, ok := opts.Skip[p.Name]; ok {
				t.Skip(why)
			}
			t.Parallel()
			ctx := context.Background()
			if err := p.CheckTruth(ctx); err != nil {
				t.Fatalf("the probe's truth: %v", err)
			}
			mu.Lock()
			ran++
			mu.Unlock()
			for _, a := range p.Program.Asserts {
				q := &bmc.Query{Program: p.Program, Target: a.Index, K: p.Bound(opts.K), Timeout: opts.Timeout}
				r, err := ask(ctx, c, q)
				if err != nil {
					if p.Truth(a) == Undefined {
						t.Logf("%s: an error on an undefined program: %v", a.Label(), err)
						continue
					}
					t.Errorf("%s (line %d): %s failed: %v", a.Label(), a.SrcLine, c.Name(), err)
					continue
				}
				mu.Lock()
				count[r.Status]++
				mu.Unlock()
				t.Logf("%s (line %d, truth %s): %s %s %q", a.Label(), a.SrcLine, p.Truth(a), r.Status, r.Reason, r.Assumptions)
				if ws := judge(ctx, c, refuter, p, q, r); len(ws) > 0 {
					for _, w := range ws {
						t.Errorf("WRONG: %s (line %d, truth %s): %s", a.Label(), a.SrcLine, p.Truth(a), w)
					}
					if h := screened(ctx, p); h != "" {
						t.Logf("the facts pipeline screens this probe (bmc.Prescan): %s", h)
					}
				}
				if opts.Observe != nil {
					opts.Observe(t, p, q, r)
				}
			}
		})
	}
}

// ask runs c on q under a guard deadline well past q's own timeout.
func ask(ctx context.Context, c bmc.Checker, q *bmc.Query) (*bmc.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*q.TimeoutOrDefault()+30*time.Second)
	defer cancel()
	r, err := c.Check(ctx, q)
	if err == nil && r == nil {
		err = fmt.Errorf("no result and no error")
	}
	return r, err
}

// judge returns what is wrong with r, c's answer to q, a standalone query
// of p, in words; nil when nothing is.
func judge(ctx context.Context, c bmc.Checker, refuter bool, p *Probe, q *bmc.Query, r *bmc.Result) []string {
	var wrong []string
	truth := p.Truth(p.Program.Asserts[q.Target])
	switch r.Status {
	case bmc.Verified:
		if refuter {
			wrong = append(wrong, "VERIFIED from a refuter, which never proves")
		}
		switch {
		case truth == Undefined:
			wrong = append(wrong, "VERIFIED of an assertion of an undefined program")
		case truth == Fails && p.Broken != "" && containsSub(r.Assumptions, p.Broken):
			// The failure needs what the answer assumes away, and says so.
		case truth == Fails && r.BoundComplete:
			wrong = append(wrong, "VERIFIED on every execution (BoundComplete) of an assertion that fails")
		case truth == Fails:
			if w := boundIncomplete(ctx, c, q); w != "" {
				wrong = append(wrong, "VERIFIED at bound "+fmt.Sprint(q.K)+" of an assertion that fails, and "+w)
			}
		}
		for _, want := range p.Assumes {
			if !containsSub(r.Assumptions, want) {
				wrong = append(wrong, fmt.Sprintf("VERIFIED without the assumption %q it rests on (assumptions %q)", want, r.Assumptions))
			}
		}
	case bmc.Falsified:
		if r.Unwound {
			if !q.UnwindingAssertions {
				wrong = append(wrong, "FALSIFIED with Unwound, to a query without unwinding assertions")
			}
			break
		}
		if truth != Fails {
			wrong = append(wrong, "FALSIFIED of an assertion whose truth is "+string(truth))
		}
		rp, err := bmc.Replay(ctx, q, r.Counterexample, nil)
		switch {
		case err != nil:
			wrong = append(wrong, "FALSIFIED, and its replay failed: "+err.Error())
		case !rp.Reproduced:
			wrong = append(wrong, "FALSIFIED, and its counterexample does not replay: "+rp.Why)
		}
	}
	return wrong
}

// boundIncomplete asks c the query q with unwinding assertions on; it
// returns "" when the answer says the bound is incomplete: FALSIFIED with
// Unwound, or FALSIFIED of the target past the bound, whose counterexample
// replays (as VerifyAll then makes the fact FALSIFIED); and otherwise what
// the answer was.
func boundIncomplete(ctx context.Context, c bmc.Checker, q *bmc.Query) string {
	u := *q
	u.UnwindingAssertions = true
	r, err := ask(ctx, c, &u)
	switch {
	case err != nil:
		return "with unwinding assertions the checker failed: " + err.Error()
	case r.Status == bmc.Falsified && r.Unwound:
		return ""
	case r.Status == bmc.Falsified:
		rp, err := bmc.Replay(ctx, &u, r.Counterexample, nil)
		if err == nil && rp.Reproduced {
			return ""
		}
	}
	return fmt.Sprintf("with unwinding assertions it answers %s %s, which does not say that the bound is incomplete", r.Status, r.Reason)
}

// screened says what bmc.Prescan finds in p's program, which VerifyAll
// then keeps from being a fact, whatever an engine answers; "" when it
// finds nothing.
func screened(ctx context.Context, p *Probe) string {
	s, err := bmc.Prescan(ctx, p.Program, nil)
	if err != nil || len(s.Hazards) == 0 {
		return ""
	}
	hs := make([]string, len(s.Hazards))
	for i, h := range s.Hazards {
		hs[i] = h.String()
	}
	return strings.Join(hs, "; ")
}

func containsSub(ss []string, sub string) bool {
	for _, s := range ss {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
