package frontend

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
)

func TestProjectRoot(t *testing.T) {
	top := t.TempDir()
	if top2, err := filepath.EvalSymlinks(top); err == nil {
		top = top2
	}
	write(t, top, "repo/.git/HEAD", []byte("ref: refs/heads/main\n"))
	write(t, top, "repo/mod/go.mod", []byte("module m\n"))
	write(t, top, "repo/mod/pkg/a.go", []byte("package pkg\n"))
	write(t, top, "repo/mod/pkg/sub/b.go", []byte("package sub\n"))
	write(t, top, "loose/mod/go.mod", []byte("module m\n"))
	write(t, top, "loose/mod/c.go", []byte("package m\n"))
	write(t, top, "crate/Cargo.toml", []byte("[package]\n"))
	write(t, top, "crate/src/lib.rs", []byte("fn f() {}\n"))
	write(t, top, "nocargo/src/a/lib.rs", []byte("fn f() {}\n"))
	write(t, top, "bare/x/d.c", []byte("int d;\n"))
	write(t, top, "bare/y/e.c", []byte("int e;\n"))
	j := func(p ...string) string { return filepath.Join(append([]string{top}, p...)...) }
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{[]string{j("repo/mod/pkg/a.go")}, j("repo")},                        // .git wins over go.mod
		{[]string{j("repo/mod/pkg"), j("repo/mod/pkg/sub/b.go")}, j("repo")}, //
		{[]string{j("loose/mod/c.go")}, j("loose/mod")},                      // no .git: the module
		{[]string{j("bare/x/d.c"), j("bare/y/e.c")}, j("bare")},              // neither: the common ancestor
		{[]string{j("bare/x")}, j("bare/x")},                                 //
		{[]string{j("crate/src/lib.rs")}, j("crate")},                        // Cargo.toml
		{[]string{j("nocargo/src/a")}, j("nocargo")},                         // above src/
	} {
		got, err := ProjectRoot(c.paths)
		if err != nil || got != c.want {
			t.Errorf("ProjectRoot(%v) = %q, %v; want %q", c.paths, got, err, c.want)
		}
	}
}

// contracts made from a relative path were not found by reason given the
// absolute path: IDs carried the path as typed. Under a Root, one file has
// one name, however it is spelled and wherever the command runs.
func TestLoadRootNamesFilesOnce(t *testing.T) {
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	write(t, root, "pkg/a.lines", []byte("a b\nb\n"))
	ids := func(paths ...string) []string {
		t.Helper()
		prog, ferrs, err := Load(context.Background(), paths, &LoadOptions{Languages: []*Language{lines}, Root: root})
		if err != nil || len(ferrs) != 0 {
			t.Fatalf("%v %v", err, ferrs)
		}
		var out []string
		for _, f := range prog.Files {
			if f.Path != "pkg/a.lines" {
				t.Errorf("file path %q, want pkg/a.lines", f.Path)
			}
			for _, fn := range f.Functions {
				out = append(out, fn.ID())
			}
		}
		return out
	}
	want := []string{"pkg/a.lines:a@1", "pkg/a.lines:b@2"}
	if got := ids(filepath.Join(root, "pkg", "a.lines")); !reflect.DeepEqual(got, want) {
		t.Errorf("absolute: %v, want %v", got, want)
	}
	if got := ids(root, filepath.Join(root, "pkg", "..", "pkg", "a.lines")); !reflect.DeepEqual(got, want) {
		t.Errorf("twice under two spellings: %v, want %v", got, want)
	}
	t.Chdir(filepath.Join(root, "pkg"))
	if got := ids("a.lines"); !reflect.DeepEqual(got, want) {
		t.Errorf("relative from pkg/: %v, want %v", got, want)
	}
	if got := ids("./"); !reflect.DeepEqual(got, want) {
		t.Errorf("./ from pkg/: %v, want %v", got, want)
	}
	outside := t.TempDir()
	write(t, outside, "o.lines", []byte("o\n"))
	prog, _, err := Load(context.Background(), []string{filepath.Join(outside, "o.lines")}, &LoadOptions{Languages: []*Language{lines}, Root: root})
	if err != nil || len(prog.Files) != 1 || !filepath.IsAbs(prog.Files[0].Path) {
		t.Errorf("a file outside the root: %+v, %v; want its absolute path", prog.Files, err)
	}
	if b, err := ReadFileIn(root)("pkg/a.lines"); err != nil || string(b) != "a b\nb\n" {
		t.Errorf("ReadFileIn: %q, %v", b, err)
	}
}

// A frontend that loads a batch names files as it was given them; Load
// renames them, their spans and the call targets that point into them.
func TestLoadRootRenamesBatch(t *testing.T) {
	batch := &Language{
		Name: "batch", Doc: "one function per file, calling the next file's", Exts: []string{".batch"},
		LoadFiles: func(ctx context.Context, paths []string, mode Mode) ([]*File, error) {
			var out []*File
			for i, p := range paths {
				p = filepath.ToSlash(p)
				next := filepath.ToSlash(paths[(i+1)%len(paths)])
				fn := &Function{Name: "f", Span: Span{File: p, StartLine: 1, EndLine: 1},
					Calls: []*Call{{Callee: "f", Span: Span{File: p, StartLine: 1}, Targets: []string{next + ":f@1"}}},
					Body:  &Stmt{Span: Span{File: p}, Body: []*Stmt{{Span: Span{File: p}}}}}
				out = append(out, &File{Path: p, Functions: []*Function{fn}, Errors: []SyntaxError{{Span: Span{File: p}}}})
			}
			return out, nil
		},
	}
	root := t.TempDir()
	write(t, root, "a.batch", []byte("x"))
	write(t, root, "b/b.batch", []byte("x"))
	prog, _, err := Load(context.Background(), []string{root}, &LoadOptions{Languages: []*Language{batch}, Root: root})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range prog.Files {
		fn := f.Functions[0]
		for _, s := range []Span{fn.Span, fn.Calls[0].Span, fn.Body.Span, fn.Body.Body[0].Span, f.Errors[0].Span} {
			if s.File != f.Path {
				t.Errorf("%s: span in %q", f.Path, s.File)
			}
		}
		if filepath.IsAbs(f.Path) {
			t.Errorf("path %q not relative to the root", f.Path)
		}
		if tg := fn.Calls[0].Targets[0]; filepath.IsAbs(tg) {
			t.Errorf("%s: target %q not renamed", f.Path, tg)
		}
	}
	if got := prog.Files[0].Functions[0].Calls[0].Targets[0]; got != "b/b.batch:f@1" {
		t.Errorf("target %q, want b/b.batch:f@1", got)
	}
}
