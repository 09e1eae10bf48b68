package native

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// TestFuncPointers checks the engine on the probes of testdata/funcptr:
// programs with function pointers (variables, parameters, arrays and
// struct members of them, typedefs, comparisons, calls through NULL),
// qsort and bsearch with comparators, in this package's probe format (soundness_test.go).
// Each assertion's truth is settled by running the program under gcc on
// the probe's runs; the engine must never contradict it (VERIFIED where a
// run fails it, FALSIFIED where none does or without a replay), and its
// answer is pinned. The log says how many assertions it decides.
func TestFuncPointers(t *testing.T) {
	needTools(t)
	probes := loadProbes(t, "testdata/funcptr")
	chk := New(nil)
	var decided, total atomic.Int64
	t.Run("probes", func(t *testing.T) {
		for _, pr := range probes {
			t.Run(filepath.Base(pr.file), func(t *testing.T) {
				t.Parallel()
				for i := range pr.prog.Asserts {
					if !pr.truthAgrees(context.Background(), t, i) {
						continue
					}
					total.Add(1)
					if st := pr.judge(t, chk, i, pr.native[i], "default options"); st != bmc.Unknown {
						decided.Add(1)
					}
				}
			})
		}
	})
	t.Logf("native decides %d of %d assertions in %d programs", decided.Load(), total.Load(), len(probes))
}

// BenchmarkFuncPointers runs the native engine and ESBMC side by side on
// every assertion of testdata/funcptr, each assertion's truth settled by
// gcc first, and reports how many each decides and how many it gets
// wrong (a verdict the runs contradict), with the wall time in all.
func BenchmarkFuncPointers(b *testing.B) {
	needTools(b)
	probes := loadProbes(b, "testdata/funcptr")
	type query struct {
		pr    *probe
		i     int
		fails bool
	}
	var qs []query
	for _, pr := range probes {
		for i := range pr.prog.Asserts {
			qs = append(qs, query{pr, i, pr.settle(context.Background(), b, i)})
		}
	}
	run := func(b *testing.B, c bmc.Checker) {
		for n := 0; n < b.N; n++ {
			decided, wrong := 0, 0
			start := time.Now()
			for _, q := range qs {
				r, err := c.Check(context.Background(), &bmc.Query{Program: q.pr.prog, Target: q.i, K: q.pr.k, Timeout: 30 * time.Second})
				if err != nil {
					continue
				}
				switch {
				case r.Status == bmc.Verified && q.fails, r.Status == bmc.Falsified && !q.fails:
					wrong++
					b.Logf("wrong: %s a%d: %v", filepath.Base(q.pr.file), q.i+1, r.Status)
				case r.Status != bmc.Unknown:
					decided++
				}
			}
			b.ReportMetric(float64(decided), "decided")
			b.ReportMetric(float64(wrong), "wrong")
			b.ReportMetric(float64(len(qs)), "asserts")
			b.ReportMetric(time.Since(start).Seconds(), "s-wall")
		}
	}
	b.Run("native", func(b *testing.B) { run(b, New(nil)) })
	b.Run("esbmc", func(b *testing.B) { run(b, needESBMC(b)) })
}

// TestFuncPointerAssumption: a call through a pointer that may hold
// neither NULL nor a function of its type (an uninitialised local) is
// assumed away, and a VERIFIED answer says so; where the query allows no
// such call (the pointer is read from memory, but always set), it lists
// no such assumption.
func TestFuncPointerAssumption(t *testing.T) {
	needTools(t)
	const words = "a call through a function pointer calls a function of its type"
	cases := []struct {
		name, src string
		listed    bool
	}{
		{"uninitialised", `
extern int __VERIFIER_nondet_int(void);
int one(void) { return 1; }
int main(void) {
  int (*f)(void);
  if (__VERIFIER_nondet_int())
    f = one;
  int r = f();
  __VERIFIER_assert(r == 1);
  return 0;
}
`, true},
		{"set in memory", `
extern int __VERIFIER_nondet_int(void);
int one(void) { return 1; }
int two(void) { return 2; }
struct s { int (*f)(void); };
int main(void) {
  struct s v;
  v.f = __VERIFIER_nondet_int() ? one : two;
  int r = v.f();
  __VERIFIER_assert(r == 1 || r == 2);
  return 0;
}
`, false},
	}
	chk := New(nil)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "void __VERIFIER_assert(int c) { if (!c) { ERROR: {reach_error();} } }\nvoid reach_error(void);\n" + c.src
			p, err := bmc.ParseProgram("fp.c", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			r, err := chk.Check(context.Background(), &bmc.Query{Program: p, Target: 0, K: 3})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != bmc.Verified {
				t.Fatalf("got %v (%s), want VERIFIED", r.Status, r.Reason)
			}
			listed := false
			for _, a := range r.Assumptions {
				if strings.HasPrefix(a, words) {
					listed = true
				}
			}
			if listed != c.listed {
				t.Errorf("assumption listed %v, want %v: %q", listed, c.listed, r.Assumptions)
			}
		})
	}
}
