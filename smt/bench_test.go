package smt

import (
	"context"
	"testing"
)

// BenchmarkStartup measures one trivial query per solver: almost all of it
// is starting the process.
func BenchmarkStartup(b *testing.B) {
	q := &Query{Script: "(declare-const x (_ BitVec 8))\n(assert (= x #x01))", Values: []string{"x"}}
	for _, s := range []Solver{Z3(nil), CVC5(nil), Boolector(nil)} {
		b.Run(s.Name(), func(b *testing.B) {
			need(b, s.Name())
			for b.Loop() {
				res, err := s.Check(context.Background(), q)
				if err != nil || res.Status != Sat {
					b.Fatalf("%+v, %v", res, err)
				}
			}
		})
	}
}

// twentyQueries is a common part (a small bit-vector program) and twenty
// obligations on it, as bmc/native checks one translation.
func twentyQueries() (common string, obligations []string) {
	var sc Script
	x := sc.DeclareConst("x", BitVecSort(32))
	y := sc.DeclareConst("y", BitVecSort(32))
	sum := sc.DeclareConst("sum", BitVecSort(32))
	sc.Assert(Eq(sum, BVAdd(BVAdd(x, x), y)))
	sc.Assert(BVULt(x, BV(1000, 32)))
	sc.Assert(BVULt(y, BV(1000, 32)))
	for i := range 20 {
		// "sum != 7*i + 1" for varied i: some sat, some unsat.
		obligations = append(obligations, "(assert "+string(Eq(sum, BV(int64(7*i+1+i%3*5000), 32)))+")")
	}
	return sc.String(), obligations
}

// BenchmarkTwentyQueries compares twenty checks on one translation as
// twenty fresh processes and as one Session with push and pop.
func BenchmarkTwentyQueries(b *testing.B) {
	common, obligations := twentyQueries()
	for _, s := range []Solver{Z3(nil), CVC5(nil)} {
		b.Run("fresh/"+s.Name(), func(b *testing.B) {
			need(b, s.Name())
			for b.Loop() {
				for _, ob := range obligations {
					if _, err := s.Check(context.Background(), &Query{Script: common + ob, Values: []string{"x"}}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("session/"+s.Name(), func(b *testing.B) {
			need(b, s.Name())
			ctx := context.Background()
			for b.Loop() {
				sess, err := StartSession(ctx, s, nil)
				if err != nil {
					b.Fatal(err)
				}
				if err := sess.Assert(ctx, common); err != nil {
					b.Fatal(err)
				}
				for _, ob := range obligations {
					if err := sess.Push(ctx); err != nil {
						b.Fatal(err)
					}
					if err := sess.Assert(ctx, ob); err != nil {
						b.Fatal(err)
					}
					if _, err := sess.Check(ctx, "x"); err != nil {
						b.Fatal(err)
					}
					if err := sess.Pop(ctx); err != nil {
						b.Fatal(err)
					}
				}
				sess.Close()
			}
		})
	}
}

// TestTwentyQueriesAgree checks that the benchmark's two ways give the same
// answers, so the benchmark compares like with like.
func TestTwentyQueriesAgree(t *testing.T) {
	common, obligations := twentyQueries()
	forEachSessionSolver(t, func(t *testing.T, s Solver) {
		ctx := context.Background()
		sess, err := StartSession(ctx, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		if err := sess.Assert(ctx, common); err != nil {
			t.Fatal(err)
		}
		var sat, unsat int
		for i, ob := range obligations {
			fresh, err := s.Check(ctx, &Query{Script: common + ob})
			if err != nil {
				t.Fatal(err)
			}
			sess.Push(ctx)
			sess.Assert(ctx, ob)
			inSession, err := sess.Check(ctx)
			if err != nil {
				t.Fatal(err)
			}
			sess.Pop(ctx)
			if fresh.Status != inSession.Status {
				t.Errorf("obligation %d: fresh %v, session %v", i, fresh.Status, inSession.Status)
			}
			switch fresh.Status {
			case Sat:
				sat++
			case Unsat:
				unsat++
			}
		}
		if sat == 0 || unsat == 0 {
			t.Errorf("%d sat, %d unsat: want both kinds", sat, unsat)
		}
	})
}
