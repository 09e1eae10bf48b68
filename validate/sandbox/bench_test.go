package sandbox_test

import (
	"context"
	"errors"
	"testing"

	"github.com/suretydev/surety/validate/sandbox"
)

// BenchmarkStep measures what isolation costs per step: a one-step Spec
// running `true`, with every guarantee (a network and a mount namespace,
// all mounts remounted read-only) and with none (rlimits only).
func BenchmarkStep(b *testing.B) {
	for _, c := range []struct {
		name string
		opts *sandbox.Options
	}{
		{"isolated", nil},
		{"no-network-only", &sandbox.Options{AllowWrites: true}},
		{"writes-confined-only", &sandbox.Options{AllowNetwork: true}},
		{"rlimits-only", &sandbox.Options{AllowNetwork: true, AllowWrites: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			sb := sandbox.New(c.opts)
			spec := &sandbox.Spec{Files: map[string][]byte{"t": []byte("x")}, Steps: []sandbox.Step{{Name: "run", Command: "true"}}}
			for b.Loop() {
				_, err := sb.Run(context.Background(), spec)
				if errors.Is(err, sandbox.ErrNoIsolation) {
					b.Skipf("needs namespaces: %v", err)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
