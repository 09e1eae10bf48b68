package run

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/internal/proc"
)

func init() { bmc.Register("run", New(nil)) }

// EngineVersion changes whenever the engine's answers may change: it is
// part of Version, so of the result cache key.
const EngineVersion = "run/1"

// Default values of Options.
const (
	DefaultTimeout = 3 * time.Second
	DefaultSeeds   = 32
	DefaultFuzz    = 2 * time.Second
)

// cacheSize bounds the programs whose runs a Checker keeps.
const cacheSize = 64

// Options configure the checker. The zero value is valid; a nil *Options
// means the defaults, and New copies what it is given.
type Options struct {
	// GCC is the compiler; "" means "gcc" on PATH.
	GCC string
	// Flags are extra compiler flags passed to every build (-I DIR,
	// -D NAME=VALUE); nil means none.
	Flags []string
	// Timeout limits each run of the program; 0 means DefaultTimeout (3s).
	Timeout time.Duration
	// Seeds is the number of runs on random inputs, after the runs on
	// boundary values; 0 means DefaultSeeds (32), negative means none.
	Seeds int
	// Fuzz is the budget of coverage-guided fuzzing per program (and
	// variant); 0 means DefaultFuzz (2s), negative means no fuzzing.
	// AFL++ takes whole seconds: a budget is rounded up to one.
	Fuzz time.Duration
	// Fuzzer is the afl-fuzz program; "" means afl-fuzz on PATH. Its
	// compiler is afl-clang-fast (afl-cc) beside it or on PATH. A missing
	// fuzzer only skips fuzzing, and the reasons say so.
	Fuzzer string
	// Name is the registry and report name; "" means "run".
	Name string
}

// A Checker answers queries by running the program. It is safe for
// concurrent use: the builds and runs of a program (variant) are made
// once, while every caller that asks for them waits, and kept for the
// queries and observations that follow, for the last 64 programs. When
// every waiting caller's ctx has ended, the work stops.
type Checker struct {
	opts Options

	runs   memo[*state] // by key: a program variant's runs
	builds memo[*build] // by buildKey: a program's build, for all its variants

	vmu sync.Mutex
	ver string
}

// New returns a checker with the given options.
func New(opts *Options) *Checker {
	c := &Checker{}
	c.runs.size = cacheSize
	c.builds.size, c.builds.idle, c.builds.free = buildCacheSize, buildIdle, (*build).free
	if opts != nil {
		c.opts = *opts
		c.opts.Flags = append([]string(nil), opts.Flags...)
	}
	return c
}

// Name is Options.Name or "run".
func (c *Checker) Name() string {
	if c.opts.Name != "" {
		return c.opts.Name
	}
	return "run"
}

func (c *Checker) gcc() *gcc.Tool { return &gcc.Tool{Path: c.opts.GCC} }

func (c *Checker) timeout() time.Duration {
	if c.opts.Timeout > 0 {
		return c.opts.Timeout
	}
	return DefaultTimeout
}

func (c *Checker) seeds() int {
	switch {
	case c.opts.Seeds < 0:
		return 0
	case c.opts.Seeds == 0:
		return DefaultSeeds
	}
	return c.opts.Seeds
}

func (c *Checker) fuzzBudget() time.Duration {
	if c.opts.Fuzz == 0 {
		return DefaultFuzz
	}
	return c.opts.Fuzz
}

// Available reports whether gcc can be found.
func (c *Checker) Available(ctx context.Context) error {
	if _, err := c.gcc().LookPath(); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	return nil
}

// Version returns the engine version, gcc's version line, the options
// that change answers and the fuzzer found (answers with AFL++ installed
// are others than without).
func (c *Checker) Version(ctx context.Context) (string, error) {
	c.vmu.Lock()
	defer c.vmu.Unlock()
	if c.ver != "" {
		return c.ver, nil
	}
	path, err := c.gcc().LookPath()
	if err != nil {
		return "", fmt.Errorf("run: %w", err)
	}
	res, err := proc.Run(ctx, &proc.Cmd{Path: path, Args: []string{"--version"}, Timeout: 30 * time.Second, MaxOutput: 1 << 16})
	if err != nil {
		return "", fmt.Errorf("run: %w", err)
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(res.Stdout)), "\n")
	fuzzer := "none"
	if f, _, err := c.fuzzTools(); err == nil && c.fuzzBudget() > 0 {
		fuzzer = f
	}
	c.ver = fmt.Sprintf("%s %s flags=%q seeds=%d fuzz=%v fuzzer=%s timeout=%v", EngineVersion, line, c.opts.Flags, c.seeds(), c.fuzzBudget(), fuzzer, c.timeout())
	return c.ver, nil
}

