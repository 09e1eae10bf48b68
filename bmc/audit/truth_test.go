package audit

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	_ "github.com/suretydev/surety/bmc/esbmc"
	_ "github.com/suretydev/surety/bmc/native"
	"github.com/suretydev/surety/bmc/run"
	"github.com/suretydev/surety/internal/proc"
)

// A truthCase is a program whose last assertion the audit judges, and
// what a run of the program (real gcc) says the judgement must be.
type truthCase struct {
	name, src string
	// reach is the reachability the audit must give, with and without a
	// runner: "reached" (reachable, never VACUOUS), "dead" (VACUOUS,
	// WhyDead), "notdead" (anything but VACUOUS for unreachable code),
	// "closed" (VACUOUS, WhyAssumptions: reached only by runs that fail
	// an assertion the fact assumes).
	reach, reachNoRun string
	// weak: "weak", "notweak" or "" (not judged).
	weak string
}

var truthCases = []truthCase{
	{name: "issue36", src: issue36, reach: "reached", reachNoRun: "reached", weak: "notweak"},
	{name: "tautology", reach: "reached", reachNoRun: "reached", weak: "weak", src: `#include <assert.h>
int main(void) {
  int x = 3;
  x = x * 2 + 1;
  if (x > 4) x = x - 4;
  assert(x == x);
  return 0;
}
`},
	{name: "tinytautology", reach: "reached", reachNoRun: "reached", weak: "weak", src: `#include <assert.h>
int main(void) {
  int x = 3;
  assert(x == x);
  return 0;
}
`},
	{name: "nonnegative", reach: "reached", reachNoRun: "reached", weak: "weak", src: `#include <assert.h>
int g;
void f(void) { int a = 4; int b = 6; g = a * b; }
int main(void) {
  f();
  assert(g >= 0);
  return 0;
}
`},
	// Without a runner, native's replay past the larger bound shows an
	// execution reaching it: VACUOUS, cut by the bound, a true statement.
	{name: "longloop", reach: "reached", reachNoRun: "notdead", src: `#include <assert.h>
int main(void) {
  int s = 0;
  for (int i = 0; i < 100; i++) s += i;
  assert(s == 4950);
  return 0;
}
`},
	{name: "ifzero", reach: "dead", reachNoRun: "dead", src: `#include <assert.h>
int main(void) {
  int x = 1;
  if (0) {
    assert(x > 1);
  }
  return 0;
}
`},
	{name: "afterreturn", reach: "dead", reachNoRun: "dead", src: `#include <assert.h>
int g;
int main(void) {
  g = 1;
  return 0;
  assert(g == 2);
}
`},
	// The run reaches a2 only after failing a1, which a2's fact assumes:
	// no execution under the assumption reaches it.
	{name: "closed", reach: "closed", reachNoRun: "closed", src: `#include <assert.h>
int main(void) {
  int x = -1;
  assert(x > 0);
  if (x < 0) {
    assert(x == 5);
  }
  return 0;
}
`},
	{name: "atexit", reach: "reached", reachNoRun: "notdead", src: `#include <assert.h>
#include <stdlib.h>
int g;
void bye(void) {
  assert(g == 1);
}
int main(void) {
  atexit(bye);
  g = 1;
  return 0;
}
`},
	{name: "errno", reach: "reached", reachNoRun: "notdead", src: `#include <assert.h>
#include <errno.h>
#include <stdlib.h>
int main(void) {
  errno = 0;
  long v = strtol("99999999999999999999999", 0, 10);
  (void)v;
  assert(errno == 0);
  return 0;
}
`},
}

