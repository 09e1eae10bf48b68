package frontend

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// lines is a toy language for tests: each line "name callee..." declares a
// function calling the callees; a line "panic" makes the frontend panic.
var lines = &Language{
	Name: "lines", Doc: "one function per line", Exts: []string{".lines"},
	Parse: func(ctx context.Context, src *Source, mode Mode) (*File, error) {
		f := &File{Path: src.Path, Language: "lines", Size: len(src.Content)}
		for i, l := range strings.Split(strings.TrimSpace(string(src.Content)), "\n") {
			fields := strings.Fields(l)
			if len(fields) == 0 {
				continue
			}
			if fields[0] == "panic" {
				panic("boom")
			}
			fn := &Function{Name: fields[0], Definition: true, Span: Span{File: src.Path, StartLine: i + 1, EndLine: i + 1}}
			for _, c := range fields[1:] {
				fn.Calls = append(fn.Calls, &Call{Callee: c, Name: c})
			}
			f.Functions = append(f.Functions, fn)
		}
		return f, nil
	},
}

func write(t *testing.T, dir, name string, content []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, content, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "b.lines", []byte("b c\nc\n"))
	write(t, dir, "sub/a.lines", []byte("a b\n"))
	write(t, dir, ".hidden/x.lines", []byte("x\n"))
	write(t, dir, "notes.txt", []byte("ignored"))
	write(t, dir, "bin.lines", []byte("a\x00b"))
	write(t, dir, "latin1.lines", []byte("ok\ncaf\xe9\n"))
	write(t, dir, "boom.lines", []byte("panic\n"))

	opts := &LoadOptions{Languages: []*Language{lines}, Workers: 3}
	prog, ferrs, err := Load(context.Background(), []string{dir}, opts)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, fn := range prog.Functions() {
		got = append(got, fn.Name)
	}
	if want := []string{"b", "c", "a"}; !reflect.DeepEqual(got, want) {
		t.Errorf("functions = %v, want %v (sorted by path, hidden dirs skipped)", got, want)
	}
	errsByFile := map[string]error{}
	for _, fe := range ferrs {
		errsByFile[filepath.Base(fe.Path)] = fe
	}
	if err := errsByFile["bin.lines"]; !errors.Is(err, ErrBinary) || !strings.Contains(err.Error(), "bin.lines") {
		t.Errorf("binary file: %v", err)
	}
	if err := errsByFile["latin1.lines"]; !errors.Is(err, ErrNotUTF8) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("non-UTF-8 file: %v", err)
	}
	if err := errsByFile["boom.lines"]; err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Errorf("panicking frontend: %v", err)
	}

	// The result does not depend on the number of workers.
	prog1, _, _ := Load(context.Background(), []string{dir}, &LoadOptions{Languages: []*Language{lines}, Workers: 1})
	if !reflect.DeepEqual(prog, prog1) {
		t.Error("Load with 1 and 3 workers differ")
	}
}

func TestLoadNamedFiles(t *testing.T) {
	dir := t.TempDir()
	a := write(t, dir, "a.lines", []byte("a\n"))
	txt := write(t, dir, "a.txt", []byte("a\n"))
	prog, ferrs, err := Load(context.Background(), []string{a, txt, filepath.Join(dir, "missing.lines")}, &LoadOptions{Languages: []*Language{lines}})
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Files) != 1 || len(ferrs) != 2 {
		t.Fatalf("files %d, errors %v", len(prog.Files), ferrs)
	}
	if !errors.Is(ferrs[0], ErrNoParser) && !errors.Is(ferrs[1], ErrNoParser) {
		t.Errorf("a named file with no frontend gives no ErrNoParser: %v", ferrs)
	}
}

func TestLoadCancelled(t *testing.T) {
	dir := t.TempDir()
	for i := range 50 {
		write(t, dir, filepath.Join("d", string(rune('a'+i%26))+strings.Repeat("x", i)+".lines"), []byte("f\n"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Load(ctx, []string{dir}, &LoadOptions{Languages: []*Language{lines}}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestQualifiedName(t *testing.T) {
	f := &Function{Module: "lexer", Receiver: "TokenKind", Name: "from_keyword", Span: Span{File: "src/lexer.rs", StartLine: 7}}
	if got := f.QualifiedName(); got != "lexer::TokenKind::from_keyword" {
		t.Errorf("QualifiedName = %q", got)
	}
	if got := f.ID(); got != "src/lexer.rs:lexer::TokenKind::from_keyword@7" {
		t.Errorf("ID = %q", got)
	}
}

// A frontend that loads all its files at once is behind the same boundary
// as Parse: its panic is an error naming the files, not a crash.
func TestLoadFilesPanic(t *testing.T) {
	batch := &Language{
		Name: "batch", Doc: "panics in LoadFiles", Exts: []string{".batch"},
		LoadFiles: func(ctx context.Context, paths []string, mode Mode) ([]*File, error) {
			var f *File
			_ = f.Path // nil dereference
			return nil, nil
		},
	}
	dir := t.TempDir()
	p := write(t, dir, "x.batch", []byte("x\n"))
	prog, ferrs, err := Load(context.Background(), []string{dir}, &LoadOptions{Languages: []*Language{batch}})
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Files) != 0 || len(ferrs) != 1 || !strings.Contains(ferrs[0].Error(), "panicked") || !strings.Contains(ferrs[0].Error(), p) {
		t.Fatalf("files %v, errors %v: want one error naming %s and the panic", prog.Files, ferrs, p)
	}
}
