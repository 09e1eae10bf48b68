package cgen

import (
	"bytes"
	"testing"
)

func TestDeterministic(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		a := Generate(seed, nil).Render(func(p Probe) string { return "" })
		b := Generate(seed, nil).Render(func(p Probe) string { return "" })
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: two programs", seed)
		}
	}
}
