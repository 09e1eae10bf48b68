package bmc_test

import (
	"context"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/run"
)

// liar proves every assertion for every execution, as a broken engine
// would.
type liar struct{ calls atomic.Int64 }

func (l *liar) Name() string { return "liar" }
func (l *liar) Check(ctx context.Context, q *bmc.Query) (*bmc.Result, error) {
	l.calls.Add(1)
	return &bmc.Result{Status: bmc.Verified, Engine: "liar", BoundComplete: true}, nil
}

// vetoProg's first assertion fails on its one run (the loop runs past any
// small bound first), its second holds.
const vetoProg = `#include <assert.h>
int main(void) {
    int t = 0;
    for (int i = 0; i < 50; i++) t += 2;
    assert(t == 99);
    assert(t == 100);
    return 0;
}
`

// No fact stands that a run of the program fails, whichever engine gave
// it, the cache included: the run's FALSIFIED is the verdict, the engine's
// proof a wrong claim, and a refuted cached answer is dropped.
func TestVerifyAllRunsVeto(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	ctx := context.Background()
	p, err := bmc.ParseProgram("veto.c", []byte(vetoProg))
	if err != nil {
		t.Fatal(err)
	}
	runs := run.New(&run.Options{Fuzz: -1})
	cache, err := bmc.OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	l := &liar{}
	// The liar alone: both facts, cached.
	rep, err := bmc.VerifyAll(ctx, p, l, &bmc.Options{Cache: cache, BoundCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Facts[0].Status.Fact() || !rep.Facts[1].Status.Fact() {
		t.Fatalf("the liar's report: %+v", rep.Facts)
	}
	// With the runs: the cached proof of a1 is refuted and dropped.
	rep, err = bmc.VerifyAll(ctx, p, l, &bmc.Options{Cache: cache, BoundCheck: true, Runs: runs})
	if err != nil {
		t.Fatal(err)
	}
	a1, a2 := rep.Facts[0], rep.Facts[1]
	if a1.Status != bmc.VerdictFalsified || a1.Engine != "run" || len(a1.WrongClaims) != 1 || a1.WrongClaims[0].Engine != "liar" ||
		!strings.Contains(a1.Refuted, "cached answer was dropped") {
		t.Errorf("a1: %+v, want the run's FALSIFIED, the liar's wrong claim and the cache entry dropped", a1)
	}
	if a2.Status != bmc.VerdictVerified || a2.WrongClaims != nil {
		t.Errorf("a2 holds on every run: %+v", a2)
	}
	if rep.Summary.WrongClaims != 1 {
		t.Errorf("summary counts %d wrong claims, want 1", rep.Summary.WrongClaims)
	}
	// The dropped answer is asked again; the standing one is reused.
	before := l.calls.Load()
	rep, err = bmc.VerifyAll(ctx, p, l, &bmc.Options{Cache: cache, BoundCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	if l.calls.Load() == before || rep.Facts[0].Reused || !rep.Facts[1].Reused {
		t.Errorf("after the drop: a1 reused %v, a2 reused %v, %d checks", rep.Facts[0].Reused, rep.Facts[1].Reused, l.calls.Load()-before)
	}
}
