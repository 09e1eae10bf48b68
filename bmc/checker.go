package bmc

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
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

var (
	regMu    sync.RWMutex
	registry = map[string]Checker{}
)

// Register makes a checker available by its name, as database/sql drivers
// are. It panics if c is nil, its name is empty, or the name is taken.
func Register(c Checker) {
	if c == nil {
		panic("bmc: Register of nil Checker")
	}
	name := c.Name()
	if name == "" {
		panic("bmc: Register of Checker with empty name")
	}
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := registry[name]; dup {
		panic("bmc: Register called twice for checker " + name)
	}
	registry[name] = c
}

// Lookup returns the registered checker with the given name.
func Lookup(name string) (Checker, error) {
	regMu.RLock()
	defer regMu.RUnlock()
	c, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("bmc: unknown checker %q (forgotten import?); registered: %s", name, strings.Join(namesLocked(), ", "))
	}
	return c, nil
}

// Names returns the names of the registered checkers, sorted.
func Names() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	ns := make([]string, 0, len(registry))
	for n := range registry {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

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
