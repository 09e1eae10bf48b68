package viverra_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/suretydev/surety/viverra"
)

// ExampleReadDescription reads the task description Synth takes.
func ExampleReadDescription() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	desc, err := viverra.ReadDescription(context.Background(), writeFile(dir, "task.txt", "\n  Sort an array of ints.\n"))
	fmt.Printf("%q %v\n", desc, err)
	// Output:
	// "Sort an array of ints." <nil>
}

// ExampleOpenCheckCache opens the cache of check results that Facts and
// Synth share; with no directory and no cache home, there is none.
func ExampleOpenCheckCache() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	c, err := viverra.OpenCheckCache(dir, os.Getenv)
	fmt.Println(c != nil, err)
	c, err = viverra.OpenCheckCache("", func(string) string { return "" })
	fmt.Println(c == nil, err)
	// Output:
	// true <nil>
	// true <nil>
}

// ExampleSynthOptions_ProgramFile names the files Synth writes.
func ExampleSynthOptions_ProgramFile() {
	opts := &viverra.SynthOptions{Out: "synth", Name: "sort"}
	fmt.Println(opts.ProgramFile(), opts.ReportFile())
	// Output:
	// synth/sort.c synth/sort.json
}

// writeFile writes a file for an example and returns its path.
func writeFile(dir, name, content string) string {
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		panic(err)
	}
	return p
}
