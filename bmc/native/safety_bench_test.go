package native

import (
	"context"
	"os"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// BenchmarkSafety measures Safety on examples/c/bubblesort.c at k=5, every
// property, with a fresh checker per iteration (so the translation is
// included). Reported besides the time: the number of claims and how many
// were VERIFIED.
//
//	go test -run '^$' -bench BenchmarkSafety -benchtime 3x -count 5 ./bmc/native | benchstat -
func BenchmarkSafety(b *testing.B) {
	needTools(b)
	src, err := os.ReadFile("../../examples/c/bubblesort.c")
	if err != nil {
		b.Fatal(err)
	}
	p, err := bmc.ParseProgram("bubblesort.c", src)
	if err != nil {
		b.Fatal(err)
	}
	var claims []Claim
	for b.Loop() {
		claims, err = New(nil).Safety(context.Background(), p, &SafetyOptions{K: 5})
		if err != nil {
			b.Fatal(err)
		}
	}
	verified := 0
	for _, c := range claims {
		if c.Status == bmc.Verified {
			verified++
		}
	}
	b.ReportMetric(float64(len(claims)), "claims")
	b.ReportMetric(float64(verified), "verified")
}
