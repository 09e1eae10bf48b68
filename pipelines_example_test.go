package surety_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety"
	_ "github.com/suretydev/surety/complete/dafny" // registers "dafny", which Complete runs
)

// ExampleComplete asks whether the contracts of a Dafny file determine
// their results: Abs's does; WeakAbs's accepts two results for x = 0.
// (It runs Dafny.)
func ExampleComplete() {
	rep, err := surety.Complete(context.Background(), "complete/testdata/abs.dfy", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rep.Results {
		fmt.Println(r.Name, r.Verdict)
	}
	fmt.Println("incomplete:", rep.Under())
	// Output:
	// Abs OK
	// WeakAbs UNDER
	// incomplete: true
}

// ExampleDoctor lists the outside programs surety looks for; the report
// also says where each is, its version, and whether each verification
// engine passed its self-test (DoctorReport.OK).
func ExampleDoctor() {
	rep := surety.Doctor(context.Background(), nil)
	for _, p := range rep.Programs {
		fmt.Println(p.Name)
	}
	// Output:
	// z3
	// cvc5
	// boolector
	// bitwuzla
	// esbmc
	// cbmc
	// dafny
	// gcc
}
