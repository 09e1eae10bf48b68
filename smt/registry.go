package smt

import (
	"fmt"
	"slices"

	"github.com/suretydev/surety/registry"
)

var solvers = registry.Set[Solver]{Kind: "smt: solver"}

// The solvers this package runs register here, with default options, as
// any other solver may from its own package's init.
func init() {
	Register("z3", Z3(nil))
	Register("cvc5", CVC5(nil))
	Register("boolector", Boolector(nil))
	Register("bitwuzla", Bitwuzla(nil))
}

// preferred is the order Available gives the solvers of this package in.
var preferred = []string{"z3", "cvc5", "boolector", "bitwuzla"}

// Register makes a solver available by name, as database/sql drivers are
// (see package registry); call it from an init function. It panics if s
// is nil, name is empty or taken, or s.Name() is not name. z3, cvc5,
// boolector and bitwuzla are registered by this package, with default
// options.
func Register(name string, s Solver) {
	if s != nil && s.Name() != name {
		panic(fmt.Sprintf("smt: Register(%q) of solver %q: the names differ", name, s.Name()))
	}
	solvers.Register(name, s)
}

// Lookup returns the registered solver called name, whether or not it can
// run here (see Prober). Its error wraps registry.ErrUnknown and lists the
// solvers registered.
func Lookup(name string) (Solver, error) { return solvers.Lookup(name) }

// Names returns the names of the registered solvers, sorted.
func Names() []string { return solvers.Names() }

// A Prober is an optional interface of a Solver: Available reports
// whether it can run here (its program is installed), with an error that
// wraps ErrNotFound and names it when not. Without it a solver is taken
// to be available. The solvers of this package implement it.
type Prober interface {
	Available() error
}

// available is nil when s can run here, through Prober when s has it.
func available(s Solver) error {
	if p, ok := s.(Prober); ok {
		return p.Available()
	}
	return nil
}

// Open returns the registered solver called name for a command line's
// choice of one: "none" and "" give nil and no error (no solver). A name
// not registered is Lookup's error (wrapping registry.ErrUnknown); a
// solver that cannot run here is an error naming it, wrapping ErrNotFound.
func Open(name string) (Solver, error) {
	if name == "none" || name == "" {
		return nil, nil
	}
	s, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	if err := available(s); err != nil {
		return nil, err
	}
	return s, nil
}

// Available returns the registered solvers that can run here: z3, cvc5,
// boolector and bitwuzla in that order, then any other registered solver
// in the order of Names.
func Available() []Solver {
	names := slices.Clone(preferred)
	for _, n := range Names() {
		if !slices.Contains(preferred, n) {
			names = append(names, n)
		}
	}
	return Installed(names...)
}

// Installed returns those of the named solvers that are registered and
// can run here, in the order given; a name not registered is skipped. It
// looks only at the solvers named: finding out whether Bitwuzla's bindings
// import starts Python.
func Installed(names ...string) []Solver {
	var out []Solver
	for _, name := range names {
		if s, err := Lookup(name); err == nil && available(s) == nil {
			out = append(out, s)
		}
	}
	return out
}
