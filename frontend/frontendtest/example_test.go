package frontendtest_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/frontendtest"
)

// fns is a language in which every line that is not a comment names a
// function.
var fns = &frontend.Language{Name: "fns", Doc: "one function name per line", Exts: []string{".fns"},
	Parse: func(_ context.Context, src *frontend.Source, _ frontend.Mode) (*frontend.File, error) {
		f := &frontend.File{Path: src.Path, Language: "fns", Size: len(src.Content),
			Lines: bytes.Count(src.Content, []byte("\n"))}
		off := 0
		for i, line := range strings.SplitAfter(string(src.Content), "\n") {
			if name, _, _ := strings.Cut(line, " "); name != "" && name != "//" && name != "\n" {
				f.Functions = append(f.Functions, &frontend.Function{Name: name, Span: frontend.Span{
					File: src.Path, StartByte: off, EndByte: off + len(name), StartLine: i + 1, EndLine: i + 1}})
			}
			off += len(line)
		}
		return f, nil
	}}

// printer is a frontendtest.Testing that prints failures; a test passes
// *testing.T instead.
type printer struct{}

func (printer) Helper()                           {}
func (printer) Errorf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func ExampleRun() {
	// testdata/src/example/a.fns:
	//	// one function per line
	//	area    // want func:"area"
	//	volume  // want func:"volume" func:"surface"
	frontendtest.Run(printer{}, frontendtest.TestData(), fns, "example")
	// Output:
	// example/a.fns:3: no func matching "surface"; on this line: "volume unexported decl"
}
