package viverra_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/cospec"
	"github.com/suretydev/surety/llm/llmtest"
)

// ExampleSafety checks a C program for undefined behaviour at every
// operation; the unguarded division is FALSIFIED with an input that
// replays it.
func ExampleSafety() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "div.c")
	os.WriteFile(file, []byte(`#include <stdio.h>
int main(void) {
    int d;
    if (scanf("%d", &d) != 1) return 1;
    printf("%d\n", 100 / d);
    return 0;
}
`), 0o644)
	rep, err := viverra.Safety(context.Background(), file, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Claims {
		fmt.Println(c.Line, c.Property, c.Status, c.Expr)
	}
	// Output:
	// 5 division-by-zero FALSIFIED 100 / d
	// 5 signed-overflow VERIFIED 100 / d
}

// ExampleSynth writes a C program from a task description with verified
// facts, VIVERRA's way, with a scripted model standing in for a real one
// and the native engine checking the assertions.
func ExampleSynth() {
	script, _ := llmtest.Load("../cmd/surety/testdata/synth/model/shift_letter.txtar")
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()

	checker, err := viverra.Engines(ctx, &viverra.EngineOptions{Names: []string{"native"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := viverra.Synth(ctx, `Read a single line of text from stdin (up to 1024 characters) and print the result of shifting every alphabetic character one step forward in the alphabet, wrapping z → a and Z → A. Non-alphabetic characters are unchanged. If the input exceeds 1024 characters, print "Input too long" and exit with a nonzero code.`,
		&viverra.SynthOptions{Cospec: cospec.Options{Model: srv.Model(nil), Checker: checker}, Out: dir, Name: "shift"})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := res.Report.Summary
	fmt.Printf("%d properties; %d assertions: %d verified, %d falsified\n", len(res.Properties), s.Assertions, s.Verified, s.Falsified)
	_, err = os.Stat(filepath.Join(dir, "shift.c"))
	fmt.Println("wrote shift.c:", err == nil)
	// Output:
	// 4 properties; 7 assertions: 6 verified, 1 falsified
	// wrote shift.c: true
}

func ExampleFacts() {
	src := []byte(`#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 100) return 0;
    int y = 2 * x;
    assert(y >= x);
    assert(y != 42);
    return 0;
}
`)
	res, err := viverra.Facts(context.Background(), "twice.c", src, &viverra.FactsOptions{Engines: []string{"native"}, Audit: "off"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Report.Facts {
		fmt.Println(f.Label(), f.Pred, f.Status, "complete:", f.BoundComplete)
	}
	// Output:
	// a1 y >= x VERIFIED complete: true
	// a2 y != 42 FALSIFIED complete: false
}
