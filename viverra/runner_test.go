package viverra

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/work"
)

// With a Runner, engines picked by name with settings of the command
// line (here malloc may fail, no induction) travel in the jobs: Facts
// gives the facts of a run in process.
func TestFactsRunnerSettings(t *testing.T) {
	if len(smt.Installed("cvc5", "bitwuzla", "z3")) == 0 {
		t.Skip("needs cvc5, bitwuzla or z3 for the native engine")
	}
	src := []byte(`#include <assert.h>
#include <stdlib.h>
int main(void) {
    int *p = malloc(sizeof *p);
    assert(p != 0);
    *p = 3;
    assert(*p == 3);
    free(p);
    return 0;
}
`)
	run := func(r work.Runner) string {
		t.Helper()
		res, err := Facts(context.Background(), "p.c", src, &FactsOptions{Engines: []string{"native"}, MallocMayFail: true, NoInduction: true,
			SkipUndefinedBehaviour: true, NoRuns: true, Audit: "off", Runner: r})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, f := range res.Report.Facts {
			b.WriteString(f.Label() + " " + f.Status.String() + "\n")
		}
		return b.String()
	}
	want, got := run(nil), run(&work.Local{})
	t.Logf("facts:\n%s", want)
	if got != want {
		t.Errorf("through jobs:\n%s\nin process:\n%s", got, want)
	}
	// malloc may fail: p != 0 is falsified; *p == 3 holds where it is reached.
	if !strings.Contains(want, "a1 "+bmc.Falsified.String()) {
		t.Errorf("facts:\n%s\nwant a1 (p != 0) FALSIFIED when malloc may fail", want)
	}
}
