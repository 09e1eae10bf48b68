package validate_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
)

// A suspected off-by-one is confirmed by a test whose output differs from
// the reference's. The model is scripted; the test really runs.
func ExampleConfirm() {
	srv, err := llmtest.Start(llmtest.Steps(`{"file": "t.sh", "content": "echo 41", "expected": "prints 42"}`))
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	c, err := validate.Confirm(context.Background(), &validate.Suspect{
		Function: "answer", File: "answer.sh", Line: 3,
		Claim:  "prints 42",
		Actual: "prints 41",
	}, &validate.ConfirmOptions{
		Model:  srv.Model(nil),
		System: validate.TargetSystem{Entry: "a shell script", Run: "sh {test}", Reference: "echo 42"},
		// Network and write isolation need namespaces; the example does
		// without them so that it runs anywhere.
		Runner: sandbox.New(&sandbox.Options{AllowNetwork: true, AllowWrites: true}),
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Status, "by attempt", c.Trigger.N, "with the", c.Trigger.Verdict.Oracle, "oracle")
	fmt.Println(c.Trigger.Verdict.Explanation)
	// Output:
	// confirmed by attempt 1 with the reference oracle
	// the output differs: system printed "41\n", reference printed "42\n"
}
