package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// ErrNoIsolation reports that a guarantee asked for (no network, writes
// confined to the directory) cannot be given on this machine. Run returns
// it instead of running the step unisolated.
var ErrNoIsolation = errors.New("sandbox: isolation unavailable")

// Limits bound one step. Zero fields take the defaults noted.
type Limits struct {
	// Timeout is the wall-clock limit of the step; 0 means 30s. On expiry
	// the step's process group is killed.
	Timeout time.Duration `json:"timeout_ns,omitempty"`
	// CPUSeconds is the CPU-time limit; 0 means 30.
	CPUSeconds uint64 `json:"cpu_seconds,omitempty"`
	// MemoryBytes limits the address space; 0 means 2 GiB.
	MemoryBytes uint64 `json:"memory_bytes,omitempty"`
	// FileSizeBytes limits the size of any file written; 0 means 64 MiB.
	FileSizeBytes uint64 `json:"file_size_bytes,omitempty"`
	// MaxOutput caps each of stdout and stderr kept; 0 means 1 MiB.
	MaxOutput int `json:"max_output,omitempty"`
}

func (l Limits) withDefaults() Limits {
	if l.Timeout <= 0 {
		l.Timeout = 30 * time.Second
	}
	if l.CPUSeconds == 0 {
		l.CPUSeconds = 30
	}
	if l.MemoryBytes == 0 {
		l.MemoryBytes = 2 << 30
	}
	if l.FileSizeBytes == 0 {
		l.FileSizeBytes = 64 << 20
	}
	if l.MaxOutput <= 0 {
		l.MaxOutput = 1 << 20
	}
	return l
}

// Options configure a Sandbox. The zero value is valid: default limits,
// no network, writes confined to the directory. Run does not modify it.
type Options struct {
	Limits Limits
	// AllowNetwork lets steps use the host's network.
	AllowNetwork bool
	// AllowWrites lets steps write outside their directory (for machines
	// without mount namespaces); the Result says so.
	AllowWrites bool
	// Env is added to the steps' environment (KEY=VALUE), after the
	// inherited one; HOME and TMPDIR always point into the directory.
	Env []string
}

// A Sandbox runs Specs. It is safe for concurrent use.
type Sandbox struct {
	opts Options
}

// New returns a Sandbox with the given options; nil means defaults.
func New(opts *Options) *Sandbox {
	s := &Sandbox{}
	if opts != nil {
		s.opts = *opts
		s.opts.Env = slices.Clone(opts.Env)
	}
	return s
}

// Options returns the options s was made with (a copy): what a job
// carries so that another process makes the same sandbox.
func (s *Sandbox) Options() Options {
	o := s.opts
	o.Env = slices.Clone(s.opts.Env)
	return o
}

// A Step is one command run in the Spec's directory.
type Step struct {
	// Name labels the step in the Result ("build", "run").
	Name string `json:"name"`
	// Command is a shell command line, run by /bin/sh -c with the
	// directory as working directory.
	Command string `json:"command"`
	Stdin   []byte `json:"-"`
	// Limits, when not nil, replace the Sandbox's limits for this step.
	Limits *Limits `json:"limits,omitempty"`
	// IfOK runs the step only if every earlier step exited with status 0;
	// otherwise it is marked Skipped.
	IfOK bool `json:"if_ok,omitempty"`
}

// A Spec is a set of files and the steps run over them in one fresh
// directory, in order.
type Spec struct {
	// Files are written into the directory before the first step. Names
	// are relative paths inside it.
	Files map[string][]byte
	Steps []Step
}

// A StepResult is what one step did.
type StepResult struct {
	Name     string `json:"name"`
	Command  string `json:"command"`
	Skipped  bool   `json:"skipped,omitempty"`
	ExitCode int    `json:"exit_code"` // -1 when killed by a signal
	Signal   string `json:"signal,omitempty"`
	TimedOut bool   `json:"timed_out,omitempty"`
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	// Truncated says output went past Limits.MaxOutput and was cut.
	Truncated bool `json:"truncated,omitempty"`
	// OutputHeld says the step exited while something it started kept
	// its output open, out of reach of the kill; the output is what was
	// read until it was cut off. The step's own outcome stands.
	OutputHeld bool          `json:"output_held,omitempty"`
	Duration   time.Duration `json:"duration_ns"`
}

// OK reports whether the step ran and exited with status 0.
func (r *StepResult) OK() bool {
	return !r.Skipped && !r.TimedOut && r.Signal == "" && r.ExitCode == 0
}

