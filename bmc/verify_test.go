package bmc

import (
	"context"
	"math/rand"
	"reflect"
	"sort"
	"testing"
	"time"
)

// VerifyAll, whatever its number of workers, gives the IG and F of the
// literal sequential Algorithm 2, and its statuses follow Definition 6.
func TestVerifyAllEqualsAlgorithm2(t *testing.T) {
	ctx := context.Background()
	for seed := int64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewSource(seed))
		n := 1 + rng.Intn(12)
		p := syntheticProgram(n)
		w := randomWorld(rng, n, 1+rng.Intn(6))
		order := rng.Perm(n)
		wantIG, wantF := algorithm2(ctx, p, order, 5, &oracle{w: w, unknown: 20})
		var reports []*Report
		for _, workers := range []int{1, 2, 8} {
			rep, err := VerifyAll(ctx, p, &oracle{w: w, unknown: 20, maxDelay: time.Millisecond}, &Options{Workers: workers, Order: order})
			if err != nil {
				t.Fatal(err)
			}
			gotIG, gotF := map[int][]int{}, map[int]bool{}
			for _, f := range rep.Facts {
				if f.Status.Fact() {
					gotIG[f.Index] = f.IG
				}
				if f.Status == VerdictFalsified {
					gotF[f.Index] = true
				}
			}
			for i := range wantIG {
				sort.Ints(wantIG[i])
			}
			if !reflect.DeepEqual(gotIG, wantIG) || !reflect.DeepEqual(gotF, wantF) {
				t.Fatalf("seed %d workers %d: IG %v F %v, Algorithm 2 gives IG %v F %v", seed, workers, gotIG, gotF, wantIG, wantF)
			}
			reports = append(reports, rep)
		}
		for _, r := range reports[1:] {
			if !sameReport(r, reports[0]) {
				t.Fatalf("seed %d: concurrent report differs from the sequential one", seed)
			}
		}
	}
}

// sameReport compares two reports, durations aside.
func sameReport(a, b *Report) bool {
	strip := func(r *Report) Report {
		c := *r
		c.Summary.Time = 0
		c.Facts = append([]Fact(nil), r.Facts...)
		for i := range c.Facts {
			c.Facts[i].Duration = 0
		}
		return c
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

// Theorem 2 on random programs: every fact holds on every execution that
// satisfies its dependency closure; Deps lists only unverified assertions
// earlier in the sequence.
func TestTheorem2Semantic(t *testing.T) {
	ctx := context.Background()
	for seed := int64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewSource(seed))
		n := 1 + rng.Intn(10)
		w := randomWorld(rng, n, 1+rng.Intn(8))
		order := rng.Perm(n)
		rep, err := VerifyAll(ctx, syntheticProgram(n), &oracle{w: w, unknown: 15}, &Options{Order: order, Workers: 4})
		if err != nil {
			t.Fatal(err)
		}
		pos := map[int]int{}
		for p, i := range order {
			pos[i] = p
		}
		for _, f := range rep.Facts {
			if !f.Status.Fact() {
				if len(f.Deps) != 1 || f.Deps[0] != f.Index {
					t.Fatalf("seed %d: unverified a%d has Deps %v, want itself", seed, f.Index+1, f.Deps)
				}
				continue
			}
			if !w.holds(f.Index, f.Deps) {
				t.Fatalf("seed %d: Theorem 2 fails for a%d with Deps %v", seed, f.Index+1, f.Deps)
			}
			for _, d := range f.Deps {
				if rep.Facts[d].Status.Fact() || pos[d] >= pos[f.Index] {
					t.Fatalf("seed %d: a%d depends on a%d, which is a fact or not earlier", seed, f.Index+1, d+1)
				}
			}
		}
	}
}

// Closure on random implication graphs (not only those Algorithm 2 makes)
// matches a brute-force path search, lies inside the transitive closure of
// IG, and IG itself only points backwards (acyclic).
func TestClosureProperties(t *testing.T) {
	for seed := int64(1); seed <= 500; seed++ {
		rng := rand.New(rand.NewSource(seed))
		n := 1 + rng.Intn(15)
		order := rng.Perm(n)
		ig := map[int][]int{}
		for p, i := range order {
			switch rng.Intn(3) {
			case 0: // unverified
			case 1:
				ig[i] = []int{}
			default:
				var s []int
				for _, j := range order[:p] {
					if rng.Intn(2) == 0 {
						s = append(s, j)
					}
				}
				ig[i] = s
			}
		}
		deps := Closure(order, ig)
		for _, i := range order {
			want := bruteDeps(i, ig)
			if !reflect.DeepEqual(deps[i], want) {
				t.Fatalf("seed %d: Deps(a%d) = %v, brute force %v (IG %v)", seed, i+1, deps[i], want, ig)
			}
			reach := reachable(i, ig)
			if _, in := ig[i]; in {
				for _, d := range deps[i] {
					if !reach[d] {
						t.Fatalf("seed %d: Deps(a%d) holds a%d, not in the transitive closure of IG", seed, i+1, d+1)
					}
				}
			}
			if reach[i] {
				t.Fatalf("seed %d: cycle through a%d", seed, i+1)
			}
		}
	}
}

