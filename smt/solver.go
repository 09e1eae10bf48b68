package smt

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// A Solver answers queries. Implementations are safe for concurrent use:
// each Check runs on its own.
type Solver interface {
	// Name identifies the solver in results and errors ("z3", "cvc5", ...).
	Name() string
	// Check decides q. A timeout (q.Timeout) is a Result with Status
	// Unknown and Reason "timeout", not an error. Errors mean the check
	// could not be made: the program is missing (ErrNotFound), the script
	// is wrong (*SolverError), ctx was cancelled, or the solver crashed.
	Check(ctx context.Context, q *Query) (*Result, error)
}

// ErrNotFound reports that a solver's program is not installed. It wraps
// proc.ErrNotFound, so either sentinel matches.
var ErrNotFound error = notFoundError{}

type notFoundError struct{}

func (notFoundError) Error() string { return "smt: solver not found" }
func (notFoundError) Unwrap() error { return proc.ErrNotFound }

// A SolverError is an (error "...") reply from a solver: a syntax or sort
// error in the script or the requested values.
type SolverError struct {
	Solver   string
	Messages []string
}

func (e *SolverError) Error() string {
	return "smt: " + e.Solver + ": " + strings.Join(e.Messages, "; ")
}

// Options configure a solver. The zero value is valid and a nil *Options
// means the zero value; the solver never modifies it.
type Options struct {
	// Path is the program to run; "" means the solver's usual name on PATH.
	Path string
	// Args are extra command-line arguments, added after surety's own.
	Args []string
	// Logic is set with (set-logic ...) when the script sets none; "" means
	// the solver's default (cvc5 and boolector: inferred from the script,
	// falling back to ALL for cvc5; z3: none).
	Logic string
	// MemoryBytes limits the solver's address space; 0 means no limit.
	MemoryBytes uint64
	// Grace is how long past Query.Timeout a solver may run before its
	// process group is killed (solvers check their own limit only now and
	// then); 0 means 1s plus a quarter of the timeout. Boolector, whose
	// own limit counts whole seconds, is not told the limit and is killed
	// at Query.Timeout itself.
	Grace time.Duration
}

func (o *Options) orZero() *Options {
	if o == nil {
		return &Options{}
	}
	return o
}

func (o *Options) grace(timeout time.Duration) time.Duration {
	if o.Grace > 0 {
		return o.Grace
	}
	return time.Second + timeout/4
}

// notFound converts proc's not-found error into ErrNotFound naming the
// solver.
func notFound(name, program string, err error) error {
	if !errors.Is(err, proc.ErrNotFound) {
		return err
	}
	if program != name {
		return fmt.Errorf("%w: %s (%s)", ErrNotFound, name, program)
	}
	return fmt.Errorf("%w: %s", ErrNotFound, name)
}