// Isolation records which guarantees held for a run.
type Isolation struct {
	NoNetwork      bool `json:"no_network"`
	WritesConfined bool `json:"writes_confined"`
	// ProcessesContained says every step ran in a PID namespace of its
	// own, so nothing it started outlived it (nor surety). When false,
	// what a step leaves behind is found through /proc and killed, which
	// a process that detaches fast enough can escape.
	ProcessesContained bool `json:"processes_contained"`
}

// A Result is the outcome of a Spec.
type Result struct {
	Steps     []StepResult `json:"steps"`
	Isolation Isolation    `json:"isolation"`
}

// Run writes spec's files into a fresh temporary directory, runs its steps
// there and removes the directory. A step that fails, crashes or times out
// is a result, not an error; the error is non-nil for a cancelled context,
// a bad Spec, or isolation that cannot be given (ErrNoIsolation).
func (s *Sandbox) Run(ctx context.Context, spec *Spec) (*Result, error) {
	iso := Isolation{NoNetwork: !s.opts.AllowNetwork, WritesConfined: !s.opts.AllowWrites}
	if iso.WritesConfined {
		if err := mountAvailable(); err != nil {
			return nil, err
		}
	}
	iso.ProcessesContained = holderAvailable(iso) == nil
	dir, remove, err := proc.TempDir("sandbox")
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	defer remove()
	if dir, err = filepath.EvalSymlinks(dir); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	names := make([]string, 0, len(spec.Files))
	for name := range spec.Files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if !filepath.IsLocal(name) {
			return nil, fmt.Errorf("sandbox: file name %q is not a relative path inside the directory", name)
		}
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, fmt.Errorf("sandbox: %w", err)
		}
		if err := os.WriteFile(p, spec.Files[name], 0o644); err != nil {
			return nil, fmt.Errorf("sandbox: %w", err)
		}
	}
	tmp := filepath.Join(dir, ".tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	env := append(os.Environ(), "HOME="+dir, "TMPDIR="+tmp)
	env = append(env, s.opts.Env...)

	res := &Result{Isolation: iso}
	allOK := true
	for _, st := range spec.Steps {
		if st.IfOK && !allOK {
			res.Steps = append(res.Steps, StepResult{Name: st.Name, Command: st.Command, Skipped: true, ExitCode: -1})
			continue
		}
		sr, err := s.step(ctx, dir, env, st, iso)
		if err != nil {
			return nil, err
		}
		allOK = allOK && sr.OK()
		res.Steps = append(res.Steps, *sr)
	}
	return res, nil
}

// mountScript runs inside the new mount namespace: it makes the directory
// a mount of its own and remounts every other mount read-only. mount -n
// leaves /run/mount/utab alone (writing it costs ~15 ms a mount). Mount
// points are octal-escaped in mountinfo; printf %b decodes them.
const mountScript = `d=$(pwd -P)
mount -n --bind "$d" "$d" || { echo "sandbox: cannot bind-mount $d" >&2; exit 125; }
while read -r _ _ _ _ mp opts _; do
	case $mp in *\\*) mp=$(printf '%b' "$mp");; esac
	[ "$mp" = "$d" ] && continue
	case ",$opts," in *,ro,*) continue;; esac
	mount -n -o remount,bind,ro "$mp" 2>/dev/null || { echo "sandbox: cannot make $mp read-only" >&2; exit 125; }
done < /proc/self/mountinfo
`

// setupScript runs the step's command ($1) in the directory, after
// mountScript, when the step itself is the first process of its mount
// namespace (no PID namespace to be had).
const setupScript = mountScript + `cd "$d" || exit 125
exec /bin/sh -c "$1"`

// holderScript is process 1 of a step's PID namespace: it sets up the
// mounts when asked ($1 = mount), says it is ready, and waits for its
// standard input to close. When it exits, the kernel kills every process
// left in the namespace.
const holderScript = `if [ "$1" = mount ]; then
` + mountScript + `fi
echo ready
exec cat >/dev/null`

// enterScript runs in the namespaces entered: it goes to the directory
// ($0) and runs the step's command ($1).
const enterScript = `cd "$0" || exit 125
exec /bin/sh -c "$1"`

// setupFailed is the exit status of the scripts when isolation fails.
const setupFailed = 125