// bruteDeps: j is in Deps(a_i) iff j is not in index(IG) and a path of IG
// edges leads from i to j through facts only; Deps of an unverified
// assertion is itself.
func bruteDeps(i int, ig map[int][]int) []int {
	if _, in := ig[i]; !in {
		return []int{i}
	}
	set := map[int]bool{}
	var path func(x int)
	path = func(x int) {
		for _, j := range ig[x] {
			if _, in := ig[j]; in {
				path(j)
			} else {
				set[j] = true
			}
		}
	}
	path(i)
	out := []int{} // Closure's {} for no dependency
	for j := range set {
		out = append(out, j)
	}
	sort.Ints(out)
	return out
}

func reachable(i int, ig map[int][]int) map[int]bool {
	seen := map[int]bool{}
	stack := append([]int{}, ig[i]...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, ig[x]...)
	}
	return seen
}

func TestClosurePanicsOnForwardEdge(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Closure accepted an IG entry pointing forward")
		}
	}()
	Closure([]int{0, 1}, map[int][]int{0: {1}, 1: {}})
}

// A second run over an unchanged program answers every query from the
// cache and runs no checker; a changed assertion runs again.
func TestVerifyAllCache(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewSource(7))
	p := syntheticProgram(8)
	w := randomWorld(rng, 8, 4)
	cache, err := OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	o := &oracle{w: w}
	first, err := VerifyAll(ctx, p, o, &Options{Cache: cache, BoundCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	calls := o.calls.Load()
	if calls == 0 || int64(first.Summary.Checks) != calls {
		t.Fatalf("first run: %d calls, summary says %d", calls, first.Summary.Checks)
	}
	o2 := &oracle{w: w}
	second, err := VerifyAll(ctx, p, o2, &Options{Cache: cache, BoundCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := o2.calls.Load(); n != 0 {
		t.Errorf("second run called the checker %d times, want 0", n)
	}
	hits := second.Summary.CacheHits
	// The second run says every assertion was reused; apart from that and
	// the counts of checks, it is the first report.
	if second.Summary.Reused != len(second.Facts) || first.Summary.Reused != 0 {
		t.Errorf("reused: first run %d, second %d of %d", first.Summary.Reused, second.Summary.Reused, len(second.Facts))
	}
	for i := range second.Facts {
		if !second.Facts[i].Reused || first.Facts[i].Reused {
			t.Errorf("fact %d: reused %v then %v", i, first.Facts[i].Reused, second.Facts[i].Reused)
		}
		second.Facts[i].Reused = false
	}
	second.Summary.CacheHits, second.Summary.Checks, second.Summary.Reused = first.Summary.CacheHits, first.Summary.Checks, 0
	if !sameReport(first, second) {
		t.Errorf("cached report differs:\n%+v\n%+v", first, second)
	}
	if hits != int(calls) {
		t.Errorf("cached run: %d hits, want %d", hits, calls)
	}
	// Another bound is another query.
	o3 := &oracle{w: w}
	if _, err := VerifyAll(ctx, p, o3, &Options{Cache: cache, K: 6}); err != nil {
		t.Fatal(err)
	}
	if o3.calls.Load() == 0 {
		t.Error("a run with another k was answered from the cache")
	}
}

// With BoundCheck, VERIFIED facts get their completeness from the unwinding
// check, and a C-VERIFIED fact is complete only if every fact it assumed is.
func TestBoundCheck(t *testing.T) {
	ctx := context.Background()
	p := syntheticProgram(3)
	// a1 true everywhere; a2 true only given a1... a1 is a fact, so a2 is
	// C-VERIFIED with IG {a1} and Deps {}.
	w := &world{n: 3, exec: [][]bool{{true, true, true}}}
	rep, err := VerifyAll(ctx, p, &incomplete{oracle{w: w}, map[int]bool{0: true}}, &Options{BoundCheck: true, Order: []int{0, 1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Facts[0]; f.Status != VerdictVerified || f.BoundComplete || f.BoundReason == "" {
		t.Errorf("a1 = %+v, want VERIFIED and not bound-complete", f)
	}
	if f := rep.Facts[1]; f.Status != VerdictVerified || !f.BoundComplete {
		t.Errorf("a2 = %+v, want VERIFIED, bound-complete", f)
	}
	rep, err = VerifyAll(ctx, p, &incomplete{oracle{w: &world{n: 3, exec: [][]bool{{true, true, true}, {true, false, false}}}}, nil}, &Options{BoundCheck: true, Order: []int{0, 1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Facts[2]; f.Status != VerdictCVerified || !f.BoundComplete || !reflect.DeepEqual(f.Deps, []int{1}) {
		t.Errorf("a3 = %+v, want C-VERIFIED on a2, bound-complete", f)
	}
}

// incomplete is an oracle whose unwinding check fails for some targets.
type incomplete struct {
	oracle
	unbounded map[int]bool
}

func (c *incomplete) Check(ctx context.Context, q *Query) (*Result, error) {
	if q.UnwindingAssertions && c.unbounded[q.Target] {
		return &Result{Status: Falsified, Engine: "oracle"}, nil
	}
	return c.oracle.Check(ctx, q)
}

func TestVerifyAllBadOrder(t *testing.T) {
	p := syntheticProgram(3)
	for _, order := range [][]int{{0, 1}, {0, 1, 1}, {0, 1, 3}} {
		if _, err := VerifyAll(context.Background(), p, &oracle{w: randomWorld(rand.New(rand.NewSource(1)), 3, 1)}, &Options{Order: order}); err == nil {
			t.Errorf("order %v accepted", order)
		}
	}
}
