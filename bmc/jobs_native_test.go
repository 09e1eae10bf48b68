package bmc_test

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/work"

	// The jobs name the native engine; their handler finds it here.
	_ "github.com/suretydev/surety/bmc/native"
)

// jobsProg has a failing assertion that later ones need assumed (a2 and
// a4 are C-VERIFIED), and a fact of its own (a3).
const jobsProg = `#include <assert.h>
int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x > 0 && x < 100);
    int y = x + 1;
    assert(y > 1);
    assert(y - x == 1);
    assert(y <= 100);
    return 0;
}
`

// VerifyAll's checks as jobs (work.Local here) give the report of the
// in-process pool, on the native engine, timings aside.
func TestVerifyAllRunnerNative(t *testing.T) {
	ctx := context.Background()
	p, c := nativeJobsProg(t)
	opts := bmc.Options{K: 2, Timeout: 20 * time.Second, BoundCheck: true}
	want, err := bmc.VerifyAll(ctx, p, c, &opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Runner = &work.Local{Workers: 2}
	got, err := bmc.VerifyAll(ctx, p, c, &opts)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := reportText(t, got), reportText(t, want); g != w {
		t.Errorf("through jobs:\n%s\nin process:\n%s", g, w)
	}
	t.Logf("summary %+v", got.Summary)
	if got.Summary.CVerified == 0 || got.Summary.Falsified == 0 {
		t.Errorf("summary %+v: want a falsified assertion and C-VERIFIED ones assuming it", got.Summary)
	}
}

// nativeJobsProg is jobsProg parsed and the registered native engine;
// the test is skipped without a solver for it.
func nativeJobsProg(t *testing.T) (*bmc.Program, bmc.Checker) {
	t.Helper()
	if len(smt.Installed("cvc5", "bitwuzla", "z3")) == 0 {
		t.Skip("needs cvc5, bitwuzla or z3 for the native engine")
	}
	p, err := bmc.ParseProgram("jobs.c", []byte(jobsProg))
	if err != nil {
		t.Fatal(err)
	}
	c, err := bmc.Lookup("native")
	if err != nil {
		t.Fatal(err)
	}
	return p, c
}

// reportText is the report as JSON, without its timings and the
// values and paths of its counterexamples.
func reportText(t *testing.T, r *bmc.Report) string {
	t.Helper()
	c := *r
	c.Summary.Time = 0
	c.Facts = append([]bmc.Fact(nil), r.Facts...)
	for i := range c.Facts {
		f := &c.Facts[i]
		f.Duration = 0
		if cex := f.Counterexample; cex != nil {
			// Which failing input the solver picks varies from run to
			// run, in process too: only what was read is compared.
			cex := &bmc.Counterexample{Inputs: append([]bmc.Input(nil), cex.Inputs...)}
			for j := range cex.Inputs {
				cex.Inputs[j].Value = ""
			}
			f.Counterexample = cex
		}
	}
	b, err := json.MarshalIndent(&c, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An engine configured with Settings (Configure) travels in a job: the
// job names the registered engine and the settings, the worker makes the
// same engine (its version, which names the settings, is checked), and
// the report is the in-process one.
func TestVerifyAllRunnerSettings(t *testing.T) {
	ctx := context.Background()
	p, reg := nativeJobsProg(t)
	set := bmc.Settings{NoInduction: true, MallocMayFail: true}
	c := bmc.Configure(reg, set)
	if c == reg {
		t.Fatal("Configure with settings that differ from the registered engine's returned the registered engine")
	}
	if again := bmc.Configure(reg, set); again != c {
		t.Error("Configure made a second checker for the same engine and settings")
	}
	opts := bmc.Options{K: 2, Timeout: 20 * time.Second, BoundCheck: true}
	want, err := bmc.VerifyAll(ctx, p, c, &opts)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recordingRunner{Runner: &work.Local{Workers: 2}}
	opts.Runner = rec
	got, err := bmc.VerifyAll(ctx, p, c, &opts)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := reportText(t, got), reportText(t, want); g != w {
		t.Errorf("through jobs:\n%s\nin process:\n%s", g, w)
	}
	if len(rec.inputs) == 0 {
		t.Fatal("no job was run")
	}
	for _, in := range rec.inputs {
		var j struct {
			Engine struct {
				Name     string        `json:"name"`
				Settings *bmc.Settings `json:"settings"`
			} `json:"engine"`
		}
		if err := json.Unmarshal(in, &j); err != nil {
			t.Fatal(err)
		}
		if j.Engine.Name != "native" || j.Engine.Settings == nil || !reflect.DeepEqual(*j.Engine.Settings, set) {
			t.Fatalf("job's engine %+v, want native with %+v", j.Engine, set)
		}
	}
}

// recordingRunner keeps the input of every job it hands to Runner.
type recordingRunner struct {
	work.Runner
	mu     sync.Mutex
	inputs [][]byte
}

func (r *recordingRunner) Run(ctx context.Context, jobs []work.Job, deliver func(work.Result) error) error {
	r.mu.Lock()
	for _, j := range jobs {
		r.inputs = append(r.inputs, j.Input)
	}
	r.mu.Unlock()
	return r.Runner.Run(ctx, jobs, deliver)
}
