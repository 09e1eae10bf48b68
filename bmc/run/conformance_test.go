package run

import (
	"testing"

	"github.com/suretydev/surety/bmc/bmctest"
)

// TestConformance runs the engines' conformance kit on the run engine: a
// refuter, which must never answer VERIFIED.
func TestConformance(t *testing.T) {
	needGCC(t)
	bmctest.TestChecker(t, New(nil), nil)
}
