package viverra

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/work"
)

// With a Runner, an engine built with options of its own (not the one
// registered under its name) cannot travel in a job: Facts says which.
func TestFactsRunnerRefusesOptions(t *testing.T) {
	if len(smt.Installed("cvc5", "bitwuzla", "z3")) == 0 {
		t.Skip("needs cvc5, bitwuzla or z3 for the native engine")
	}
	src := []byte("#include <assert.h>\nint main(void) { int x = 1; assert(x > 0); return 0; }\n")
	_, err := Facts(context.Background(), "p.c", src, &FactsOptions{Engines: []string{"native"}, MallocMayFail: true,
		SkipUndefinedBehaviour: true, NoRuns: true, Audit: "off", Runner: &work.Local{}})
	if err == nil || !strings.Contains(err.Error(), `checker "native" cannot be sent to workers`) {
		t.Fatalf("Facts with a native engine of its own and a Runner: err = %v, want a refusal naming native", err)
	}
}
