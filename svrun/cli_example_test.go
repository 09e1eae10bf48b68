package svrun_test

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/suretydev/surety/svcomp"
	"github.com/suretydev/surety/svrun"
)

// ExampleTaskProgress prints each task of Bench as it is answered.
func ExampleTaskProgress() {
	progress := svrun.TaskProgress(os.Stdout)
	progress(&svcomp.Result{Task: "loop.yml", Verdict: svcomp.True, Outcome: svcomp.CorrectTrue, CPU: 1500 * time.Millisecond})
	progress(&svcomp.Result{Task: "deep.yml", Verdict: svcomp.Unknown, Outcome: svcomp.NoAnswer, CPU: 30 * time.Second, Reason: "a1 (line 9) holds up to k=64 only"})
	// Output:
	// loop.yml: true (correct true) 1.5s CPU
	// deep.yml: unknown (unknown) 30.0s CPU: a1 (line 9) holds up to k=64 only
}

// ExampleTaskVerdict_WriteJSON prints one task's verdict as SV-COMP's
// table of that task, as "surety facts --json TASK.yml" does.
func ExampleTaskVerdict_WriteJSON() {
	var out strings.Builder
	v := svrun.TaskVerdict{Result: &svcomp.Result{Task: "loop.yml", Verdict: svcomp.True, Outcome: svcomp.CorrectTrue}}
	v.WriteJSON(&out)
	fmt.Println(strings.Contains(out.String(), `"loop.yml"`))
	// Output:
	// true
}
