package smt_test

import (
	"context"
	"fmt"
	"time"

	"github.com/suretydev/surety/smt"
)

// Check one query with z3 and read the model.
func ExampleSolver_Check() {
	q := &smt.Query{
		Script: `
(declare-const x (_ BitVec 8))
(assert (= (bvmul x #x03) #x09))`,
		Values:  []string{"x"},
		Timeout: 10 * time.Second,
	}
	res, err := smt.Z3(nil).Check(context.Background(), q)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Model["x"].Int, res.Model["x"].Text)
	// Output: sat 3 #x03
}

// Run z3 and cvc5 together; the first definitive answer wins.
func ExamplePortfolio() {
	p := smt.Portfolio(smt.Z3(nil), smt.CVC5(nil))
	res, err := p.Check(context.Background(), &smt.Query{
		Script: `
(declare-const x (_ BitVec 8))
(assert (bvult x #x05))
(assert (bvugt x #x07))`,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status)
	// Output: unsat
}

// Check several obligations on one translation with one solver process.
func ExampleStartSession() {
	ctx := context.Background()
	sess, err := smt.StartSession(ctx, smt.Z3(nil), &smt.SessionOptions{Timeout: 10 * time.Second})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sess.Close()
	// The translation, once.
	if err := sess.Assert(ctx, "(declare-const i (_ BitVec 32))\n(assert (bvult i #x0000000a))"); err != nil {
		fmt.Println(err)
		return
	}
	// Each obligation in its own scope: can the assertion fail?
	for _, negated := range []string{"(bvuge i #x0000000a)", "(= i #x00000007)"} {
		sess.Push(ctx)
		sess.Assert(ctx, "(assert "+negated+")")
		res, err := sess.Check(ctx, "i")
		sess.Pop(ctx)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(negated, res.Status, res.Model["i"].Int)
	}
	// Output:
	// (bvuge i #x0000000a) unsat <nil>
	// (= i #x00000007) sat 7
}
