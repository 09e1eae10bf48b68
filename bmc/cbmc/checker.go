package cbmc

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/internal/adapter"
	"github.com/suretydev/surety/internal/proc"
)

func init() { bmc.Register("cbmc", New(nil)) }

// Options configure the checker. The zero value is valid; a nil *Options
// means the defaults, and New copies what it is given.
type Options struct {
	// Path is the CBMC binary; "" means cbmc on PATH.
	Path string
	// Solver is a back-end flag without dashes ("bitwuzla", "z3",
	// "cvc5", "boolector"); "" means CBMC's built-in SAT back-end.
	Solver string
	// Name is the registry and report name; "" means "cbmc", or
	// "cbmc-<solver>" when Solver is set.
	Name string
	// ExtraArgs are passed to CBMC after the others.
	ExtraArgs []string
}

// A Checker runs CBMC. It is safe for concurrent use.
type Checker struct {
	opts Options
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

// Name is Options.Name, "cbmc" or "cbmc-<solver>".
func (c *Checker) Name() string {
	switch {
	case c.opts.Name != "":
		return c.opts.Name
	case c.opts.Solver != "":
		return "cbmc-" + c.opts.Solver
	}
	return "cbmc"
}

func (c *Checker) path() (string, error) {
	p := c.opts.Path
	if p == "" {
		p = "cbmc"
	}
	path, err := proc.LookPath(p)
	if err != nil {
		return "", fmt.Errorf("cbmc: %w", err)
	}
	return path, nil
}

// Available reports whether the CBMC binary can be found.
func (c *Checker) Available(ctx context.Context) error {
	_, err := c.path()
	return err
}

// Version returns `cbmc --version` and the solver choice.
func (c *Checker) Version(ctx context.Context) (string, error) {
	var suffix []string
	if c.opts.Solver != "" {
		suffix = append(suffix, "--"+c.opts.Solver)
	}
	return c.ver.Get(ctx, "cbmc", c.path, false, suffix...)
}

// Exit codes of CBMC (util/exit_codes.h).
const (
	exitSafe         = 0
	exitUsage        = 1
	exitParse        = 2
	exitInconclusive = 5
	exitInternal     = 6 // exception, conversion failure, incorrect task, out of memory
	exitUnsafe       = 10
)

// A RunError reports a CBMC run that gave no verdict.
type RunError struct {
	ExitCode int
	Kind     string   // "usage error", "parse error", "conversion or internal error", ...
	Messages []string // CBMC's ERROR messages
}

func (e *RunError) Error() string {
	msg := strings.Join(e.Messages, "; ")
	if msg == "" {
		msg = "no message"
	}
	return fmt.Sprintf("cbmc: %s (exit %d): %s", e.Kind, e.ExitCode, msg)
}

// Check runs CBMC on the query.
func (c *Checker) Check(ctx context.Context, q *bmc.Query) (*bmc.Result, error) {
	path, err := c.path()
	if err != nil {
		return nil, err
	}
	dir, name, remove, err := adapter.WriteInput("cbmc", q, "__CPROVER_assume")
	if err != nil {
		return nil, err
	}
	defer remove()
	args := []string{name, "--json-ui", "--trace", "--unwind", strconv.Itoa(q.K)}
	if q.UnwindingAssertions {
		args = append(args, "--unwinding-assertions")
	} else {
		args = append(args, "--no-unwinding-assertions")
	}
	if c.opts.Solver != "" {
		args = append(args, "--"+c.opts.Solver)
	}
	args = append(args, q.Program.EngineFlags()...)
	args = append(args, c.opts.ExtraArgs...)
	start := time.Now()
	res, err := proc.Run(ctx, &proc.Cmd{Path: path, Args: args, Dir: dir, Timeout: q.TimeoutOrDefault()})
	r := &bmc.Result{Engine: c.Name(), Duration: time.Since(start)}
	if errors.Is(err, proc.ErrTimeout) {
		r.Reason = "timeout"
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cbmc: %w", err)
	}
	out, perr := ParseOutput(res.Stdout)
	switch res.ExitCode {
	case exitSafe, exitUnsafe, exitInconclusive:
	case exitUsage:
		return nil, &RunError{res.ExitCode, "usage error", out.errorsOr(res.Stderr)}
	case exitParse:
		return nil, &RunError{res.ExitCode, "parse error", out.errorsOr(res.Stderr)}
	case exitInternal:
		return nil, &RunError{res.ExitCode, "conversion or internal error", out.errorsOr(res.Stderr)}
	default:
		return nil, &RunError{res.ExitCode, "unexpected exit", out.errorsOr(res.Stderr)}
	}
	if perr != nil {
		return nil, perr
	}
	v := out.Verdict(name, q)
	// The parse is the whole verdict: every flag it sets (Unwound above
	// all) is kept.
	v.Engine, v.Duration = r.Engine, r.Duration
	r = v
	if res.ExitCode == exitSafe && r.Status == bmc.Falsified || res.ExitCode == exitUnsafe && r.Status == bmc.Verified && q.UnwindingAssertions {
		// The exit code and the property list contradict each other.
		return nil, &RunError{res.ExitCode, "inconsistent output", []string{"exit code does not match the target's status " + r.Status.String()}}
	}
	return r, nil
}
