package sandbox_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/validate/sandbox"
)

// A build step and a run step share one fresh directory; the run step is
// skipped when the build fails.
func ExampleSandbox_Run() {
	sb := sandbox.New(&sandbox.Options{
		// Isolation needs namespaces; the example does without them so
		// that it runs anywhere. The default (zero) Options isolate.
		AllowNetwork: true, AllowWrites: true,
	})
	res, err := sb.Run(context.Background(), &sandbox.Spec{
		Files: map[string][]byte{"greet.sh": []byte("echo hello from $(basename $PWD | cut -c1-14)\n")},
		Steps: []sandbox.Step{
			{Name: "build", Command: "chmod +x greet.sh"},
			{Name: "run", Command: "./greet.sh", IfOK: true},
		},
	})
	if err != nil {
		panic(err)
	}
	for _, st := range res.Steps {
		fmt.Printf("%s: exit %d %q\n", st.Name, st.ExitCode, st.Stdout)
	}
	// Output:
	// build: exit 0 ""
	// run: exit 0 "hello from surety-sandbox\n"
}