func (s *Sandbox) step(ctx context.Context, dir string, env []string, st Step, iso Isolation) (*StepResult, error) {
	lim := s.opts.Limits
	if st.Limits != nil {
		lim = *st.Limits
	}
	lim = lim.withDefaults()
	c := &proc.Cmd{
		Path: "/bin/sh", Args: []string{"-c", st.Command},
		Dir: dir, Env: env, Stdin: st.Stdin,
		Timeout: lim.Timeout, MaxOutput: lim.MaxOutput,
		Limits: proc.Limits{CPUSeconds: lim.CPUSeconds, MemoryBytes: lim.MemoryBytes,
			FileSizeBytes: lim.FileSizeBytes, NoNetwork: iso.NoNetwork},
	}
	if iso.ProcessesContained {
		h, err := startHolder(ctx, dir, env, iso)
		if err != nil {
			return nil, err
		}
		defer h.close()
		c.Path = "nsenter"
		c.Args = append(h.enterArgs(), "--", "/bin/sh", "-c", enterScript, dir, st.Command)
		c.Limits.NoNetwork = false // the holder's namespace has no network
		// The step's first process is gone: end the namespace now, so
		// that what it left behind stops holding the output.
		c.AfterExit = h.close
	} else {
		// No PID namespace: what the step leaves behind is found
		// through /proc.
		c.KillDescendants = true
		if iso.WritesConfined {
			c.Path = "unshare"
			c.Args = append(unshareArgs(true, false, false), "--", "/bin/sh", "-c", setupScript, "sandbox-setup", st.Command)
		}
	}
	r, err := proc.Run(ctx, c)
	switch {
	case errors.Is(err, proc.ErrNoIsolation):
		return nil, fmt.Errorf("%w: no network namespace: %v (set AllowNetwork to run with the host's network)", ErrNoIsolation, err)
	case errors.Is(err, proc.ErrTimeout):
		// a result: TimedOut is set
	case err != nil:
		return nil, fmt.Errorf("sandbox: step %s: %w", st.Name, err)
	}
	if r.ExitCode == setupFailed && strings.HasPrefix(string(r.Stderr), "sandbox: ") {
		return nil, fmt.Errorf("%w: %s", ErrNoIsolation, strings.TrimSpace(string(r.Stderr)))
	}
	return &StepResult{
		Name: st.Name, Command: st.Command,
		ExitCode: r.ExitCode, Signal: r.Signal, TimedOut: r.TimedOut,
		Stdout: string(r.Stdout), Stderr: string(r.Stderr),
		Truncated: r.Truncated, OutputHeld: r.OutputHeld, Duration: r.Duration,
	}, nil
}

// unshareArgs returns the arguments of unshare(1) that create a mount
// namespace, a PID namespace and a network namespace as asked, with a user
// namespace when the caller is not root.
//
// With a PID namespace, unshare forks (--fork) and its child is process 1
// of the namespace; --kill-child has that child killed when unshare dies,
// and unshare gets the parent-death signal from internal/proc: so when
// surety dies, even by kill -9, the whole namespace goes with it.
func unshareArgs(mount, pid, net bool) []string {
	var args []string
	if os.Geteuid() != 0 {
		args = append(args, "--user", "--map-root-user")
	}
	if mount {
		args = append(args, "--mount", "--propagation", "private")
	}
	if net {
		args = append(args, "--net")
	}
	if pid {
		args = append(args, "--pid", "--fork", "--kill-child")
		if mount {
			args = append(args, "--mount-proc")
		}
	}
	return args
}

// A holder keeps a step's namespaces alive: unshare(1), whose child is
// process 1 of a PID namespace (holderScript). The step enters them with
// nsenter(1) and is not process 1 itself, so signals reach it as anywhere
// else (process 1 of a namespace ignores the signals it has no handler
// for: abort() would not end it, kill $$ would do nothing).
type holder struct {
	p    *proc.Process
	iso  Isolation
	once sync.Once
}

// holderWait bounds the wait for a holder to say it is ready.
const holderWait = 20 * time.Second

// startHolder starts the namespaces of one step, set up in dir.
func startHolder(ctx context.Context, dir string, env []string, iso Isolation) (*holder, error) {
	args := unshareArgs(iso.WritesConfined, true, iso.NoNetwork)
	mode := "nomount"
	if iso.WritesConfined {
		mode = "mount"
	}
	args = append(args, "--", "/bin/sh", "-c", holderScript, "sandbox-holder", mode)
	p, err := proc.Start(ctx, &proc.Cmd{Path: "unshare", Args: args, Dir: dir, Env: env, MaxOutput: 64 << 10})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoIsolation, err)
	}
	h := &holder{p: p, iso: iso}
	line := make([]byte, len("ready\n"))
	_ = p.Stdout().SetReadDeadline(time.Now().Add(holderWait))
	if _, err := io.ReadFull(p.Stdout(), line); err != nil || string(line) != "ready\n" {
		p.Kill()
		r, _ := p.Wait()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		why := strings.TrimSpace(string(r.Stderr))
		if why == "" && err != nil {
			why = err.Error()
		}
		return nil, fmt.Errorf("%w: cannot set up the namespaces of a step: %s", ErrNoIsolation, why)
	}
	return h, nil
}

