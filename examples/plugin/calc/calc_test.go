package calc_test

import (
	"testing"

	"example.com/surety-plugin/calc"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/frontendtest"
)

// TestConformance runs surety's frontend kit on the calc frontend.
func TestConformance(t *testing.T) {
	frontendtest.Run(t, frontendtest.TestData(), calc.Language, "basic")
}

// TestRegistered: importing the package registered it by name.
func TestRegistered(t *testing.T) {
	if l, err := frontend.Lookup("calc"); err != nil || l != calc.Language {
		t.Errorf("Lookup(calc) = %v, %v", l, err)
	}
}
