// Package gcc is surety's one adapter to a C compiler with gcc's command
// line (gcc, clang, cc): the builds of counterexample replays (bmc.Replay
// and bmc/native's replays, sanitized or not), the run engine's builds, the
// syntax check of bmc.Prescan, and the compile check of cospec's synthesis
// (Check). It runs the compiler through internal/proc, as every
// outside program is run: in its own process group, with a timeout that
// kills the group, output capped.
//
// The flags are the caller's: a replay's verdict depends on them, so this
// package adds none but the ones a method names ("-o", "-fsyntax-only").
// It lives under bmc, whose replays need it most; cospec uses it too.
package gcc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// ErrNotFound is the error a missing compiler matches (errors.Is). It is
// proc.ErrNotFound, so that the message of an error is the one proc gives.
var ErrNotFound = proc.ErrNotFound

// Timeout is how long a compile may run when Tool.Timeout is 0.
const Timeout = time.Minute

// syntaxMaxOutput caps the diagnostics of a syntax check, which are all
// parsed; a build's are capped at proc.DefaultMaxOutput and only their
// head is shown.
const syntaxMaxOutput = 1 << 20

// A Tool runs a C compiler. The zero value runs "gcc" on PATH with a
// timeout of one minute per compile. A Tool is safe for concurrent use:
// its methods do not modify it.
type Tool struct {
	// Path is the compiler; "" means "gcc" on PATH.
	Path string
	// Timeout bounds each compile; 0 means Timeout (one minute).
	Timeout time.Duration
}

// A Result is how a compile that ran ended.
type Result struct {
	// OK says the compiler exited with status 0.
	OK bool
	// ExitCode is its exit status (-1 when killed, as on a timeout).
	ExitCode int
	// Diagnostics is what it wrote on stderr.
	Diagnostics string
	// TimedOut says it ran past the timeout and was killed.
	TimedOut bool
}

func (t *Tool) path() string {
	if t.Path == "" {
		return "gcc"
	}
	return t.Path
}

func (t *Tool) timeout() time.Duration {
	if t.Timeout <= 0 {
		return Timeout
	}
	return t.Timeout
}

// LookPath returns the compiler's path, or an error matching ErrNotFound
// that names it.
func (t *Tool) LookPath() (string, error) { return proc.LookPath(t.path()) }

// Build runs the compiler in dir as
//
//	CC flags... -o out inputs...
//
// where inputs are the source and object files and then the libraries,
// in link order ("prog.c", "harness.c", "-lm"); with "-c" among the flags
// out is an object file. The Result says whether it compiled and holds
// the diagnostics. The error is non-nil only when the compiler could not
// run to its end: missing (ErrNotFound), timed out (proc.ErrTimeout, and
// the Result, with what it wrote, comes too) or ctx ended (the error
// wraps ctx.Err()). The error is proc's, unwrapped.
func (t *Tool) Build(ctx context.Context, dir, out string, inputs []string, flags ...string) (*Result, error) {
	args := make([]string, 0, len(flags)+2+len(inputs))
	args = append(append(append(args, flags...), "-o", out), inputs...)
	return t.run(ctx, dir, args, 0)
}

// SyntaxCheck runs the compiler in dir as
//
//	CC -fsyntax-only flags... file
//
// and returns its diagnostics (capped at 1 MiB), with errors as Build's.
func (t *Tool) SyntaxCheck(ctx context.Context, dir, file string, flags ...string) (*Result, error) {
	args := make([]string, 0, len(flags)+2)
	args = append(append(append(args, "-fsyntax-only"), flags...), file)
	return t.run(ctx, dir, args, syntaxMaxOutput)
}

func (t *Tool) run(ctx context.Context, dir string, args []string, maxOutput int) (*Result, error) {
	res, err := proc.Run(ctx, &proc.Cmd{Path: t.path(), Args: args, Dir: dir, Timeout: t.timeout(), MaxOutput: maxOutput})
	if res == nil {
		return nil, err
	}
	return &Result{OK: err == nil && res.ExitCode == 0, ExitCode: res.ExitCode,
		Diagnostics: string(res.Stderr), TimedOut: res.TimedOut}, err
}

// checkFile is the file name the compiler sees in Check, and so the one
// its messages name.
const checkFile = "program.c"

// maxCheckDiagnostics caps the diagnostics Check returns: they are sent to
// a language model.
const maxCheckDiagnostics = 4000

// Check compiles and links src as program.c with flags in a temporary
// directory, removed before it returns. It returns the diagnostics when
// src does not compile ("" when it does), cut to 4000 bytes, and an error
// only when the compiler could not run (one matching ErrNotFound when it
// is missing).
func (t *Tool) Check(ctx context.Context, src string, flags ...string) (string, error) {
	dir, remove, err := proc.TempDir("gcc")
	if err != nil {
		return "", err
	}
	defer remove()
	if err := os.WriteFile(filepath.Join(dir, checkFile), []byte(src), 0o644); err != nil {
		return "", fmt.Errorf("gcc: %w", err)
	}
	res, err := t.run(ctx, dir, append(append(slices.Clip(flags), "-o", "program"), checkFile), 0)
	switch {
	case errors.Is(err, proc.ErrNotFound):
		return "", err
	case err != nil:
		return "", fmt.Errorf("gcc: compiling: %w", err)
	case res.OK:
		return "", nil
	}
	msg := strings.TrimSpace(res.Diagnostics)
	if msg == "" {
		msg = fmt.Sprintf("%s exited with status %d", t.path(), res.ExitCode)
	}
	if len(msg) > maxCheckDiagnostics {
		msg = msg[:maxCheckDiagnostics] + "\n[... more errors cut]"
	}
	return msg, nil
}

// Undefined links a program that refers to each of names (as data: the
// link needs no prototype) with the C library and libm, and returns the
// names the linker reports undefined: those that no library defines. It
// is how a function the program calls without a body is told from one of
// the C library's, whose body a real run calls.
func (t *Tool) Undefined(ctx context.Context, names []string) (map[string]bool, error) {
	undefined := map[string]bool{}
	if len(names) == 0 {
		return undefined, nil
	}
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "extern char %s;\n", n)
	}
	b.WriteString("void *__surety_refs[] = {\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  &%s,\n", n)
	}
	b.WriteString("};\nint main(void) { return __surety_refs[0] != 0; }\n")
	dir, remove, err := proc.TempDir("gcc")
	if err != nil {
		return nil, err
	}
	defer remove()
	if err := os.WriteFile(filepath.Join(dir, "refs.c"), []byte(b.String()), 0o644); err != nil {
		return nil, fmt.Errorf("gcc: %w", err)
	}
	res, err := t.run(ctx, dir, []string{"-w", "-o", "refs", "refs.c", "-lm"}, syntaxMaxOutput)
	if err != nil {
		return nil, fmt.Errorf("gcc: linking %d names: %w", len(names), err)
	}
	for _, n := range names {
		if !res.OK && strings.Contains(res.Diagnostics, "undefined reference to `"+n+"'") {
			undefined[n] = true
		}
	}
	return undefined, nil
}
