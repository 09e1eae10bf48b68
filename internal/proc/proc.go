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
//
// No child outlives surety: every child is started with the parent-death
// signal (SIGKILL, Linux) from one OS thread that lives as long as the
// process, so kill -9 of surety takes its solvers and tests down too; and
// the temporary directories of a process so killed are removed by the
// next one (TempDir).
package proc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
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
	// KillDescendants follows, through /proc (Linux), every process the
	// program starts, and kills those still running when it ends, even
	// those that left its process group or its session (a daemon). It is
	// best effort: a process that detaches and loses its parent between
	// two looks (50 ms apart) escapes; a PID namespace does not leak. False
	// kills the process group alone.
	KillDescendants bool
	// AfterExit, if set, is called once the program has exited (or
	// been killed), before Run waits for its output: a caller holding
	// what the program started somewhere Run cannot see (a namespace)
	// ends it there, so that its output is complete at once.
	AfterExit func()
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
	// OutputHeld says the program exited but something it started kept
	// its stdout or stderr open past the grace period (a process outside
	// its group that the kill did not reach); the pipes were closed, and
	// the output is what was read until then.
	OutputHeld bool
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
//
// When the program exits, its process group is killed, and with
// Cmd.KillDescendants every process it started that is still running.
// Output that something it left behind keeps open is read for at most
// outputGrace more; then the pipes are closed and Result.OutputHeld is set.
// That is an outcome, not an error: what was read is in the Result.
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
	// The pipes are the parent's own *os.Files, read by Run itself, so
	// that Wait returns when the program exits and Run decides how long
	// to wait for output held open by what it left behind.
	var pipes pipeSet
	defer pipes.closeAll()
	stdout, stderr := &capped{max: max}, &capped{max: max}
	outR, outW, err := pipes.pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := pipes.pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	var inW *os.File
	if len(c.Stdin) > 0 {
		var inR *os.File
		if inR, inW, err = pipes.pipe(); err != nil {
			return nil, err
		}
		cmd.Stdin = inR
	}
	if err := setup(cmd, &c.Limits); err != nil {
		return nil, err
	}
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = 2 * time.Second

	start := time.Now()
	if err := startCmd(cmd); err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s", ErrNotFound, c.Path)
		}
		return nil, fmt.Errorf("proc: starting %s: %w", c.Path, err)
	}
	running.Add(1)
	// The child has its copies; the parent keeps only its own ends, so a
	// read reaches end of file once every holder of a write end is gone.
	pipes.closeChildEnds(cmd)
	var tr *tree
	if c.KillDescendants {
		tr = followTree(cmd.Process.Pid)
	}
	var wg sync.WaitGroup
	wg.Go(func() { _, _ = io.Copy(stdout, outR) })
	wg.Go(func() { _, _ = io.Copy(stderr, errR) })
	if inW != nil {
		// A program that never reads its input must not block Run: the
		// write end is closed once it exits.
		go func() { _, _ = inW.Write(c.Stdin); _ = inW.Close() }()
	}
	werr := cmd.Wait()
	_ = killGroup(cmd) // take down leftovers of the group leader
	if tr != nil {
		tr.kill()
	}
	if c.AfterExit != nil {
		c.AfterExit()
	}
	held := false
	read := make(chan struct{})
	go func() { wg.Wait(); close(read) }()
	select {
	case <-read:
	case <-time.After(outputGrace):
		held = true
		pipes.closeAll() // the readers end with an error; what they read is kept
		<-read
	}
	running.Add(-1)

	res := &Result{
		Stdout:     stdout.Bytes(),
		Stderr:     stderr.Bytes(),
		Duration:   time.Since(start),
		Truncated:  stdout.dropped || stderr.dropped,
		ExitCode:   -1,
		OutputHeld: held,
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
	if werr != nil && !errors.As(werr, &exitErr) && !errors.Is(werr, exec.ErrWaitDelay) {
		return res, fmt.Errorf("proc: %s: %w", c.Path, werr)
	}
	return res, nil
}

// outputGrace is how long Run goes on reading output after the program
// exited and what it left behind was killed.
const outputGrace = 2 * time.Second

// pipeSet owns the pipes of one run and closes each end once.
type pipeSet struct {
	mu    sync.Mutex
	files []*os.File
}

func (p *pipeSet) pipe() (r, w *os.File, err error) {
	r, w, err = os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("proc: %w", err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.files = append(p.files, r, w)
	return r, w, nil
}

// closeChildEnds closes the parent's copies of the ends the child holds.
func (p *pipeSet) closeChildEnds(cmd *exec.Cmd) {
	for _, f := range []any{cmd.Stdin, cmd.Stdout, cmd.Stderr} {
		if f, ok := f.(*os.File); ok {
			_ = f.Close()
		}
	}
}

func (p *pipeSet) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, f := range p.files {
		_ = f.Close()
	}
}

// TempDir makes a fresh temporary directory and returns it with a function
// that removes it and everything in it.
//
// The directory's name carries its owner: surety-PREFIX-PID.START-N, with
// this process's pid and start time. The first call in a process removes
// the directories of that form, under the same temporary root and owned by
// the same user, whose owner is gone: a process killed with -9 never ran
// its remove, and the start time tells a dead owner from a live process
// that was given its pid since.
func TempDir(prefix string) (dir string, remove func(), err error) {
	sweepOnce.Do(func() { sweepStale(os.TempDir()) })
	dir, err = os.MkdirTemp("", "surety-"+prefix+"-"+ownerTag()+"-")
	if err != nil {
		return "", nil, fmt.Errorf("proc: %w", err)
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

var sweepOnce sync.Once

// ownerTag names this process in TempDir's directories: "PID.START", or
// "PID.0" where the start time cannot be read.
func ownerTag() string {
	start, _ := selfStart()
	return strconv.Itoa(os.Getpid()) + "." + strconv.FormatUint(start, 10)
}

// staleName matches TempDir's names and captures the owner's pid and
// start time.
var staleName = regexp.MustCompile(`^surety-.+-(\d+)\.(\d+)-\d+$`)

// sweepStale removes the directories under root that TempDir made for a
// process that is gone. It returns the names it removed.
func sweepStale(root string) []string {
	ents, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range ents {
		m := staleName.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		pid, err1 := strconv.Atoi(m[1])
		start, err2 := strconv.ParseUint(m[2], 10, 64)
		if err1 != nil || err2 != nil || pid == os.Getpid() {
			continue
		}
		if !ownedByMe(filepath.Join(root, e.Name())) || ownerAlive(pid, start) {
			continue
		}
		if os.RemoveAll(filepath.Join(root, e.Name())) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed
}

// ownerAlive reports whether the process that made a directory may still
// be running: its pid exists and, where start times are known, started
// when the name says.
func ownerAlive(pid int, start uint64) bool {
	if start == 0 {
		return processExists(pid)
	}
	return alive(pid, start)
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
