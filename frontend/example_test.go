package frontend_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// ExampleRegister shows how a plugin adds a language: declare a Language
// value and register it from the plugin package's init. Here the language
// is a toy in which each line "name: callee..." declares a function.
func ExampleRegister() {
	toy := &frontend.Language{
		Name: "toy",
		Doc:  "a toy language: one function per line",
		Exts: []string{".toy"},
		Parse: func(ctx context.Context, src *frontend.Source, mode frontend.Mode) (*frontend.File, error) {
			f := &frontend.File{Path: src.Path, Language: "toy"}
			for i, line := range strings.Split(string(src.Content), "\n") {
				name, callees, ok := strings.Cut(line, ":")
				if !ok {
					continue
				}
				fn := &frontend.Function{Name: name, Definition: true, Span: frontend.Span{File: src.Path, StartLine: i + 1, EndLine: i + 1}}
				for _, c := range strings.Fields(callees) {
					fn.Calls = append(fn.Calls, &frontend.Call{Callee: c, Name: c, Kind: frontend.CallDirect})
				}
				f.Functions = append(f.Functions, fn)
			}
			return f, nil
		},
	}
	frontend.Register("toy", toy) // a plugin does this in its init function

	dir, _ := os.MkdirTemp("", "toy")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "prog.toy"), []byte("main: parse eval\nparse:\neval: parse\n"), 0o644)

	prog, _, err := frontend.Load(context.Background(), []string{dir}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, fn := range prog.Functions() {
		var callees []string
		for _, c := range fn.Calls {
			callees = append(callees, c.Callee)
		}
		fmt.Println(fn.Name, "->", callees)
	}
	// Output:
	// main -> [parse eval]
	// parse -> []
	// eval -> [parse]
}