// Check answers FALSIFIED when a run of the query's program fails the
// target assertion (after no assumed assertion failed), with the run's
// inputs as the counterexample, and UNKNOWN otherwise. It never answers
// VERIFIED.
func (c *Checker) Check(ctx context.Context, q *bmc.Query) (res *bmc.Result, err error) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("run: internal error: %v", r)
		}
		if res != nil {
			res.Duration = time.Since(start)
		}
	}()
	if q == nil || q.Program == nil || q.Target < 0 || q.Target >= len(q.Program.Asserts) {
		return nil, errors.New("run: query without a program or with a target out of range")
	}
	st, err := c.state(ctx, q.Program, q.Variant)
	if err != nil {
		return nil, err
	}
	return c.answer(ctx, st, q)
}

// Observe returns what the runs of variant of p showed of each assertion.
// The runs are those Check answers from, made once per program.
func (c *Checker) Observe(ctx context.Context, p *bmc.Program, variant int) (obs *bmc.Observation, err error) {
	defer func() {
		if r := recover(); r != nil {
			obs, err = nil, fmt.Errorf("run: internal error: %v", r)
		}
	}()
	if p == nil {
		return nil, errors.New("run: Observe of a nil program")
	}
	st, err := c.state(ctx, p, variant)
	if err != nil {
		return nil, err
	}
	return st.observation(c.Name(), len(p.Asserts)), nil
}

// key names a program variant in c.runs.
func key(p *bmc.Program, variant int) string {
	return buildKey(p) + "=" + strconv.Itoa(variant)
}

// state returns the runs of a program variant, making them once (c.runs).
func (c *Checker) state(ctx context.Context, p *bmc.Program, variant int) (*state, error) {
	st, release, err := c.runs.get(ctx, key(p, variant), func(ctx context.Context) (*state, error) {
		return c.compute(ctx, p, variant)
	})
	if err != nil {
		return nil, err
	}
	release()
	return st, nil
}

// A runRec is one run of the instrumented program and what it logged.
type runRec struct {
	gen      string // harness generation mode; "" reads bytes
	input    []byte // the process's stdin
	stats    []astat
	vals     [][2]int64 // function id, value bits
	nvals    int64
	flags    int64
	exit     int
	signal   string
	timedOut bool
	fuzz     bool // the input came from the fuzzer
}

// astat is what one run logged of one assertion.
type astat struct{ at, evals, fails, firstEval, firstFail int64 }

// state is everything the runs of one program variant showed.
type state struct {
	p        *bmc.Program
	plan     *plan
	variant  int
	gccErr   string // the program does not compile
	runs     []*runRec
	seeded   int
	fuzzTime time.Duration
	fuzzed   int
	notes    []string // what was not done, and why
	hazards  []bmc.Hazard
	sanRuns  int
	sanOK    bool // the sanitized build ran
}

// A runner runs one build on inputs and reads each run's log.
type runner struct {
	c       *Checker
	dir     string
	exe     string
	log     string
	na      int
	env     []string
	limits  proc.Limits
	timeout time.Duration
}

// newRunner runs exe in dir, its log in dir, with env added to the
// process's environment.
func (c *Checker) newRunner(dir, exe string, na int, sanitized bool, env ...string) *runner {
	r := &runner{c: c, dir: dir, exe: exe, log: filepath.Join(dir, filepath.Base(exe)+".log"), na: na, timeout: c.timeout()}
	secs := uint64(r.timeout/time.Second) + 1
	r.limits = proc.Limits{CPUSeconds: secs, FileSizeBytes: 1 << 30}
	if !sanitized {
		r.limits.MemoryBytes = 1 << 30
	}
	r.env = append(os.Environ(), "SURETY_LOG="+r.log,
		"ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:handle_abort=0:symbolize=1",
		"UBSAN_OPTIONS=print_stacktrace=0:halt_on_error=1")
	r.env = append(r.env, env...)
	return r
}

