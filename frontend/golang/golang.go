package golang

import (
	"context"
	"fmt"
	"go/parser"
	"go/token"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// Algorithm chooses how calls are resolved.
type Algorithm string

const (
	// VTA is variable type analysis (go/callgraph/vta) seeded with CHA: sound
	// and far more precise than CHA for interface and function-value calls.
	VTA Algorithm = "vta"
	// CHA is class hierarchy analysis (go/callgraph/cha): sound, cheaper,
	// and coarser: an interface call reaches every method of that name and
	// signature.
	CHA Algorithm = "cha"
)

// Go is the frontend registered for .go files, resolving calls with VTA.
// Use New to choose another algorithm.
var Go = New(VTA)

// New returns a Go frontend resolving calls with algo. It is not
// registered; pass it in frontend.LoadOptions.Languages.
func New(algo Algorithm) *frontend.Language {
	return &frontend.Language{
		Name: "go",
		Doc:  "Go through golang.org/x/tools: packages, SSA and a " + string(algo) + " call graph",
		Exts: []string{".go"},
		Parse: func(ctx context.Context, src *frontend.Source, mode frontend.Mode) (f *frontend.File, err error) {
			defer func() {
				if r := recover(); r != nil {
					f, err = nil, fmt.Errorf("golang: %s: internal error: %v", src.Path, r)
				}
			}()
			return parseSyntaxOnly(src, mode)
		},
		LoadFiles: func(ctx context.Context, paths []string, mode frontend.Mode) (fs []*frontend.File, err error) {
			// go/packages, SSA and the call graph run on whatever the
			// files hold; a panic in any of them is this frontend's
			// error, never the caller's crash.
			defer func() {
				if r := recover(); r != nil {
					fs, err = nil, fmt.Errorf("golang: loading %s: internal error: %v", strings.Join(paths, ", "), r)
				}
			}()
			return load(ctx, paths, mode, algo)
		},
	}
}

func init() { frontend.Register("go", Go) }

// parseSyntaxOnly extracts one file with go/parser alone: no types, calls
// left to name resolution.
func parseSyntaxOnly(src *frontend.Source, mode frontend.Mode) (*frontend.File, error) {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, src.Path, src.Content, parser.ParseComments|parser.SkipObjectResolution)
	x := &extractor{fset: fset, mode: mode, path: src.Path, src: src.Content}
	var f *frontend.File
	if af != nil {
		f = x.file(af, af.Name.Name)
	} else {
		f = &frontend.File{Path: src.Path, Language: "go", Size: len(src.Content)}
	}
	f.Resolver = "syntax-only"
	if err != nil {
		f.Errors = append(f.Errors, syntaxErrors(fset, src.Path, src.Content, err)...)
	}
	return f, nil
}
