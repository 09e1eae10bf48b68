package rust

import (
	"bytes"
	"context"
	"fmt"

	sitter "github.com/smacker/go-tree-sitter"
	tsrust "github.com/smacker/go-tree-sitter/rust"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/tsutil"
)

// Rust is the frontend registered for .rs files.
var Rust = &frontend.Language{
	Name:  "rust",
	Doc:   "Rust through tree-sitter: items, impls, traits, modules, calls (also inside macro arguments), asserts and Verus clauses",
	Exts:  []string{".rs"},
	Parse: Parse,
}

func init() { frontend.Register("rust", Rust) }

var language = tsrust.GetLanguage()

// Parse extracts one Rust file. It never panics: an internal failure is
// returned as an error naming the file. Text that is binary or not UTF-8 is
// refused with frontend.ErrBinary or frontend.ErrNotUTF8 wrapped.
func Parse(ctx context.Context, src *frontend.Source, mode frontend.Mode) (f *frontend.File, err error) {
	if err := frontend.CheckText(src.Content); err != nil {
		return nil, fmt.Errorf("rust: %s: %w", src.Path, err)
	}
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("rust: %s: internal error: %v", src.Path, r)
		}
	}()
	f = &frontend.File{
		Path:     src.Path,
		Language: "rust",
		Size:     len(src.Content),
		Lines:    countLines(src.Content),
		Module:   fileModule(src.Path),
	}
	if mode.Has(frontend.NeedSource) {
		f.Source = src.Content
	}
	x := newExtractor(src.Path, src.Content, mode, f)
	err = tsutil.Parse(ctx, language, src.Content, func(root *sitter.Node) error {
		f.Errors = tsutil.Errors(src.Path, root)
		return x.run(ctx, root, f.Module)
	})
	if err != nil {
		return nil, fmt.Errorf("rust: %s: %w", src.Path, err)
	}
	return f, nil
}

func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}
