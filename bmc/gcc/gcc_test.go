package gcc_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/internal/proc"
)

func needGCC(t *testing.T) {
	t.Helper()
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
}

func write(t *testing.T, dir, name, src string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBuild: two files and a library link into a program that runs; the
// flags come before -o and the inputs after it, in order.
func TestBuild(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	write(t, dir, "prog.c", "#include <math.h>\nint f(double x) { return (int)sqrt(x); }\n")
	write(t, dir, "harness.c", "int f(double);\nint main(void) { return f(49.0); }\n")
	res, err := (&gcc.Tool{}).Build(context.Background(), dir, "prog", []string{"prog.c", "harness.c", "-lm"}, "-std=gnu11", "-O0", "-w")
	if err != nil || !res.OK || res.ExitCode != 0 {
		t.Fatalf("Build: %+v, %v", res, err)
	}
	err = exec.Command(filepath.Join(dir, "prog")).Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 7 {
		t.Fatalf("the built program: %v, want exit status 7", err)
	}
}

// TestBuildObject: with -c among the flags out is an object file, which a
// second Build links.
func TestBuildObject(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	write(t, dir, "prog.c", "int f(void) { return 3; }\n")
	write(t, dir, "harness.c", "int f(void);\nint main(void) { return f(); }\n")
	tool := &gcc.Tool{Path: "gcc"}
	if res, err := tool.Build(context.Background(), dir, "prog.o", []string{"prog.c"}, "-std=gnu11", "-c"); err != nil || !res.OK {
		t.Fatalf("-c: %+v, %v", res, err)
	}
	if res, err := tool.Build(context.Background(), dir, "prog", []string{"prog.o", "harness.c"}); err != nil || !res.OK {
		t.Fatalf("link: %+v, %v", res, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "prog")); err != nil {
		t.Fatal(err)
	}
}

// TestBuildError: a program that does not compile is no error; its
// diagnostics, by file and line, and the exit status come back.
func TestBuildError(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	write(t, dir, "prog.c", "int main(void) {\n  return x;\n}\n")
	res, err := (&gcc.Tool{}).Build(context.Background(), dir, "prog", []string{"prog.c"}, "-std=gnu11")
	if err != nil {
		t.Fatalf("a compile error is not an error: %v", err)
	}
	if res.OK || res.ExitCode == 0 || !strings.Contains(res.Diagnostics, "prog.c:2:") || !strings.Contains(res.Diagnostics, "'x' undeclared") && !strings.Contains(res.Diagnostics, "‘x’ undeclared") {
		t.Fatalf("Build: %+v", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "prog")); err == nil {
		t.Error("a failed build left a program")
	}
}

// TestSyntaxCheck: -fsyntax-only comes first, then the flags, then the
// file; a warning is reported while the check still passes, an error
// fails it, and nothing is written.
func TestSyntaxCheck(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	write(t, dir, "ok.c", "int main(void) { return g(); }\n")
	write(t, dir, "bad.c", "#include \"nosuch.h\"\nint main(void) { return 0; }\n")
	tool := &gcc.Tool{}
	res, err := tool.SyntaxCheck(context.Background(), dir, "ok.c", "-std=gnu89", "-Wimplicit-function-declaration")
	if err != nil || !res.OK || !strings.Contains(res.Diagnostics, "implicit declaration of function") {
		t.Fatalf("a warning: %+v, %v", res, err)
	}
	res, err = tool.SyntaxCheck(context.Background(), dir, "bad.c", "-std=gnu11")
	if err != nil || res.OK || !strings.Contains(res.Diagnostics, "nosuch.h") {
		t.Fatalf("a missing header: %+v, %v", res, err)
	}
	// An include directory among the flags finds the header.
	inc := t.TempDir()
	write(t, inc, "nosuch.h", "#define N 1\n")
	if res, err := tool.SyntaxCheck(context.Background(), dir, "bad.c", "-std=gnu11", "-I", inc); err != nil || !res.OK {
		t.Fatalf("-I: %+v, %v", res, err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("a syntax check wrote files: %v", ents)
	}
}

// TestNotFound: a missing compiler is ErrNotFound, from LookPath and from
// a build, and the error names it.
func TestNotFound(t *testing.T) {
	tool := &gcc.Tool{Path: "/nonexistent/cc"}
	if _, err := tool.LookPath(); !errors.Is(err, gcc.ErrNotFound) || !strings.Contains(err.Error(), "/nonexistent/cc") {
		t.Errorf("LookPath: %v", err)
	}
	res, err := tool.Build(context.Background(), t.TempDir(), "prog", []string{"prog.c"})
	if res != nil || !errors.Is(err, gcc.ErrNotFound) || !strings.Contains(err.Error(), "/nonexistent/cc") {
		t.Errorf("Build: %+v, %v", res, err)
	}
	if _, err := tool.SyntaxCheck(context.Background(), t.TempDir(), "prog.c"); !errors.Is(err, gcc.ErrNotFound) {
		t.Errorf("SyntaxCheck: %v", err)
	}
	needGCC(t)
	if p, err := (&gcc.Tool{}).LookPath(); err != nil || !filepath.IsAbs(p) {
		t.Errorf("LookPath of gcc: %q, %v", p, err)
	}
}

// slowCompiler writes a "compiler" that sleeps, to stop it mid-compile.
func slowCompiler(t *testing.T) string {
	t.Helper()
	if _, err := proc.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	p := filepath.Join(t.TempDir(), "cc")
	if err := os.WriteFile(p, []byte("#!/bin/sh\necho compiling >&2\nsleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCancel: an ended ctx stops the compiler at once and the error wraps
// ctx.Err().
func TestCancel(t *testing.T) {
	tool := &gcc.Tool{Path: slowCompiler(t)}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err := tool.Build(ctx, t.TempDir(), "prog", []string{"prog.c"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Build: %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("cancelled after %v", d)
	}
	// With gcc itself, an already ended ctx does not compile.
	needGCC(t)
	dir := t.TempDir()
	write(t, dir, "prog.c", "int main(void) { return 0; }\n")
	if _, err := (&gcc.Tool{}).Build(ctx, dir, "prog", []string{"prog.c"}); !errors.Is(err, context.Canceled) {
		t.Errorf("gcc with an ended ctx: %v", err)
	}
}

// TestTimeout: Tool.Timeout kills the compiler; the error matches
// proc.ErrTimeout and the Result says so, with what it wrote.
func TestTimeout(t *testing.T) {
	tool := &gcc.Tool{Path: slowCompiler(t), Timeout: 300 * time.Millisecond}
	res, err := tool.Build(context.Background(), t.TempDir(), "prog", []string{"prog.c"})
	if !errors.Is(err, proc.ErrTimeout) || res == nil || !res.TimedOut || res.OK || !strings.Contains(res.Diagnostics, "compiling") {
		t.Fatalf("Build: %+v, %v", res, err)
	}
}

// Undefined tells the names no library defines from those the C library
// and libm define.
func TestUndefined(t *testing.T) {
	needGCC(t)
	got, err := (&gcc.Tool{}).Undefined(context.Background(), []string{"abs", "sqrt", "surety_no_such_function", "strlen"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !got["surety_no_such_function"] {
		t.Errorf("Undefined = %v, want surety_no_such_function alone", got)
	}
	if got, err := (&gcc.Tool{}).Undefined(context.Background(), nil); err != nil || len(got) != 0 {
		t.Errorf("no names: %v, %v", got, err)
	}
}
