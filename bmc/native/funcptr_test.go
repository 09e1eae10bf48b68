package native

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// TestFuncPointers checks the engine on the probes of testdata/funcptr:
// programs with function pointers (variables, parameters, arrays and
// struct members of them, typedefs, comparisons, calls through NULL),
// qsort and bsearch with comparators, in the soundness suite's format.
// Each assertion's truth is settled by running the program under gcc on
// the probe's runs; the engine must never contradict it (VERIFIED where a
// run fails it, FALSIFIED where none does or without a replay), and its
// answer is pinned. The log says how many assertions it decides.
func TestFuncPointers(t *testing.T) {
	needTools(t)
	probes := loadProbes(t, "testdata/funcptr")
	dir := t.TempDir()
	chk := New(nil)
	var decided, total atomic.Int64
	t.Run("probes", func(t *testing.T) {
		for _, pr := range probes {
			t.Run(filepath.Base(pr.file), func(t *testing.T) {
				t.Parallel()
				for i, a := range pr.prog.Asserts {
					failed, runs := pr.settle(context.Background(), t, dir, i)
					if failed != pr.fails[i] {
						t.Errorf("a%d (line %d): recorded truth fails=%v, but gcc: %s", i+1, a.SrcLine, pr.fails[i], runs)
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
