package bmc

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/registry"
)

// A Checker decides one Query. It must honour ctx (killing any child
// process), answer UNKNOWN rather than guess, and be safe for concurrent
// use. An error means the checker itself failed (not installed, crashed,
// output it could not read), never a verdict.
type Checker interface {
	// Name is the checker's registry name: "esbmc", "cbmc", "native".
	Name() string
	Check(ctx context.Context, q *Query) (*Result, error)
}

// A Versioner is an optional interface of a Checker: Version returns the
// engine's version text, which becomes part of the result cache key.
// Without it the cache key holds the checker's name only.
type Versioner interface {
	Version(ctx context.Context) (string, error)
}

var checkers = registry.Set[Checker]{Kind: "bmc: checker"}

// Register makes a checker available by name, as database/sql drivers are
// (see package registry); call it from the checker's package's init. It
// panics if c is nil, name is empty or taken, or c.Name() is not name.
func Register(name string, c Checker) {
	if c != nil && c.Name() != name {
		panic(fmt.Sprintf("bmc: Register(%q) of checker %q: the names differ", name, c.Name()))
	}
	checkers.Register(name, c)
}

// Lookup returns the registered checker with the given name. Its error
// wraps registry.ErrUnknown and lists the checkers registered.
func Lookup(name string) (Checker, error) { return checkers.Lookup(name) }

// Names returns the names of the registered checkers, sorted.
func Names() []string { return checkers.Names() }

// A Refuter is an optional interface of a Checker that never answers
// VERIFIED (the run engine: no set of runs proves an assertion). Its
// self-test wants UNKNOWN, not VERIFIED, on a correct program. Without it
// a checker is taken to prove what it can.
type Refuter interface {
	RefutesOnly() bool
}

// A Prober is an optional interface of a Checker: Available reports
// whether the engine can run on this machine (its program found, its
// solver present). Without it a checker is taken to be available.
type Prober interface {
	Available(ctx context.Context) error
}

// Available reports whether c can run here, through Prober when c has it.
func Available(ctx context.Context, c Checker) error {
	if p, ok := c.(Prober); ok {
		return p.Available(ctx)
	}
	return nil
}
