package esbmc

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/internal/adapter"
	"github.com/suretydev/surety/internal/proc"
)

func init() { bmc.Register("esbmc", New(nil)) }

// Options configure the checker. The zero value is valid; a nil *Options
// means the defaults, and New copies what it is given.
type Options struct {
	// Path is the ESBMC binary; "" means Find's search.
	Path string
	// Solver is the SMT back-end flag without dashes ("z3", "bitwuzla",
	// "boolector", "cvc5", ...); "" means ESBMC's default.
	Solver string
	// StandardChecks keeps ESBMC's default memory-safety checks (array
	// bounds, pointers, division by zero). Off by default: a query is
	// about its target assertion only.
	StandardChecks bool
	// Name is the registry and report name; "" means "esbmc", or
	// "esbmc-<solver>" when Solver is set.
	Name string
	// Grace is how long after its own --timeout ESBMC is killed from
	// outside; 0 means 10s.
	Grace time.Duration
	// ExtraArgs are passed to ESBMC after the others.
	ExtraArgs []string
	// KInduction runs ESBMC's k-induction (--k-induction, the query's K
	// as --max-k-step) instead of bounded model checking: VERIFIED is then
	// a proof for every execution (BoundComplete), FALSIFIED comes from
	// the base case, and a property that no k up to K proves is UNKNOWN.
	// The name becomes "esbmc-kind" unless Name is set.
	KInduction bool
}

// A Checker runs ESBMC. It is safe for concurrent use.
type Checker struct {
	opts Options
	once sync.Once
	path string
	err  error
	ver  adapter.Version
}

// New returns a checker with the given options.
func New(opts *Options) *Checker {
	c := &Checker{}
	if opts != nil {
		c.opts = *opts
		c.opts.ExtraArgs = append([]string(nil), opts.ExtraArgs...)
	}
	return c
}

// Name is Options.Name, "esbmc" or "esbmc-<solver>".
func (c *Checker) Name() string {
	switch {
	case c.opts.Name != "":
		return c.opts.Name
	case c.opts.KInduction && c.opts.Solver != "":
		return "esbmc-kind-" + c.opts.Solver
	case c.opts.KInduction:
		return "esbmc-kind"
	case c.opts.Solver != "":
		return "esbmc-" + c.opts.Solver
	}
	return "esbmc"
}

func (c *Checker) find(ctx context.Context) (string, error) {
	c.once.Do(func() { c.path, c.err = Find(ctx, c.opts.Path) })
	return c.path, c.err
}

// Available reports whether the ESBMC binary can be found.
func (c *Checker) Available(ctx context.Context) error {
	_, err := c.find(ctx)
	return err
}

// Path returns the binary the checker runs.
func (c *Checker) Path(ctx context.Context) (string, error) { return c.find(ctx) }

// Version returns ESBMC's version line, e.g. "ESBMC version 8.4.0 64-bit
// x86_64 linux", with the solver choice.
func (c *Checker) Version(ctx context.Context) (string, error) {
	var suffix []string
	if c.opts.Solver != "" {
		suffix = append(suffix, "--"+c.opts.Solver)
	}
	if c.opts.StandardChecks {
		suffix = append(suffix, "standard-checks")
	}
	if c.opts.KInduction {
		suffix = append(suffix, "k-induction")
	}
	return c.ver.Get(ctx, "esbmc", func() (string, error) { return c.find(ctx) }, true, suffix...)
}

// A RunError reports an ESBMC run that gave no verdict: it could not read
// the program, or it crashed.
type RunError struct {
	ExitCode int
	Message  string // the first error line of ESBMC's output
	Output   []byte
}

func (e *RunError) Error() string {
	return fmt.Sprintf("esbmc: no verdict (exit %d): %s", e.ExitCode, e.Message)
}

// Check runs ESBMC on the query.
func (c *Checker) Check(ctx context.Context, q *bmc.Query) (*bmc.Result, error) {
	path, err := c.find(ctx)
	if err != nil {
		return nil, err
	}
	dir, name, remove, err := adapter.WriteInput("esbmc", q, "__ESBMC_assume")
	if err != nil {
		return nil, err
	}
	defer remove()
	timeout := q.TimeoutOrDefault()
	secs := int((timeout + time.Second - 1) / time.Second)
	args := []string{name, "--timeout", strconv.Itoa(secs) + "s"}
	switch {
	case c.opts.KInduction:
		args = append(args, "--k-induction", "--max-k-step", strconv.Itoa(q.K))
	case q.UnwindingAssertions:
		args = append(args, "--unwind", strconv.Itoa(q.K))
	default:
		args = append(args, "--unwind", strconv.Itoa(q.K), "--no-unwinding-assertions")
	}
	if !c.opts.StandardChecks {
		args = append(args, "--no-standard-checks")
	}
	if c.opts.Solver != "" {
		args = append(args, "--"+c.opts.Solver)
	}
	args = append(args, q.Program.EngineFlags()...)
	args = append(args, c.opts.ExtraArgs...)
	grace := c.opts.Grace
	if grace <= 0 {
		grace = 10 * time.Second
	}
	start := time.Now()
	res, err := proc.Run(ctx, &proc.Cmd{Path: path, Args: args, Dir: dir, Timeout: timeout + grace})
	if err != nil && !errors.Is(err, proc.ErrTimeout) {
		return nil, fmt.Errorf("esbmc: %w", err)
	}
	r := &bmc.Result{Engine: c.Name(), Duration: time.Since(start)}
	if res.TimedOut {
		r.Status, r.Reason = bmc.Unknown, "timeout (killed)"
		return r, nil
	}
	out := string(res.Stdout) + "\n" + string(res.Stderr)
	v, err := Parse(out, name, q)
	if err != nil {
		return nil, &RunError{ExitCode: res.ExitCode, Message: err.Error(), Output: []byte(out)}
	}
	// The parse is the whole verdict: every flag it sets (Unwound above
	// all, which says a FALSIFIED is the bound's and not the target's) is
	// kept.
	v.Engine, v.Duration = r.Engine, r.Duration
	r = v
	if c.opts.KInduction && r.Status == bmc.Verified {
		r.BoundComplete = true // an inductive proof holds on every execution
	}
	return r, nil
}

var errorLine = regexp.MustCompile(`(?m)^(?:ERROR|error|.*: error): .*$`)
