package complete_test

import (
	"context"
	"fmt"
	"log"

	"github.com/suretydev/surety/complete"
	_ "github.com/suretydev/surety/complete/dafny" // registers "dafny", the verifier Check runs by default
)

// Check a Dafny file's contracts: Abs's contract determines its result,
// WeakAbs's accepts two results for one input, and the witness says which.
// (It runs Dafny; without it, TestMain leaves the examples out.)
func ExampleCheck() {
	rep, err := complete.Check(context.Background(), "testdata/abs.dfy", nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rep.Results {
		fmt.Println(r.Name, r.Verdict)
		if w := r.Witness; w != nil {
			fmt.Printf("  %s=%s: %s = %s or %s\n", w.Input[0].Name, w.Input[0].Value, w.Actual[0].Name, w.Actual[0].Value, w.Other[0].Value)
		}
	}
	// Output:
	// Abs OK
	// WeakAbs UNDER
	//   x=0: y = 0 or 1
}
