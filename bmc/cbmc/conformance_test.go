package cbmc

import (
	"context"
	"testing"

	"github.com/suretydev/surety/bmc/bmctest"
)

// TestConformance runs the engines' conformance kit on the real CBMC,
// where it is installed.
func TestConformance(t *testing.T) {
	c := New(nil)
	if err := c.Available(context.Background()); err != nil {
		t.Skip("needs cbmc")
	}
	bmctest.TestChecker(t, c, nil)
}
