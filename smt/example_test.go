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
