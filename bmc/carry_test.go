package bmc

import (
	"context"
	"errors"
	"testing"
)

// A run at a larger bound takes the bound-complete facts of the smaller
// one as they are and checks only what the smaller bound left open.
func TestCarry(t *testing.T) {
	ctx := context.Background()
	p := syntheticProgram(3)
	w := &world{n: 3, exec: [][]bool{{true, true, true}}}
	order := []int{0, 1, 2}
	small, err := VerifyAll(ctx, p, &incomplete{oracle{w: w}, map[int]bool{1: true}}, &Options{K: 5, BoundCheck: true, Order: order})
	if err != nil {
		t.Fatal(err)
	}
	if small.Facts[1].BoundComplete || !small.Facts[0].BoundComplete || !small.Facts[2].BoundComplete {
		t.Fatalf("at k=5 want a1 and a3 bound-complete, a2 not: %+v", small.Facts)
	}
	c := &recorder{oracle: oracle{w: w}}
	big, err := VerifyAll(ctx, p, c, &Options{K: 20, BoundCheck: true, Order: order, Carry: small})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range c.queries {
		if q.Target != 1 {
			t.Errorf("checked %s again at k=20 although it held on every execution", p.Asserts[q.Target].Label())
		}
	}
	for _, i := range []int{0, 2} {
		if f := big.Facts[i]; f.Carried != 5 || f.Status != VerdictVerified || !f.BoundComplete || f.Position != i+1 {
			t.Errorf("%s = %+v, want carried from k=5", f.Label(), f)
		}
	}
	if f := big.Facts[1]; f.Carried != 0 || !f.BoundComplete {
		t.Errorf("a2 = %+v, want decided again at k=20, bound-complete", f)
	}
	if big.Summary.Carried != 2 {
		t.Errorf("summary carried = %d, want 2", big.Summary.Carried)
	}
	// A carried report must fit the run.
	for name, o := range map[string]*Options{
		"larger bound":  {K: 4, Order: order, Carry: small},
		"other order":   {K: 20, Order: []int{2, 1, 0}, Carry: small},
		"other program": {K: 20, Order: []int{0, 1, 2, 3}, Carry: small},
	} {
		q := p
		if name == "other program" {
			q = syntheticProgram(4)
		}
		if _, err := VerifyAll(ctx, q, &oracle{w: &world{n: 4, exec: [][]bool{{true, true, true, true}}}}, o); !errors.Is(err, ErrBadCarry) {
			t.Errorf("%s: err = %v, want ErrBadCarry", name, err)
		}
	}
}
