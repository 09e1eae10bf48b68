package esbmc

import (
	"testing"

	"github.com/suretydev/surety/bmc/bmctest"
)

// TestConformance runs the engines' conformance kit on ESBMC.
func TestConformance(t *testing.T) {
	bmctest.TestChecker(t, needESBMC(t), nil)
}
