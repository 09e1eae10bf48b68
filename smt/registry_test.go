package smt

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/registry"
)

// fakeSolver answers unknown to everything; present says whether it can
// run.
type fakeSolver struct {
	name    string
	present atomic.Bool
}

func (f *fakeSolver) Name() string { return f.name }
func (f *fakeSolver) Check(context.Context, *Query) (*Result, error) {
	return &Result{Solver: f.name}, nil
}
func (f *fakeSolver) Available() error {
	if f.present.Load() {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrNotFound, f.name)
}

var fake = &fakeSolver{name: "test-fake"}

func init() { Register("test-fake", fake) }

func names(ss []Solver) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name())
	}
	return out
}

func TestRegisterLookup(t *testing.T) {
	for _, n := range []string{"z3", "cvc5", "boolector", "bitwuzla", "test-fake"} {
		if s, err := Lookup(n); err != nil || s.Name() != n {
			t.Errorf("Lookup(%s) = %v, %v", n, s, err)
		}
	}
	if got := strings.Join(Names(), ","); got != "bitwuzla,boolector,cvc5,test-fake,z3" {
		t.Errorf("Names() = %s", got)
	}
	_, err := Lookup("yices")
	if !errors.Is(err, registry.ErrUnknown) ||
		err.Error() != `smt: unknown solver "yices" (forgotten import?); registered: bitwuzla, boolector, cvc5, test-fake, z3` {
		t.Errorf("Lookup(yices): %v", err)
	}
	for _, bad := range []struct {
		name string
		s    Solver
	}{{"test-fake", &fakeSolver{name: "test-fake"}}, {"", &fakeSolver{}}, {"x", nil}, {"x", &fakeSolver{name: "y"}}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q, %v) did not panic", bad.name, bad.s)
				}
			}()
			Register(bad.name, bad.s)
		}()
	}
}

// TestRegisteredAvailability: a registered solver that cannot run is in
// neither Available nor Installed, and Open names it; once it can, it
// comes after the built-in solvers.
func TestRegisteredAvailability(t *testing.T) {
	defer fake.present.Store(false)
	if slices.Contains(names(Available()), "test-fake") || len(Installed("test-fake")) != 0 {
		t.Errorf("a missing solver is available")
	}
	if _, err := Open("test-fake"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "test-fake") {
		t.Errorf("Open of a missing solver: %v", err)
	}
	fake.present.Store(true)
	if got := names(Available()); len(got) == 0 || got[len(got)-1] != "test-fake" {
		t.Errorf("Available() = %v, want test-fake last", got)
	}
	if got := names(Installed("test-fake", "no-such-solver")); !slices.Equal(got, []string{"test-fake"}) {
		t.Errorf("Installed(test-fake, no-such-solver) = %v", got)
	}
	if s, err := Open("test-fake"); err != nil || s != fake {
		t.Errorf("Open(test-fake) = %v, %v", s, err)
	}
}

func TestOpen(t *testing.T) {
	for _, n := range []string{"none", ""} {
		if s, err := Open(n); s != nil || err != nil {
			t.Errorf("Open(%q) = %v, %v; want nil, nil", n, s, err)
		}
	}
	if _, err := Open("yices"); !errors.Is(err, registry.ErrUnknown) {
		t.Errorf("Open(yices): %v", err)
	}
	for _, n := range []string{"z3", "cvc5", "boolector"} {
		s, err := Open(n)
		if installed := len(Installed(n)) == 1; installed != (err == nil) || (err == nil && s.Name() != n) ||
			(err != nil && (!errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), n))) {
			t.Errorf("Open(%s) = %v, %v (installed: %v)", n, s, err, installed)
		}
	}
}