// enterArgs returns the arguments of nsenter(1) that enter the holder's
// namespaces. The PID namespace is the one unshare made for its children.
func (h *holder) enterArgs() []string {
	ns := "/proc/" + strconv.Itoa(h.p.Pid()) + "/ns/"
	var args []string
	if os.Geteuid() != 0 {
		args = append(args, "--user="+ns+"user")
	}
	if h.iso.WritesConfined {
		args = append(args, "--mount="+ns+"mnt")
	}
	if h.iso.NoNetwork {
		args = append(args, "--net="+ns+"net")
	}
	return append(args, "--pid="+ns+"pid_for_children")
}

// close ends the namespaces: process 1 reads end of file and exits, and
// the kernel kills every process left; a holder that does not end at once
// is killed. It is safe to call more than once.
func (h *holder) close() {
	h.once.Do(func() {
		_ = h.p.Stdin().Close()
		select {
		case <-h.p.Done():
		case <-time.After(2 * time.Second):
			h.p.Kill()
		}
		_, _ = h.p.Wait()
	})
}

var holderProbe struct {
	sync.Mutex
	done map[[3]bool]error
}

// holderAvailable checks, once per kind of step, that a holder can be
// started and entered: unshare(1) and nsenter(1) present, PID namespaces
// (and mount and network namespaces as iso asks) permitted.
func holderAvailable(iso Isolation) error {
	key := [3]bool{iso.WritesConfined, iso.NoNetwork, true}
	holderProbe.Lock()
	defer holderProbe.Unlock()
	if err, ok := holderProbe.done[key]; ok {
		return err
	}
	if holderProbe.done == nil {
		holderProbe.done = map[[3]bool]error{}
	}
	err := probeHolder(iso)
	holderProbe.done[key] = err
	return err
}

func probeHolder(iso Isolation) error {
	if _, err := proc.LookPath("nsenter"); err != nil {
		return fmt.Errorf("%w: %v", ErrNoIsolation, err)
	}
	dir, remove, err := proc.TempDir("sandbox-probe")
	if err != nil {
		return err
	}
	defer remove()
	if dir, err = filepath.EvalSymlinks(dir); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h, err := startHolder(ctx, dir, nil, iso)
	if err != nil {
		return err
	}
	defer h.close()
	r, err := proc.Run(ctx, &proc.Cmd{Path: "nsenter", Dir: dir, Timeout: 10 * time.Second,
		Args: append(h.enterArgs(), "--", "/bin/sh", "-c", enterScript, dir, `test "$$" != 1 && echo ok`)})
	switch {
	case err != nil:
		return fmt.Errorf("%w: cannot enter a step's namespaces: %v", ErrNoIsolation, err)
	case strings.TrimSpace(string(r.Stdout)) != "ok":
		return fmt.Errorf("%w: cannot enter a step's namespaces: nsenter: %s", ErrNoIsolation, strings.TrimSpace(string(r.Stderr)))
	}
	return nil
}

var mountProbe struct {
	once sync.Once
	err  error
}

// mountAvailable checks once that unshare(1) can give a step a mount
// namespace in which mounts can be remounted read-only.
func mountAvailable() error {
	mountProbe.once.Do(func() {
		args := append(unshareArgs(true, false, false), "--", "/bin/sh", "-c", "mount -n -o remount,bind,ro / && exit 0")
		r, err := proc.Run(context.Background(), &proc.Cmd{Path: "unshare", Args: args, Timeout: 10 * time.Second})
		switch {
		case err != nil:
			mountProbe.err = fmt.Errorf("%w: no mount namespace: %v (set AllowWrites to run without write isolation)", ErrNoIsolation, err)
		case r.ExitCode != 0:
			mountProbe.err = fmt.Errorf("%w: no mount namespace: unshare: %s (set AllowWrites to run without write isolation)",
				ErrNoIsolation, strings.TrimSpace(string(r.Stderr)))
		}
	})
	return mountProbe.err
}
