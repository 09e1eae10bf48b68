package adapter_test

import (
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/cbmc"
	"github.com/suretydev/surety/bmc/esbmc"
)

// TestWith: an adapter takes the binary Settings gives for its name, and
// is unchanged when it gives none.
func TestWith(t *testing.T) {
	for _, c := range []interface {
		bmc.Checker
		bmc.Configurer
	}{cbmc.New(nil), esbmc.New(&esbmc.Options{KInduction: true})} {
		if got := c.With(bmc.Settings{Paths: map[string]string{"other": "/x", c.Name(): ""}}); got != c {
			t.Errorf("%s: a new checker for settings that name no binary of it", c.Name())
		}
		got := c.With(bmc.Settings{Paths: map[string]string{c.Name(): "/opt/bin/tool"}})
		if got == c || got.Name() != c.Name() {
			t.Errorf("%s: With gave %v (%s)", c.Name(), got, got.Name())
		}
	}
	p, ok := bmc.Settings{}.Path("esbmc")
	if ok || p != "" {
		t.Errorf("zero Settings: %q, %v", p, ok)
	}
}
