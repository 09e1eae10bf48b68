package bmc

import (
	"context"
	"math/rand"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/suretydev/surety/work"
)

// relay is a registered checker that asks the oracle of the moment: the
// jobs of a Runner name it, and their handler finds it in the registry.
type relay struct{ to atomic.Pointer[oracle] }

func (r *relay) Name() string { return "jobs-oracle" }

func (r *relay) Check(ctx context.Context, q *Query) (*Result, error) {
	return r.to.Load().Check(ctx, q)
}

var jobsOracle = &relay{}

func init() { Register("jobs-oracle", jobsOracle) }

// With a Runner, every check a job, VerifyAll gives the report of the
// in-process pool: the same verdicts, IG, closures and bound checks.
func TestVerifyAllRunnerEqualsPool(t *testing.T) {
	ctx := context.Background()
	for seed := int64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewSource(seed))
		n := 1 + rng.Intn(8)
		p := syntheticProgram(n)
		jobsOracle.to.Store(&oracle{w: randomWorld(rng, n, 1+rng.Intn(6)), unknown: 20, maxDelay: time.Millisecond})
		order := rng.Perm(n)
		want, err := VerifyAll(ctx, p, jobsOracle, &Options{Workers: 2, Order: order, BoundCheck: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := VerifyAll(ctx, p, jobsOracle, &Options{Order: order, BoundCheck: true, Runner: &work.Local{Workers: 3}})
		if err != nil {
			t.Fatal(err)
		}
		if !sameReport(got, want) {
			t.Fatalf("seed %d: the report through jobs differs from the pool's:\n%+v\n%+v", seed, got.Facts, want.Facts)
		}
	}
}

// A cache filled through jobs answers the pool, and the other way round.
func TestVerifyAllRunnerCache(t *testing.T) {
	ctx := context.Background()
	p := syntheticProgram(4)
	jobsOracle.to.Store(&oracle{w: randomWorld(rand.New(rand.NewSource(7)), 4, 3)})
	cache, err := OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	first, err := VerifyAll(ctx, p, jobsOracle, &Options{Cache: cache, BoundCheck: true, Runner: &work.Local{}})
	if err != nil {
		t.Fatal(err)
	}
	again, err := VerifyAll(ctx, p, jobsOracle, &Options{Cache: cache, BoundCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	if first.Summary.Checks == 0 || again.Summary.Checks != 0 || again.Summary.CacheHits != first.Summary.Checks {
		t.Errorf("jobs ran %d checks, then the pool %d with %d cache hits; want all %d answered by the cache",
			first.Summary.Checks, again.Summary.Checks, again.Summary.CacheHits, first.Summary.Checks)
	}
}

// A checker that is not a registered engine, nor a portfolio of them,
// cannot travel in a job: VerifyAll says which before any check.
func TestVerifyAllRunnerRefusesUnregistered(t *testing.T) {
	p := syntheticProgram(2)
	o := &oracle{w: &world{n: 2}}
	for _, c := range []Checker{o, &Portfolio{Checkers: []Checker{jobsOracle, o}}} {
		_, err := VerifyAll(context.Background(), p, c, &Options{Runner: &work.Local{}})
		if err == nil || !strings.Contains(err.Error(), `checker "oracle" cannot be sent to workers`) {
			t.Errorf("VerifyAll with %s and a Runner: err = %v, want a refusal naming oracle", c.Name(), err)
		}
	}
	if o.calls.Load() != 0 {
		t.Errorf("%d checks ran before the refusal", o.calls.Load())
	}
}

// With Need, a run through jobs stops too: after the failure nothing
// else is decided, and every assertion left says why.
func TestVerifyAllRunnerNeed(t *testing.T) {
	p := syntheticProgram(5)
	// a1 fails on the only execution; the others hold.
	jobsOracle.to.Store(&oracle{w: &world{n: 5, exec: [][]bool{{false, true, true, true, true}}}})
	rep, err := VerifyAll(context.Background(), p, jobsOracle, &Options{Order: []int{0, 1, 2, 3, 4}, BoundCheck: true,
		Need: taskLikeNeed, Runner: &work.Local{Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Facts[0]; f.Status != VerdictFalsified {
		t.Fatalf("a1 = %+v, want FALSIFIED", f)
	}
	for _, f := range rep.Facts[1:] {
		if f.Status == VerdictUnknown && !strings.HasPrefix(f.Reason, "not checked: the run stopped after a1") {
			t.Errorf("%s = %+v, want decided or stopped after a1", f.Label(), f)
		}
	}
}
