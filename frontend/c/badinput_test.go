package c_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/frontend/frontendtest"
)

// load loads paths with the C frontend alone.
func load(t *testing.T, paths ...string) (*frontend.Program, []*frontend.FileError) {
	t.Helper()
	prog, ferrs, err := frontend.Load(context.Background(), paths, &frontend.LoadOptions{Languages: []*frontend.Language{c.C}})
	if err != nil {
		t.Fatal(err)
	}
	return prog, ferrs
}

func TestBadFilesNameTheFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.c", "int ok(void) { return 0; }\n")
	binary := write("blob.c", "int x;\x00\x01\x02")
	latin1 := write("latin1.c", "int x;\n/* caf\xe9 */\n")
	dangling := filepath.Join(dir, "gone.c")
	if err := os.Symlink(filepath.Join(dir, "nowhere.c"), dangling); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path string
		is   error  // the error wrapped, if a sentinel
		msg  string // a part of the message besides the path
	}{
		{binary, frontend.ErrBinary, "binary"},
		{latin1, frontend.ErrNotUTF8, "line 2"},
		{dangling, os.ErrNotExist, "no such file"},
	}
	if os.Geteuid() != 0 { // root reads anything
		cases = append(cases, struct {
			path string
			is   error
			msg  string
		}{write("secret.c", "int s;\n"), os.ErrPermission, "permission denied"})
		if err := os.Chmod(filepath.Join(dir, "secret.c"), 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range cases {
		prog, ferrs := load(t, good, tc.path)
		if len(prog.Files) != 1 || prog.Files[0].Functions[0].Name != "ok" {
			t.Errorf("%s: the good file was not loaded beside the bad one", tc.path)
		}
		if len(ferrs) != 1 {
			t.Fatalf("%s: got %d file errors, want 1: %v", tc.path, len(ferrs), ferrs)
		}
		msg := ferrs[0].Error()
		if !errors.Is(ferrs[0], tc.is) || !strings.Contains(msg, filepath.ToSlash(tc.path)) || !strings.Contains(msg, tc.msg) {
			t.Errorf("got %q, want an error wrapping %v naming %s and saying %q", msg, tc.is, tc.path, tc.msg)
		}
	}
}

// TestHostileInputs parses inputs built to break a parser or its walkers
// and checks that each yields a consistent model without panicking.
func TestHostileInputs(t *testing.T) {
	inputs := map[string]string{
		"empty":             "",
		"only newline":      "\n",
		"no final newline":  "int f(void) { return 1; }",
		"deep parens":       "int f(void) { return " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000) + "; }\n",
		"deep blocks":       "void f(void) " + strings.Repeat("{ if (x) ", 1500) + strings.Repeat("}", 1500) + "}\n",
		"deep else-if":      "void f(int x) { if (x == 0) g(); " + strings.Repeat("else if (x == 1) g(); ", 1500) + "}\n",
		"unclosed body":     "int f(void) {\n  if (x) {\n    g();\n",
		"unclosed comment":  "int f(void) { return 0; }\n/* never closed\nint g(void) { }\n",
		"unclosed string":   "int f(void) { puts(\"abc); }\nint g(void) { return 1; }\n",
		"only preprocessor": "#if 0\n#else\n#endif\n#if 0\n#if 1\n#endif\n",
		"unterminated if 0": "#if 0\nint f(void) { }\n",
		"cplusplus at end":  "#ifdef __cplusplus",
		"stray braces":      "}}}} int f(void) { return 0; } {{{{\n",
		"crlf":              "int f(void)\r\n{\r\n\treturn 0;\r\n}\r\n",
		"bom":               "\ufeffint f(void) { return 0; }\n",
		"heads no body":     "#ifdef A\nint f(int a)\n#else\nint f(long a)\n#endif\n",
		"body no heads":     "#ifdef A\n#endif\n{ return 1; }\n",
		"nul-free junk":     "\x01\x02\x03 int \x7f f(void) {}\n",
	}
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			frontendtest.FuzzParse(t, c.C, "hostile.c", []byte(src))
		})
	}
}

func TestSyntaxErrorsKeepTheFunctionsThatParse(t *testing.T) {
	src := []byte(`int a(void) { return 1; }
int b(void) { return ) ; }
@@@ garbage @@@
int c(void) { return a(); }
struct s { int x
int d(void) { return 2; }
`)
	f, err := c.Parse(context.Background(), &frontend.Source{Path: "e.c", Content: src}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, fn := range f.Functions {
		names = append(names, fn.Name)
	}
	for _, want := range []string{"a", "b", "c"} {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Errorf("function %s missing; got %v", want, names)
		}
	}
	if len(f.Errors) == 0 {
		t.Fatal("no syntax errors reported")
	}
	lines := map[int]bool{}
	for _, e := range f.Errors {
		lines[e.Span.StartLine] = true
	}
	if !lines[2] || !lines[3] {
		t.Errorf("errors on lines %v, want lines 2 and 3 among them", lines)
	}
}
