package golang

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/frontend"
)

// A .go file with no package clause (empty, or comments only) once crashed
// every command through a nil token.File: go/packages parses it with no
// package position. It must load as a file whose error names what is
// missing, next to the package's good files, in a module and outside one.
func TestNoPackageClause(t *testing.T) {
	for _, module := range []bool{true, false} {
		name := "loose"
		if module {
			name = "module"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"a.go":       "package a\n\nfunc F() int { return 1 }\n",
				"empty.go":   "",
				"comment.go": "// Only a comment.\n",
			}
			if module {
				files["go.mod"] = "module example.com/a\n\ngo 1.22\n"
			}
			for n, c := range files {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			prog, ferrs, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Languages: []*frontend.Language{Go}})
			if err != nil {
				t.Fatal(err)
			}
			for _, fe := range ferrs {
				t.Errorf("file error: %v", fe)
			}
			got := map[string]*frontend.File{}
			for _, f := range prog.Files {
				got[filepath.Base(f.Path)] = f
				for _, e := range f.Errors {
					if e.Span.File != f.Path || e.Span.StartByte < 0 || e.Span.EndByte > f.Size {
						t.Errorf("%s: error span %+v outside the file", f.Path, e.Span)
					}
				}
			}
			if f := got["a.go"]; f == nil || len(f.Functions) != 1 || f.Functions[0].Name != "F" {
				t.Errorf("a.go: %+v, want function F", f)
			}
			for _, n := range []string{"empty.go", "comment.go"} {
				f := got[n]
				if f == nil {
					t.Errorf("%s: not in the program", n)
					continue
				}
				if len(f.Errors) == 0 || !strings.Contains(f.Errors[0].Msg, "no package clause") {
					t.Errorf("%s: errors %v, want one saying there is no package clause", n, f.Errors)
				}
			}
		})
	}
}

// go list reads every source file of a package directory, and blocked for
// ever on a named pipe there (even one named .c). Such a directory is read
// syntax only, its resolver naming the pipe; the load returns promptly.
func TestPipeInPackageDir(t *testing.T) {
	dir := t.TempDir()
	for n, c := range map[string]string{
		"go.mod": "module example.com/a\n\ngo 1.22\n",
		"a.go":   "package a\n\nfunc F() int { return G() }\n\nfunc G() int { return 1 }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := mkfifo(filepath.Join(dir, "p.c")); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := mkfifo(filepath.Join(dir, "q.go")); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	prog, ferrs, err := frontend.Load(ctx, []string{dir}, &frontend.LoadOptions{Languages: []*frontend.Language{Go}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ferrs) != 0 || len(prog.Files) != 1 {
		t.Fatalf("files %v, errors %v; want a.go alone", prog.Files, ferrs)
	}
	if r := prog.Files[0].Resolver; !strings.Contains(r, "p.c (named pipe)") || !strings.Contains(r, "q.go (named pipe)") {
		t.Errorf("resolver %q, want it to name both pipes", r)
	}
	if n := len(prog.Files[0].Functions); n != 2 {
		t.Errorf("%d functions, want 2", n)
	}
}
