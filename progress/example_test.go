package progress_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/suretydev/surety/progress"
)

// ExampleBar prints a pipeline's warnings for people; off a
// terminal no bar is drawn.
func ExampleBar() {
	bar := progress.Bar(os.Stdout, "contracts", false)
	bar(progress.Event{Stage: "load", Warning: "skipped src/bin.c: frontend: binary file"})
	bar(progress.Event{Stage: "contracts", Done: 1, Total: 2, Layer: 1, Layers: 1})
	// Output:
	// surety contracts: skipped src/bin.c: frontend: binary file
}

// ExampleStages prints each stage of Synth as it starts, with the
// time since the run began.
func ExampleStages() {
	var out strings.Builder
	stage := progress.Stages(&out, "synth")
	stage(progress.Event{Stage: "properties"})
	fmt.Println(strings.HasPrefix(out.String(), "synth: properties"))
	// Output:
	// true
}