func (r *runner) run(ctx context.Context, gen string, input []byte, extraEnv ...string) (*runRec, *proc.Result, error) {
	words := logHeader + logPerAssn*r.na + 2*logMaxVals
	if err := os.Truncate(r.log, 0); err != nil && !os.IsNotExist(err) {
		return nil, nil, fmt.Errorf("run: %w", err)
	}
	f, err := os.OpenFile(r.log, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("run: %w", err)
	}
	err = f.Truncate(int64(words * 8))
	f.Close()
	if err != nil {
		return nil, nil, fmt.Errorf("run: %w", err)
	}
	env := r.env
	if gen != "" {
		env = append(env[:len(env):len(env)], "SURETY_GEN="+gen)
	}
	env = append(env[:len(env):len(env)], extraEnv...)
	res, err := proc.Run(ctx, &proc.Cmd{Path: r.exe, Dir: r.dir, Env: env, Stdin: input, Timeout: r.timeout,
		MaxOutput: 1 << 20, Limits: r.limits})
	if res == nil {
		if ctx.Err() != nil {
			return nil, nil, fmt.Errorf("run: %w", ctx.Err())
		}
		return nil, nil, fmt.Errorf("run: %w", err)
	}
	if ctx.Err() != nil {
		return nil, nil, fmt.Errorf("run: %w", ctx.Err())
	}
	rec := &runRec{gen: gen, input: input, exit: res.ExitCode, signal: res.Signal, timedOut: res.TimedOut}
	b, err := os.ReadFile(r.log)
	if err != nil {
		return nil, nil, fmt.Errorf("run: %w", err)
	}
	word := func(i int) int64 {
		if 8*i+8 > len(b) {
			return 0
		}
		return int64(binary.LittleEndian.Uint64(b[8*i:]))
	}
	rec.flags = word(3)
	rec.stats = make([]astat, r.na)
	for i := range rec.stats {
		o := logHeader + logPerAssn*i
		rec.stats[i] = astat{word(o), word(o + 1), word(o + 2), word(o + 3), word(o + 4)}
	}
	rec.nvals = word(2)
	n := min(rec.nvals, logMaxVals)
	o := logHeader + logPerAssn*r.na
	for i := 0; i < int(n); i++ {
		rec.vals = append(rec.vals, [2]int64{word(o + 2*i), word(o + 2*i + 1)})
	}
	return rec, res, nil
}

// RefutesOnly reports that the engine never answers VERIFIED
// (bmc.Refuter).
func (c *Checker) RefutesOnly() bool { return true }

// baseFlags are the flags of every build, as bmc.Replay builds.
var baseFlags = []string{"-std=gnu11", "-O0", "-w", "-fno-strict-aliasing"}

// build compiles prog.c and harness.c in dir into out; a non-empty why
// says the compiler failed.
func (c *Checker) build(ctx context.Context, dir, out string, extra []string, defs ...string) (why string, err error) {
	flags := append(append(append(append([]string{}, baseFlags...), extra...), c.opts.Flags...), defs...)
	res, err := c.gcc().Build(ctx, dir, out, []string{"prog.c", "harness.c", "-lm"}, flags...)
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("run: %w", ctx.Err())
		}
		if errors.Is(err, gcc.ErrNotFound) {
			return "gcc not found", nil
		}
		return "gcc: " + err.Error(), nil
	}
	if !res.OK {
		return "gcc failed: " + firstLines(res.Diagnostics, 300), nil
	}
	return "", nil
}

func firstLines(s string, max int) string {
	s = strings.TrimSpace(s)
	if len(s) > max {
		s = s[:max] + "..."
	}
	return s
}

