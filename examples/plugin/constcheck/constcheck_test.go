package constcheck_test

import (
	"context"
	"testing"

	"example.com/surety-plugin/constcheck"
	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/bmctest"
)

// TestConformance runs surety's engine kit on the const engine: it must
// contradict no probe's truth.
func TestConformance(t *testing.T) {
	bmctest.TestChecker(t, constcheck.Checker{}, nil)
}

func TestCheck(t *testing.T) {
	p, err := bmc.ParseProgram("t.c", []byte("#include <assert.h>\nint main(void) { int x = 0; assert(1 < 2); assert(x == 0); return 0; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	for target, want := range []bmc.Status{bmc.Verified, bmc.Unknown} {
		r, err := constcheck.Checker{}.Check(context.Background(), &bmc.Query{Program: p, Target: target, K: 5})
		if err != nil || r.Status != want {
			t.Errorf("a%d: %v, %v; want %v", target+1, r, err, want)
		}
	}
	if c, err := bmc.Lookup("const"); err != nil || c.Name() != "const" {
		t.Errorf("Lookup(const) = %v, %v", c, err)
	}
}
