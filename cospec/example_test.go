package cospec_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/suretydev/surety/bmc"
	_ "github.com/suretydev/surety/bmc/esbmc" // registers the ESBMC engine
	"github.com/suretydev/surety/cospec"
	"github.com/suretydev/surety/llm/llmtest"
)

// Synthesize with a scripted model (the replies a model would give, in
// stage order) and the real gcc and ESBMC.
func ExampleSynthesize() {
	p0, _ := os.ReadFile("testdata/clamp_p0.c")
	plus, _ := os.ReadFile("testdata/clamp_plus.c")
	srv, err := llmtest.Start(llmtest.Steps(
		`{"properties": ["The result is between 0 and MAX.", "A value already in range is returned unchanged."]}`,
		"```c\n"+string(p0)+"```",
		"```c\n"+string(plus)+"```",
		`{"defines": []}`,
		`{"mapping": [{"assertion": "a1", "property": 1}, {"assertion": "a2", "property": 2}]}`,
		`{"facts": [{"assertion": "a1", "fact": "At this point in the program, r is between 0 and MAX."}]}`,
	))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	ctx := context.Background()
	checker, err := bmc.Engines(ctx, []string{"esbmc"})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := cospec.Synthesize(ctx, "Read an integer and print it clamped to [0, 100].", &cospec.Options{
		Model: srv.Model(nil), Checker: checker, K: 5, File: "clamp.c",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Report.Facts {
		fmt.Println(f.Label(), f.Status, f.Pred)
	}
	for _, line := range strings.Split(res.Final, "\n") {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "//FACT[") {
			fmt.Println(line)
		}
	}
	// Output:
	// a1 VERIFIED r >= 0 && r <= MAX
	// a2 FALSIFIED m == n
	// //FACT[k=5]: At this point in the program, r is between 0 and MAX.
}
