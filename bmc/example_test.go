package bmc_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/bmc"
)

const prog = `#include <assert.h>
int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x >= 0);
    int y = x + 1;
    assert(y > x);
    return 0;
}
`

func ExampleParseProgram() {
	p, err := bmc.ParseProgram("prog.c", []byte(prog))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range p.Asserts {
		fmt.Printf("%s: <%s, %d, %s> at source line %d\n", a.Label(), a.Func, a.Line, a.Pred, a.SrcLine)
	}
	// Output:
	// a1: <main, 2, x >= 0> at source line 4
	// a2: <main, 3, y > x> at source line 6
}

func ExampleQuery_Render() {
	p, _ := bmc.ParseProgram("prog.c", []byte(prog))
	q := &bmc.Query{Program: p, Target: 1, Assume: []int{0}, K: 5}
	fmt.Print(string(q.Render("", "__ESBMC_assume")))
	// Output:
	// #include <assert.h>
	// int main(void) {
	//     int x = __VERIFIER_nondet_int();
	//     __ESBMC_assume(x >= 0);
	//     int y = x + 1;
	//     assert(y > x);
	//     return 0;
	// }
}

// table is a stand-in engine for the example: it answers from a table of
// (target, number of assumptions) -> status, and says it reproduced its
// counterexamples (VerifyAll replays any other). Real engines are
// bmc/esbmc, bmc/cbmc and bmc/native.
type table map[[2]int]bmc.Status

func (t table) Name() string { return "table" }
func (t table) Check(ctx context.Context, q *bmc.Query) (*bmc.Result, error) {
	s := t[[2]int{q.Target, len(q.Assume)}]
	return &bmc.Result{Status: s, Engine: "table", Replayed: s == bmc.Falsified}, nil
}

func ExampleVerifyAll() {
	p, _ := bmc.ParseProgram("prog.c", []byte(prog))
	// x >= 0 fails (x is any int); y > x fails alone (x = INT_MAX wraps)
	// and holds once x >= 0 is assumed.
	engine := table{{0, 0}: bmc.Falsified, {1, 0}: bmc.Falsified, {1, 1}: bmc.Verified}
	rep, err := bmc.VerifyAll(context.Background(), p, engine, &bmc.Options{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rep.Facts {
		fmt.Println(f.Label(), f.Status, "IG:", f.IG, "Deps:", f.Deps)
	}
	fmt.Print(string(rep.Annotate(p)))
	// Output:
	// a1 FALSIFIED IG: [] Deps: [0]
	// a2 C-VERIFIED IG: [0] Deps: [0]
	// #include <assert.h>
	// int main(void) {
	//     int x = __VERIFIER_nondet_int();
	//     int y = x + 1;
	//     //FACT[k=5, cond: a1]: y > x
	//     return 0;
	// }
}

func ExamplePortfolio() {
	fast := table{{0, 0}: bmc.Verified}
	p, _ := bmc.ParseProgram("prog.c", []byte(prog))
	pf := &bmc.Portfolio{Checkers: []bmc.Checker{fast}}
	r, err := pf.Check(context.Background(), &bmc.Query{Program: p, Target: 0, K: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pf.Name(), r.Status, r.Engine)
	// Output:
	// portfolio(table) VERIFIED table
}
