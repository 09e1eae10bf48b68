package cospec_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/cospec"
	"github.com/suretydev/surety/internal/proc"
)

func needGCC(t *testing.T) {
	t.Helper()
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
}

func TestGCCCompile(t *testing.T) {
	needGCC(t)
	tool := &cospec.GCC{}
	diag, err := tool.Compile(context.Background(), "#include <string.h>\nint main(void) { return (int)strnlen(\"ab\", 5) - 2; }\n")
	if err != nil || diag != "" {
		t.Fatalf("a valid program: %q, %v", diag, err)
	}
	// An implicit declaration is an error with DefaultCompileArgs, named by line.
	diag, err = tool.Compile(context.Background(), "int main(void) {\n  return f();\n}\n")
	if err != nil || !strings.Contains(diag, "program.c:2:") || !strings.Contains(diag, "implicit declaration") {
		t.Fatalf("implicit declaration: %q, %v", diag, err)
	}
	// A missing function fails at link time.
	diag, err = tool.Compile(context.Background(), "int f(void);\nint main(void) { return f(); }\n")
	if err != nil || !strings.Contains(diag, "undefined reference") {
		t.Fatalf("link error: %q, %v", diag, err)
	}
	if got := tool.String(); got != "gcc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Werror=implicit-function-declaration" {
		t.Errorf("String %q", got)
	}
}

// TestArgs: Args replace DefaultCompileArgs (here, warnings become errors).
func TestGCCArgs(t *testing.T) {
	needGCC(t)
	src := "int main(void) { int unused; return 0; }\n"
	if diag, err := (&cospec.GCC{}).Compile(context.Background(), src); err != nil || diag != "" {
		t.Fatalf("default flags: %q, %v", diag, err)
	}
	diag, err := (&cospec.GCC{Args: []string{"-Wall", "-Werror"}}).Compile(context.Background(), src)
	if err != nil || !strings.Contains(diag, "unused") {
		t.Fatalf("-Werror: %q, %v", diag, err)
	}
}

func TestGCCNotFound(t *testing.T) {
	_, err := (&cospec.GCC{Path: "/nonexistent/cc"}).Compile(context.Background(), "int main(void) { return 0; }\n")
	if !errors.Is(err, gcc.ErrNotFound) || !strings.Contains(err.Error(), "/nonexistent/cc") {
		t.Fatalf("got %v", err)
	}
}

// TestCancelLeavesNothing: a cancelled compile returns promptly and
// leaves no temporary directory behind.
func TestGCCCancelLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "slowcc")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nsleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", dir)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := (&cospec.GCC{Path: script}).Compile(ctx, "int main(void) { return 0; }\n")
	if err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("cancelled compile: %v after %v", err, time.Since(start))
	}
	left, _ := filepath.Glob(filepath.Join(dir, "surety-gcc-*"))
	if len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}