// compute runs the program variant, on the program's build (made once
// for all its variants).
func (c *Checker) compute(ctx context.Context, p *bmc.Program, variant int) (*state, error) {
	bodiless, err := p.Bodiless(ctx)
	if err != nil {
		return nil, fmt.Errorf("run: %w", err)
	}
	pl := makePlan(p, bodiless)
	st := &state{p: p, plan: pl, variant: variant}
	b, release, err := c.buildOf(ctx, p, pl)
	if err != nil {
		return nil, err
	}
	defer release()
	if b.why != "" {
		st.gccErr = b.why
		return st, nil
	}
	// The runs' own directory: their logs, the fuzzer's files, and the
	// working directory of the program.
	dir, remove, err := proc.TempDir("run")
	if err != nil {
		return nil, err
	}
	defer remove()
	var env []string
	if p.Switch != nil {
		env = []string{"SURETY_VARIANT=" + strconv.Itoa(variant)}
	}
	na := len(p.Asserts)
	plain := c.newRunner(dir, filepath.Join(b.dir, "prog"), na, false, env...)
	// A variant (a mutant of the audit) needs a run that fails it, if one
	// is cheap to find: the boundary values and a quarter of the random
	// seeds, two of them sanitized. The audit asks for dozens of variants
	// of a program, and their runs were most of what the engine cost it.
	seeds, sanMax := c.seeds(), maxSanRuns
	if variant != 0 {
		seeds, sanMax = seeds/4, maxVariantSanRuns
	}
	inputs := st.inputs(seeds)
	timeouts := 0
	for _, in := range inputs {
		rec, _, err := plain.run(ctx, in.gen, in.stdin)
		if err != nil {
			return nil, err
		}
		st.runs = append(st.runs, rec)
		st.seeded++
		if rec.timedOut {
			if timeouts++; timeouts == 2 && len(inputs) > 2 {
				st.notes = append(st.notes, "seeded runs stopped after 2 ran out of time")
				break
			}
		}
	}
	// The sanitized build, run on the first inputs.
	var san *runner
	if b.sanWhy != "" {
		st.notes = append(st.notes, "no sanitized build: "+b.sanWhy)
	} else {
		st.sanOK = true
		san = c.newRunner(dir, filepath.Join(b.dir, "prog-san"), na, true, env...)
		for i, in := range inputs {
			if i >= sanMax || i >= len(st.runs) {
				break
			}
			if st.runs[i].timedOut {
				continue // it would run out of time again
			}
			if err := st.sanitized(ctx, san, in.gen, in.stdin); err != nil {
				return nil, err
			}
		}
	}
	// A variant (a mutant of the audit) gets its seeded runs only:
	// fuzzing is for the program as written.
	if pl.in != 0 && c.fuzzBudget() > 0 && variant == 0 {
		if err := c.fuzz(ctx, st, dir, b.fb, plain, san); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// The sanitized runs of a program, and of a variant of a schema.
const (
	maxSanRuns        = 8
	maxVariantSanRuns = 2
)

// An input is one seeded run's input.
type input struct {
	gen   string
	stdin []byte
}

// inputs lists the seeded inputs: one run when the program reads no input
// the harness controls, else zero, boundary values, a cycle of them, and
// seeded random values (with random stdin text).
func (st *state) inputs(seeds int) []input {
	pl := st.plan
	if pl.in == 0 {
		return []input{{}}
	}
	var ins []input
	n := len(genModes) + seeds
	for i := range n {
		var in input
		if pl.in&inNondet != 0 {
			if i < len(genModes) {
				in.gen = genModes[i]
			} else {
				in.gen = "rand:" + strconv.Itoa(i-len(genModes)+1)
			}
		}
		if pl.in&inStdin != 0 {
			in.stdin = stdinText(pl, i)
		}
		ins = append(ins, in)
	}
	return ins
}

// sanitized runs the sanitized build and keeps what the sanitizers said.
func (st *state) sanitized(ctx context.Context, san *runner, gen string, in []byte) error {
	rec, res, err := san.run(ctx, gen, in)
	if err != nil {
		return err
	}
	st.sanRuns++
	if firstFailed(rec) >= 0 {
		// The run went on past a failed assertion, where the program as
		// compiled stops: what it met after that is no behaviour of the
		// program (and a fact that assumes the failed assertion does not
		// speak of such a run).
		return nil
	}
	for _, h := range sanitizerHazards(string(res.Stderr), fileName(st.p)) {
		st.addHazard(h)
	}
	return nil
}

func firstFailed(rec *runRec) int {
	best, at := -1, int64(0)
	for i, s := range rec.stats {
		if s.firstFail > 0 && (best < 0 || s.firstFail < at) {
			best, at = i, s.firstFail
		}
	}
	return best
}

func (st *state) addHazard(h bmc.Hazard) {
	for _, o := range st.hazards {
		if o.Line == h.Line && o.Detail == h.Detail {
			return
		}
	}
	if len(st.hazards) < 8 {
		st.hazards = append(st.hazards, h)
	}
}
