package examples_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// TestPlugin builds the module of examples/plugin, which holds a frontend
// and an engine written outside this module against its public API, and
// runs its tests (the frontend and engine conformance kits) and its
// command, which must list both plug-ins by name.
func TestPlugin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests another module")
	}
	goCmd, err := proc.LookPath("go")
	if err != nil {
		t.Skip("needs go")
	}
	dir, err := filepath.Abs("plugin")
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	run := func(args ...string) string {
		t.Helper()
		r, err := proc.Run(context.Background(), &proc.Cmd{Path: goCmd, Args: args, Dir: dir, Env: env, Timeout: 10 * time.Minute})
		if err != nil && r == nil {
			t.Fatalf("go %s: %v", strings.Join(args, " "), err)
		}
		if err != nil || r.ExitCode != 0 {
			t.Fatalf("go %s: %v (exit %d)\n%s%s", strings.Join(args, " "), err, r.ExitCode, r.Stdout, r.Stderr)
		}
		return string(r.Stdout)
	}
	out := run("test", "-count=1", "./...")
	for _, pkg := range []string{"example.com/surety-plugin/calc", "example.com/surety-plugin/constcheck"} {
		if !strings.Contains(out, "ok  \t"+pkg) {
			t.Errorf("go test: no ok for %s:\n%s", pkg, out)
		}
	}
	out = run("run", ".")
	for _, want := range []string{"frontends: ", " calc", "engines: ", "const"} {
		if !strings.Contains(out, want) {
			t.Errorf("go run: no %q in:\n%s", want, out)
		}
	}
}
