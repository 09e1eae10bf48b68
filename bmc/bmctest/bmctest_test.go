package bmctest

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// answer is a checker that gives one answer to every query.
type answer struct {
	r       bmc.Result
	refutes bool
}

func (a *answer) Name() string { return "answer" }
func (a *answer) Check(context.Context, *bmc.Query) (*bmc.Result, error) {
	r := a.r
	return &r, nil
}
func (a *answer) RefutesOnly() bool { return a.refutes }

// unwinder answers VERIFIED at the bound and, with unwinding assertions,
// that the bound is incomplete.
type unwinder struct{}

func (unwinder) Name() string { return "unwinder" }
func (unwinder) Check(_ context.Context, q *bmc.Query) (*bmc.Result, error) {
	if q.UnwindingAssertions {
		return &bmc.Result{Status: bmc.Falsified, Unwound: true}, nil
	}
	return &bmc.Result{Status: bmc.Verified}, nil
}

// TestConformance runs the kit with a checker that always answers
// UNKNOWN, which is never wrong: it settles every probe's truth by gcc.
func TestConformance(t *testing.T) {
	TestChecker(t, &answer{}, nil)
}

func TestProbes(t *testing.T) {
	ps, err := Probes()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 100 {
		t.Errorf("%d probes, want the 111 of the soundness suites", len(ps))
	}
	seen := map[Truth]int{}
	for _, p := range ps {
		for _, a := range p.Program.Asserts {
			seen[p.Truth(a)]++
		}
	}
	if seen[Holds] == 0 || seen[Fails] == 0 || seen[Undefined] == 0 {
		t.Errorf("truths %v, want each kind", seen)
	}
}

func TestParseRun(t *testing.T) {
	for s, want := range map[string]Run{
		` nondet=1,-2 stdin="5\n"`:                {Nondet: []string{"1", "-2"}, Stdin: "5\n"},
		` nondet=`:                                {},
		` 5 -3 stdin "ab\x00"`:                    {Nondet: []string{"5", "-3"}, Stdin: "ab\x00"},
		` 18446744073709551615`:                   {Nondet: []string{"18446744073709551615"}},
		` stdin="A"`:                              {Stdin: "A"},
		` nondet=0x10 stdin="x \"quoted\" stdin"`: {Nondet: []string{"0x10"}, Stdin: `x "quoted" stdin`},
	} {
		got, err := parseRun(s)
		if err != nil || strings.Join(got.Nondet, ",") != strings.Join(want.Nondet, ",") || got.Stdin != want.Stdin {
			t.Errorf("parseRun(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
}

// TestJudge: the answers the kit must call wrong, on probes whose truth
// is known.
func TestJudge(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	probe := func(src string) *Probe {
		p, err := ParseProbe("t", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	fails := probe("// truth: fails\n#include <assert.h>\nint main(void) { int x = 1; assert(x == 2); return 0; }\n")
	holds := probe("// truth: holds\n// assumes: malloc never fails\n#include <assert.h>\nint main(void) { int x = 1; assert(x == 1); return 0; }\n")
	undef := probe("// truth: undefined\n#include <assert.h>\nint main(void) { int x; assert(x == x); return 0; }\n")
	ctx := context.Background()
	if w := judge(ctx, unwinder{}, false, fails, &bmc.Query{Program: fails.Program, K: 5}, &bmc.Result{Status: bmc.Verified}); w != nil {
		t.Errorf("a bounded VERIFIED whose bound is incomplete: %q", w)
	}
	for _, tc := range []struct {
		name string
		p    *Probe
		c    *answer
		want string // a word of the complaint; "" for none
	}{
		{"verified-fails", fails, &answer{r: bmc.Result{Status: bmc.Verified}}, "does not say that the bound is incomplete"},
		{"complete-fails", fails, &answer{r: bmc.Result{Status: bmc.Verified, BoundComplete: true}}, "every execution"},
		{"verified-undefined", undef, &answer{r: bmc.Result{Status: bmc.Verified}}, "undefined"},
		{"verified-no-assumption", holds, &answer{r: bmc.Result{Status: bmc.Verified}}, "without the assumption"},
		{"verified-assumption", holds, &answer{r: bmc.Result{Status: bmc.Verified, Assumptions: []string{"malloc never fails"}}}, ""},
		{"refuter-verified", holds, &answer{r: bmc.Result{Status: bmc.Verified, Assumptions: []string{"malloc never fails"}}, refutes: true}, "refuter"},
		{"falsified-holds", holds, &answer{r: bmc.Result{Status: bmc.Falsified, Counterexample: &bmc.Counterexample{}}}, "truth is holds"},
		{"falsified-no-replay", fails, &answer{r: bmc.Result{Status: bmc.Falsified}}, "does not replay"},
		{"falsified-fails", fails, &answer{r: bmc.Result{Status: bmc.Falsified, Counterexample: &bmc.Counterexample{}}}, ""},
		{"unknown", undef, &answer{}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := &bmc.Query{Program: tc.p.Program, K: 5}
			r, _ := tc.c.Check(ctx, q)
			got := strings.Join(judge(ctx, tc.c, tc.c.refutes, tc.p, q, r), "; ")
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("judge = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestHarness: a probe's Harness defines a function the kit's harness
// does not, reading the run's values through __VERIFIER_nondet_int.
func TestHarness(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	src := "int sensor(void);\nint main(void) {\n  int v = sensor();\n  assert(v != 7); // truth: fails\n  return 0;\n}\n// run: 3\n// run: 7\n"
	p, err := ParseProbe("sensor", []byte("#include <assert.h>\n"+src))
	if err != nil {
		t.Fatal(err)
	}
	p.Harness = "int __VERIFIER_nondet_int(void);\nint sensor(void) { return __VERIFIER_nondet_int(); }\n"
	if err := p.CheckTruth(context.Background()); err != nil {
		t.Fatal(err)
	}
	p.Runs = p.Runs[:1]
	if v, err := p.Violates(context.Background(), &bmc.Query{Program: p.Program, Target: 0}); err != nil || v {
		t.Fatalf("run 3 alone: violates %v, %v; want false", v, err)
	}
}
