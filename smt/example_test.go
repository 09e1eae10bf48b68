package smt_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/suretydev/surety/registry"
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

// Build a floating-point question with the term builder: is there a
// float32 x with x + 1 == x that is finite?
func ExampleScript() {
	var sc smt.Script
	x := sc.DeclareConst("x", smt.Float32Sort)
	one := smt.FPFromBits(8, 24, smt.BV(0x3f800000, 32)) // 1.0f
	sc.Assert(smt.FPEq(smt.FPAdd(smt.RNE, x, one), x))
	sc.Assert(smt.Not(smt.FPIsInfinite(x)))
	sc.Assert(smt.FPGt(x, smt.FPZero(8, 24, false)))
	fmt.Print(sc.String())
	res, err := smt.Z3(nil).Check(context.Background(), &smt.Query{Script: sc.String(), Values: []string{string(x)}})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Any x of 2^24 or more will do; which one is the solver's choice.
	fmt.Println(res.Status, *res.Model[string(x)].Float >= 1<<24)
	// Output:
	// (declare-const x (_ FloatingPoint 8 24))
	// (assert (fp.eq (fp.add RNE x ((_ to_fp 8 24) #x3f800000)) x))
	// (assert (not (fp.isInfinite x)))
	// (assert (fp.gt x (_ +zero 8 24)))
	// sat true
}

// ExampleOpen chooses a solver by name, as the command line's --solver
// does: "none" is no solver, and a name nobody registered is an error
// that matches registry.ErrUnknown.
func ExampleOpen() {
	s, err := smt.Open("none")
	fmt.Println(s == nil, err)
	_, err = smt.Open("yices")
	fmt.Println(errors.Is(err, registry.ErrUnknown))
	// Output:
	// true <nil>
	// true
}
