package bmc

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/internal/proc"
)

const replayProg = `#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    _Bool b = __VERIFIER_nondet_bool();
    if (b && x > 10)
        assert(x + y != 100);
    return 0;
}
`

// A counterexample is believed only when the compiled program, run on its
// inputs, fails the target: the right inputs reproduce, wrong ones (an
// engine's mistake) do not, and neither does a claim with no inputs.
func TestReplay(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	p, err := ParseProgram("replay.c", []byte(replayProg))
	if err != nil {
		t.Fatal(err)
	}
	q := &Query{Program: p, Target: 0, K: 5}
	for _, c := range []struct {
		name   string
		inputs []Input
		want   bool
		why    string
	}{
		{"right", []Input{{Name: "__VERIFIER_nondet_int#1(x)", Value: "60"}, {Name: "__VERIFIER_nondet_int#2(y)", Value: "40"},
			{Name: "__VERIFIER_nondet_bool#1(b)", Value: "TRUE"}}, true, ""},
		{"wrong sum", []Input{{Name: "__VERIFIER_nondet_int#1", Value: "60"}, {Name: "__VERIFIER_nondet_int#2", Value: "41"},
			{Name: "__VERIFIER_nondet_bool#1", Value: "1"}}, false, "exited with status 0"},
		{"missing input", []Input{{Name: "__VERIFIER_nondet_int#1", Value: "60"}, {Name: "__VERIFIER_nondet_int#2", Value: "40"}}, false, "exited with status 0"},
		{"not a literal", []Input{{Name: "__VERIFIER_nondet_int#1", Value: "x+1"}}, false, "not a C literal"},
	} {
		r, err := Replay(context.Background(), q, &Counterexample{Inputs: c.inputs}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Reproduced != c.want || !strings.Contains(r.Why, c.why) {
			t.Errorf("%s: %+v, want reproduced=%v and why containing %q", c.name, r, c.want, c.why)
		}
	}
	if r, _ := Replay(context.Background(), q, nil, nil); r.Reproduced {
		t.Error("a claim without a counterexample reproduced")
	}
}

// An unconfirmed FALSIFIED from a portfolio member does not count: the
// other engine's VERIFIED stands, with no disagreement.
func TestPortfolioDropsUnreplayedClaim(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	p, err := ParseProgram("replay.c", []byte(replayProg))
	if err != nil {
		t.Fatal(err)
	}
	liar := checkerFunc{"liar", func(q *Query) *Result {
		return &Result{Status: Falsified, Engine: "liar", Counterexample: &Counterexample{Inputs: []Input{{Name: "__VERIFIER_nondet_int#1", Value: "0"}}}}
	}}
	prover := checkerFunc{"prover", func(q *Query) *Result { return &Result{Status: Verified, Engine: "prover"} }}
	r, err := (&Portfolio{Checkers: []Checker{liar, prover}}).Check(context.Background(), &Query{Program: p, K: 5})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Verified || r.Engine != "prover" || r.Disagreement != nil {
		t.Errorf("got %+v, want prover's VERIFIED", r)
	}
}

type checkerFunc struct {
	name string
	f    func(*Query) *Result
}

func (c checkerFunc) Name() string                                         { return c.name }
func (c checkerFunc) Check(ctx context.Context, q *Query) (*Result, error) { return c.f(q), nil }

// ESBMC's and CBMC's extern nondet_int() gets its values as
// __VERIFIER_nondet_int() does.
func TestReplayNondetExtern(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	p, err := ParseProgram("ext.c", []byte("#include <assert.h>\nint nondet_int(void);\nunsigned nondet_uint(void);\nint main(void) {\n  int x = nondet_int();\n  unsigned u = nondet_uint();\n  assert(x != 7 || u != 9u);\n  return 0;\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Replay(context.Background(), &Query{Program: p, K: 5},
		&Counterexample{Inputs: []Input{{Name: "nondet_int#1(x)", Value: "7"}, {Name: "nondet_uint#1(u)", Value: "9u"}}}, nil)
	if err != nil || !r.Reproduced {
		t.Errorf("%+v, %v", r, err)
	}
}

// A counterexample that makes an allocation fail replays: the harness
// makes the N-th call of malloc, calloc or realloc return NULL where the
// counterexample's value is null, and lets the others allocate.
func TestReplayAllocationFails(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	p, err := ParseProgram("alloc.c", []byte(`#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *a = malloc(4);
  int *b = malloc(4);
  int *c = calloc(2, 4);
  int *d = realloc(a, 8);
  assert(a != 0 && b != 0 && c != 0 && d != 0);
  return 0;
}
`))
	if err != nil {
		t.Fatal(err)
	}
	q := &Query{Program: p, K: 5}
	for _, c := range []struct {
		name   string
		inputs []Input
		want   bool
	}{
		{"second malloc", []Input{{Name: "malloc#1", Value: "a new block"}, {Name: "malloc#2", Value: "NULL"}}, true},
		{"calloc", []Input{{Name: "calloc#1", Value: "0"}}, true},
		{"realloc", []Input{{Name: "malloc#1", Value: "a new block"}, {Name: "realloc#1", Value: "NULL"}}, true},
		{"none fails", []Input{{Name: "malloc#1", Value: "a new block"}, {Name: "malloc#2", Value: "a new block"}}, false},
		{"third malloc", []Input{{Name: "malloc#3", Value: "NULL"}}, false},
	} {
		r, err := Replay(context.Background(), q, &Counterexample{Inputs: c.inputs}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Reproduced != c.want {
			t.Errorf("%s: %+v, want reproduced=%v", c.name, r, c.want)
		}
	}
}
