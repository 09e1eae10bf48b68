// Package gcc is the adapter of package bmc to a C compiler with gcc's
// command line: the builds of counterexample replays (bmc.Replay and
// bmc/native's replays, sanitized or not) and the syntax check of
// bmc.Prescan. It runs the compiler through internal/proc, as every
// outside program is run: in its own process group, with a timeout that
// kills the group, output capped.
//
// The flags are the caller's: a replay's verdict depends on them, so this
// package adds none but the ones a method names ("-o", "-fsyntax-only").
package gcc

import (
	"context"
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
