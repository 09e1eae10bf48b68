package smt_test

import (
	"errors"
	"testing"

	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/smt/smttest"
)

// unsupported are the logics each solver of this package does not decide.
var unsupported = map[string]map[string]string{
	"boolector": {smttest.QF_FP: "boolector 1.5 has no floating point", smttest.QF_LIA: "boolector has no integer arithmetic"},
	"bitwuzla":  {smttest.QF_LIA: "bitwuzla has no integer arithmetic"},
}

// TestConformance holds every registered solver that can run here to the
// kit; one missing is skipped, by name.
func TestConformance(t *testing.T) {
	for _, name := range smt.Names() {
		t.Run(name, func(t *testing.T) {
			s, err := smt.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			if p, ok := s.(smt.Prober); ok {
				if err := p.Available(); err != nil {
					if !errors.Is(err, smt.ErrNotFound) {
						t.Errorf("Available() = %v, want nil or an error matching smt.ErrNotFound", err)
					}
					t.Skipf("needs %s: %v", name, err)
				}
			}
			smttest.TestSolver(t, s, &smttest.Options{Unsupported: unsupported[name]})
		})
	}
}
