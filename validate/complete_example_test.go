package validate_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/suretydev/surety/validate"
)

// Check a Dafny file's contracts for completeness and print the report the
// way "surety complete" does. (Not run as a test: it needs Dafny; see
// examples/dafny for the tests against the real one.)
func ExampleCheckComplete() {
	rep, err := validate.CheckComplete(context.Background(), "abs.dfy", nil)
	if err != nil {
		log.Fatal(err)
	}
	validate.WriteCompleteText(os.Stdout, rep)
	for _, r := range rep.Results {
		if r.Verdict == validate.CompleteUnder {
			fmt.Println(r.Name, "accepts", r.Witness.Actual[0].Value, "and", r.Witness.Other[0].Value)
		}
	}
}
