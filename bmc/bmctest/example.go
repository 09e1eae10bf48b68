package bmctest

import (
	"os"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// LoadExample reads an example program, FILE.c (as in examples/c), and
// the expectation written beside it, FILE.expect.json
// (bmc.ReadExpectation), for an engine's test or benchmark to compare its
// report with. It fails tb when either cannot be read, or when the
// expectation does not name every assertion of the program.
func LoadExample(tb testing.TB, file string) (*bmc.Program, *bmc.Expectation) {
	tb.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := bmc.ParseProgram(file, src)
	if err != nil {
		tb.Fatal(err)
	}
	exp, err := bmc.ReadExpectation(strings.TrimSuffix(file, ".c") + ".expect.json")
	if err != nil {
		tb.Fatal(err)
	}
	if len(exp.Assertions) != len(p.Asserts) {
		tb.Fatalf("%s: %d expectations for %d assertions", file, len(exp.Assertions), len(p.Asserts))
	}
	return p, exp
}
