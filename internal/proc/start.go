package proc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// A Process is a started program that the caller talks to through pipes,
// for programs used interactively (an SMT solver session). Like Run, it
// runs in its own process group, which is killed when ctx is cancelled,
// when Cmd.Timeout expires, on Kill, and after the program exits. It
// counts in Running until it has exited and been reaped.
type Process struct {
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	stderr *lockedCapped
	start  time.Time
	done   chan struct{} // closed when the program has exited and been reaped
	kill   chan struct{} // closed by Kill
	// watched is closed when the watcher (ctx, timeout, Kill) has
	// finished; it alone writes why.
	watched chan struct{}
	once    sync.Once
	werr    error
	why     error // ErrTimeout or ctx.Err() when that is what stopped it
}

// Start starts c and returns at once. c.Stdin must be nil: write to
// Process.Stdin instead. The program's stdout is a pipe (Process.Stdout)
// that supports read deadlines; stderr is captured and capped as in Run.
// The caller must call Wait (or Kill and Wait) to release the process.
func Start(ctx context.Context, c *Cmd) (*Process, error) {
	if ctx == nil {
		panic("proc: nil Context")
	}
	if c.Stdin != nil {
		return nil, errors.New("proc: Start: Cmd.Stdin must be nil; write to Process.Stdin")
	}
	path, err := LookPath(c.Path)
	if err != nil {
		return nil, err
	}
	max := c.MaxOutput
	if max <= 0 {
		max = DefaultMaxOutput
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("proc: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("proc: %w", err)
	}
	cmd := exec.Command(path, c.Args...)
	cmd.Dir, cmd.Env = c.Dir, c.Env
	cmd.Stdin, cmd.Stdout = inR, outW
	p := &Process{cmd: cmd, stdin: inW, stdout: outR, stderr: &lockedCapped{c: capped{max: max}},
		done: make(chan struct{}), kill: make(chan struct{}), watched: make(chan struct{})}
	cmd.Stderr = p.stderr
	cmd.WaitDelay = 2 * time.Second
	closeAll := func() { inR.Close(); inW.Close(); outR.Close(); outW.Close() }
	if err := setup(cmd, &c.Limits); err != nil {
		closeAll()
		return nil, err
	}
	p.start = time.Now()
	if err := startCmd(cmd); err != nil {
		closeAll()
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s", ErrNotFound, c.Path)
		}
		return nil, fmt.Errorf("proc: starting %s: %w", c.Path, err)
	}
	// The child holds its own copies; the parent keeps only its ends, so
	// stdout reaches EOF when the group is gone.
	inR.Close()
	outW.Close()
	running.Add(1)

	var timer <-chan time.Time
	var stop func() bool
	if c.Timeout > 0 {
		t := time.NewTimer(c.Timeout)
		timer, stop = t.C, t.Stop
	}
	exited := make(chan struct{})
	go func() {
		defer close(p.watched)
		if stop != nil {
			defer stop()
		}
		select {
		case <-ctx.Done():
			p.why = fmt.Errorf("proc: %s: %w", c.Path, ctx.Err())
		case <-timer:
			p.why = fmt.Errorf("%w: %s after %v", ErrTimeout, c.Path, c.Timeout)
		case <-p.kill:
		case <-exited:
			return
		}
		_ = killGroup(cmd)
	}()
	go func() {
		p.werr = cmd.Wait()
		close(exited)
		_ = killGroup(cmd)
		running.Add(-1)
		close(p.done)
	}()
	return p, nil
}

// Pid returns the program's process ID.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Stdin is the program's standard input. Closing it sends end of file.
func (p *Process) Stdin() io.WriteCloser { return p.stdin }

// Stdout is the read end of the program's standard output. It is an
// *os.File, so SetReadDeadline bounds each read.
func (p *Process) Stdout() *os.File { return p.stdout }

// Stderr returns what the program has written to stderr so far (capped).
func (p *Process) Stderr() []byte { return p.stderr.Bytes() }

// Done is closed when the program has exited.
func (p *Process) Done() <-chan struct{} { return p.done }

// Kill kills the program's process group. It is safe to call more than
// once and after the program exited.
func (p *Process) Kill() { p.once.Do(func() { close(p.kill) }) }

// Wait waits for the program to exit, closes the pipes and reports as Run
// does: a timeout matches ErrTimeout, a cancelled ctx wraps ctx.Err(), and
// a non-zero exit or a Kill is not an error. Result.Stdout is empty (the
// caller read it). Call it once.
func (p *Process) Wait() (*Result, error) {
	<-p.done
	<-p.watched
	p.stdin.Close()
	p.stdout.Close()
	res := &Result{Stderr: p.stderr.Bytes(), Duration: time.Since(p.start), ExitCode: -1, Truncated: p.stderr.dropped()}
	if ps := p.cmd.ProcessState; ps != nil {
		res.ExitCode = ps.ExitCode()
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			res.Signal = ws.Signal().String()
		}
	}
	if p.why != nil {
		res.TimedOut = errors.Is(p.why, ErrTimeout)
		return res, p.why
	}
	var exitErr *exec.ExitError
	if p.werr != nil && !errors.As(p.werr, &exitErr) {
		return res, fmt.Errorf("proc: %s: %w", p.cmd.Path, p.werr)
	}
	return res, nil
}

// lockedCapped is a capped buffer safe to read while the program writes.
type lockedCapped struct {
	mu sync.Mutex
	c  capped
}

func (l *lockedCapped) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.c.Write(b)
}

func (l *lockedCapped) Bytes() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return bytes.Clone(l.c.Bytes())
}

func (l *lockedCapped) dropped() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.c.dropped
}
