package bmc

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand"
	"strings"
	"sync/atomic"
	"time"
)

// world is a finite model of a program's k-bounded executions: exec[e][j]
// says whether the predicate of assertion j holds on execution e. It lets
// a test decide queries exactly: Vk(Asm(P, S), a_i) is VERIFIED iff every
// execution on which all of S hold satisfies a_i (Definitions 4 and 5).
type world struct {
	n    int
	exec [][]bool
}

func randomWorld(rng *rand.Rand, n, execs int) *world {
	w := &world{n: n}
	for e := 0; e < execs; e++ {
		row := make([]bool, n)
		for j := range row {
			row[j] = rng.Intn(4) != 0 // mostly true, so facts appear
		}
		w.exec = append(w.exec, row)
	}
	return w
}

// holds reports whether a_i holds on every execution satisfying all of s.
func (w *world) holds(i int, s []int) bool {
	for _, row := range w.exec {
		ok := true
		for _, j := range s {
			ok = ok && row[j]
		}
		if ok && !row[i] {
			return false
		}
	}
	return true
}

// oracle is a Checker that answers from a world, UNKNOWN for a fixed
// pseudo-random share of queries (never a wrong verdict), with an optional
// pseudo-random delay to shuffle completion order. It counts its calls.
type oracle struct {
	w        *world
	unknown  int // percent of queries answered UNKNOWN
	maxDelay time.Duration
	calls    atomic.Int64
}

func (o *oracle) Name() string { return "oracle" }

func (o *oracle) Check(ctx context.Context, q *Query) (*Result, error) {
	o.calls.Add(1)
	h := fnv.New64a()
	fmt.Fprint(h, q.Target, q.Assume, q.UnwindingAssertions)
	x := h.Sum64()
	if o.maxDelay > 0 {
		select {
		case <-time.After(time.Duration(x % uint64(o.maxDelay))):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if int(x%100) < o.unknown {
		return &Result{Status: Unknown, Engine: "oracle", Reason: "timeout"}, nil
	}
	if o.w.holds(q.Target, q.Assume) {
		return &Result{Status: Verified, Engine: "oracle", BoundComplete: q.UnwindingAssertions}, nil
	}
	// It stands for an engine that reproduced its counterexample.
	return &Result{Status: Falsified, Engine: "oracle", Counterexample: &Counterexample{}, Replayed: true}, nil
}

// syntheticProgram is main() with n assertions c0 ... c(n-1), one a line.
func syntheticProgram(n int) *Program {
	var b strings.Builder
	b.WriteString("#include <assert.h>\nint main(void) {\n    int c[64];\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    assert(c[%d]);\n", i)
	}
	b.WriteString("    return 0;\n}\n")
	p, err := ParseProgram("synthetic.c", []byte(b.String()))
	if err != nil {
		panic(err)
	}
	return p
}

// algorithm2 is VIVERRA's Algorithm 2 written literally, one check after
// the other, as the reference VerifyAll must agree with.
func algorithm2(ctx context.Context, p *Program, t []int, k int, c Checker) (ig map[int][]int, f map[int]bool) {
	ig, f = map[int][]int{}, map[int]bool{}
	for pos, i := range t {
		r, err := c.Check(ctx, &Query{Program: p, Target: i, K: k})
		if err != nil {
			panic(err)
		}
		if r.Status == Verified {
			ig[i] = []int{}
			continue
		}
		s := append([]int{}, t[:pos]...)
		r, err = c.Check(ctx, &Query{Program: p, Target: i, Assume: s, K: k})
		if err != nil {
			panic(err)
		}
		if r.Status == Verified {
			ig[i] = s
		} else if r.Status == Falsified {
			f[i] = true
		}
	}
	return ig, f
}
