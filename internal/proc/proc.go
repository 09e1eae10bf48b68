// Package proc runs every outside program surety uses (solvers, model
// checkers, Dafny, gcc, test programs) the same way: in its own process
// group, with a timeout that kills the whole group, output capped, optional
// resource limits, and errors that tell "not found", "timed out",
// "cancelled" and "ran and exited" apart.
//
// A non-zero exit status is not an error: verifiers speak through it. A
// timeout is reported both in Result.TimedOut and as an error matching
// ErrTimeout, because for a checker a timeout is the verdict UNKNOWN while
// for a compiler it is a failure; the caller decides.
package proc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync/atomic"
	"syscall"
	"time"
)

var (
	// ErrNotFound reports that the program is not installed.
	ErrNotFound = errors.New("proc: program not found")
	// ErrTimeout reports that the program ran past Cmd.Timeout and was killed.
	ErrTimeout = errors.New("proc: timed out")
)

// DefaultMaxOutput caps each of stdout and stderr when Cmd.MaxOutput is 0.
const DefaultMaxOutput = 32 << 20

// A Cmd describes one run. The zero values of its optional fields are valid.
type Cmd struct {
	Path string   // program name (looked up on PATH) or path
	Args []string // arguments, without the program name
	Dir  string   // working directory; "" means the current one
	Env  []string // environment; nil means inherit
	// Stdin is fed to the program; nil means an empty stdin.
	Stdin []byte
	// Timeout kills the process group after this long; 0 means no limit
	// beyond ctx.
	Timeout time.Duration
	// MaxOutput caps each of stdout and stderr; 0 means DefaultMaxOutput.
	// Output beyond the cap is dropped and Result.Truncated is set.
	MaxOutput int
	// Limits are resource limits applied to the child; zero fields mean none.
	Limits Limits
}

// Limits are resource limits for a child process (setrlimit), plus network
// isolation. Zero fields mean no limit.
type Limits struct {
	CPUSeconds    uint64
	MemoryBytes   uint64 // address space
	FileSizeBytes uint64 // largest file the child may write
	// NoNetwork runs the child in a new network namespace with only a
	// loopback device, where the machine allows it (Linux, with
	// CAP_SYS_ADMIN or unprivileged user namespaces). Where it does not,
	// Run fails with ErrNoIsolation rather than run unisolated.
	NoNetwork bool
}

// ErrNoIsolation reports that NoNetwork was asked for and the machine
// cannot provide it.
var ErrNoIsolation = errors.New("proc: network isolation unavailable")

// A Result is what a finished run produced.
type Result struct {
	Stdout, Stderr []byte
	ExitCode       int // -1 when killed by a signal
	Signal         string
	Duration       time.Duration
	TimedOut       bool
	Truncated      bool // output exceeded MaxOutput
}

var running atomic.Int64

// Running returns the number of children started by Run that have not yet
// been waited for. Tests use it to check that nothing is left behind.
func Running() int { return int(running.Load()) }

// LookPath finds a program on PATH, or checks that an explicit path is
// executable. The error matches ErrNotFound and names the program.
func LookPath(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%w: %s", ErrNotFound, name)
	}
	return p, nil
}

// Run starts c and waits for it. See the package doc for how errors and
// exit statuses are told apart.
func Run(ctx context.Context, c *Cmd) (*Result, error) {
	if ctx == nil {
		panic("proc: nil Context")
	}
	path, err := LookPath(c.Path)
	if err != nil {
		return nil, err
	}
	runCtx := ctx
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	max := c.MaxOutput
	if max <= 0 {
		max = DefaultMaxOutput
	}
	cmd := exec.CommandContext(runCtx, path, c.Args...)
	cmd.Dir = c.Dir
	cmd.Env = c.Env
	cmd.Stdin = bytes.NewReader(c.Stdin)
	stdout, stderr := &capped{max: max}, &capped{max: max}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := setup(cmd, &c.Limits); err != nil {
		return nil, err
	}
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = 2 * time.Second

	start := time.Now()
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s", ErrNotFound, c.Path)
		}
		return nil, fmt.Errorf("proc: starting %s: %w", c.Path, err)
	}
	running.Add(1)
	werr := cmd.Wait()
	_ = killGroup(cmd) // take down leftovers of the group leader
	running.Add(-1)

	res := &Result{
		Stdout:    stdout.Bytes(),
		Stderr:    stderr.Bytes(),
		Duration:  time.Since(start),
		Truncated: stdout.dropped || stderr.dropped,
		ExitCode:  -1,
	}
	if ps := cmd.ProcessState; ps != nil {
		res.ExitCode = ps.ExitCode()
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			res.Signal = ws.Signal().String()
		}
	}
	switch {
	case ctx.Err() != nil:
		return res, fmt.Errorf("proc: %s: %w", c.Path, ctx.Err())
	case runCtx.Err() != nil:
		res.TimedOut = true
		return res, fmt.Errorf("%w: %s after %v", ErrTimeout, c.Path, c.Timeout)
	}
	var exitErr *exec.ExitError
	if werr != nil && !errors.As(werr, &exitErr) {
		return res, fmt.Errorf("proc: %s: %w", c.Path, werr)
	}
	return res, nil
}

// TempDir makes a fresh temporary directory and returns it with a function
// that removes it and everything in it.
func TempDir(prefix string) (dir string, remove func(), err error) {
	dir, err = os.MkdirTemp("", "surety-"+prefix+"-")
	if err != nil {
		return "", nil, fmt.Errorf("proc: %w", err)
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// capped is a buffer that keeps at most max bytes.
// It must not embed bytes.Buffer: io.Copy would find the embedded ReadFrom
// and bypass the cap.
type capped struct {
	buf     bytes.Buffer
	max     int
	dropped bool
}

func (w *capped) Bytes() []byte { return w.buf.Bytes() }

func (w *capped) Write(p []byte) (int, error) {
	n := len(p)
	if room := w.max - w.buf.Len(); room < len(p) {
		w.dropped = true
		if room <= 0 {
			return n, nil
		}
		p = p[:room]
	}
	w.buf.Write(p)
	return n, nil
}