// TestTruth audits the last assertion of each case with the native
// engine, with bmc/run's runner (real gcc runs) and without, and holds each claim to what
// real runs show: no assertion a run reaches is VACUOUS, VACUOUS as
// unreachable code only where no run reaches it, and no fact is weak when
// a mutant of what it depends on fails it on a run; the facts the issue
// names as weak stay weak.
func TestTruth(t *testing.T) {
	c, err := bmc.Engines(context.Background(), []string{"native"})
	if err != nil {
		t.Skipf("needs native's solvers: %v", err)
	}
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	r := run.New(nil)
	for _, tc := range truthCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			p, err := bmc.ParseProgram(tc.name+".c", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			last := len(p.Asserts) - 1
			rep, err := bmc.VerifyAll(ctx, p, c, &bmc.Options{K: 5, Timeout: 60 * time.Second, Workers: 1, BoundCheck: true})
			if err != nil {
				t.Fatal(err)
			}
			if f := &rep.Facts[last]; !f.Status.Fact() {
				// The engines' claim that the issue saw (an atexit handler,
				// errno): the audit judges it as if it had been made.
				t.Logf("VerifyAll: %s (%s); audited as VERIFIED", f.Status, f.Reason)
				f.Status, f.Deps = bmc.VerdictVerified, nil
			}
			t.Logf("fact: %s complete %v (%s) deps %v", rep.Facts[last].Status, rep.Facts[last].BoundComplete, rep.Facts[last].BoundReason, rep.Facts[last].Deps)
			obs, err := r.Observe(ctx, p, 0)
			if err != nil {
				t.Fatal(err)
			}
			ran := obs.Reached(last)
			if want := tc.reach == "reached" || tc.reach == "closed"; ran != want {
				t.Fatalf("the run reached a%d: %v; the case says %s", last+1, ran, tc.reach)
			}
			for _, withRun := range []bool{true, false} {
				opts := &Options{Budget: 12, Timeout: 60 * time.Second}
				want := tc.reachNoRun
				if withRun {
					opts.Runner, want = r, tc.reach
				}
				a, err := Audit(ctx, p, rep, c, opts)
				if err != nil {
					t.Fatal(err)
				}
				fa := a.Of(last)
				t.Logf("runner %v: %+v %+v (%d queries)", withRun, fa.Reach, fa.Strength, a.Summary.Queries)
				dead := fa.Reach.Status == "VACUOUS" && strings.HasPrefix(fa.Reach.Why, WhyDead)
				switch {
				case withRun && ran && want != "closed" && fa.Reach.Status == "VACUOUS":
					t.Errorf("runner %v: a run reaches it, audited %+v", withRun, fa.Reach)
				case want == "reached" && fa.Reach.Status != "reachable":
					t.Errorf("runner %v: reach %+v, want reachable", withRun, fa.Reach)
				case withRun && want == "reached" && fa.Reach.Why != WhyRun:
					t.Errorf("runner %v: reach %+v, want %q", withRun, fa.Reach, WhyRun)
				case want == "dead" && !dead:
					t.Errorf("runner %v: reach %+v, want VACUOUS, %s", withRun, fa.Reach, WhyDead)
				case want == "closed" && (fa.Reach.Status != "VACUOUS" || fa.Reach.Why != WhyAssumptions):
					t.Errorf("runner %v: reach %+v, want VACUOUS, %s", withRun, fa.Reach, WhyAssumptions)
				case want == "notdead" && dead:
					t.Errorf("runner %v: reach %+v, called unreachable code", withRun, fa.Reach)
				}
				if tc.weak == "" {
					continue
				}
				s := fa.Strength
				if s == nil {
					t.Fatalf("runner %v: no strength", withRun)
				}
				if got := s.Weak; got != (tc.weak == "weak") {
					t.Errorf("runner %v: weak %v, want %s: %+v", withRun, got, tc.weak, s)
				}
				if s.Weak && s.Why == "" {
					t.Errorf("runner %v: weak without a reason", withRun)
				}
				for _, m := range s.Survivors {
					if m.By != "run" && m.By != "proof" {
						t.Errorf("runner %v: survivor %+v rests on %q", withRun, m, m.By)
					}
				}
			}
			// The truth of "weak": a fact is weak only if no mutant of its
			// slice fails it on a run.
			failing := 0
			for _, m := range mutants(p, p.Asserts[last]) {
				if !m.Slice {
					continue
				}
				mp, err := bmc.ParseProgram(p.File, m.src)
				if err != nil {
					continue
				}
				if o, err := r.Observe(ctx, mp, 0); err == nil && o.Failed(last) {
					failing++
				}
			}
			if (failing > 0) != (tc.weak == "notweak") && tc.weak != "" {
				t.Errorf("%d mutants of the slice fail it on a run; the case says %s", failing, tc.weak)
			}
		})
	}
}
