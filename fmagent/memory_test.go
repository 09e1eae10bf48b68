package fmagent_test

import (
	"runtime/debug"
	"testing"

	"github.com/suretydev/surety/fmagent"
)

// LimitGraphMemory sets the heap's soft limit, unless the user gave one.
func TestLimitGraphMemory(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	debug.SetMemoryLimit(1 << 40)
	fmagent.LimitGraphMemory(true)
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("with GOMEMLIMIT given: limit %d, want it kept", got)
	}
	fmagent.LimitGraphMemory(false)
	if got := debug.SetMemoryLimit(-1); got != fmagent.GraphMemoryLimit {
		t.Errorf("limit %d, want %d", got, fmagent.GraphMemoryLimit)
	}
}
