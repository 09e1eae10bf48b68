package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/work/nats/natstest"
)

// natsFactsProg has a failing assertion that later ones need assumed,
// and a fact of its own.
const natsFactsProg = `#include <assert.h>
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

// surety facts --nats URL hands its checks to worker processes (this
// test binary as surety worker) through a NATS server with JetStream,
// and prints the report of a run in this process, timings aside.
func TestFactsNATS(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	if len(smt.Installed("cvc5", "bitwuzla", "z3")) == 0 {
		t.Skip("needs cvc5, bitwuzla or z3 for the native engine")
	}
	file := filepath.Join(t.TempDir(), "prog.c")
	if err := os.WriteFile(file, []byte(natsFactsProg), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := natstest.Start(t, t.TempDir())
	started := startWorkers(t, srv, 2)
	vars := map[string]string{"SURETY_NATS_USER": srv.Creds.User, "SURETY_NATS_PASSWORD": srv.Creds.Password}
	facts := func(args ...string) []byte {
		t.Helper()
		var out, errb bytes.Buffer
		e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
		args = append([]string{"--engines", "native", "--k", "2", "--timeout", "20s", "--audit", "off", "--runs=false",
			"--ub-check=false", "--no-cache", "--json"}, append(args, file)...)
		if code := runFacts(context.Background(), e, args); code > 1 {
			t.Fatalf("surety facts %q: exit %d\n%s", args, code, errb.String())
		}
		return out.Bytes()
	}
	local, _ := factsReport(t, facts())
	before := started.Load()
	remote, sum := factsReport(t, facts("--nats", srv.URL))
	if sum.CVerified == 0 || sum.Falsified == 0 {
		t.Errorf("summary %+v: want a falsified assertion and C-VERIFIED ones assuming it", sum)
	}
	if local != remote {
		t.Errorf("through NATS:\n%s\nin this process:\n%s", remote, local)
	}
	if n := started.Load() - before; n == 0 {
		t.Errorf("the workers started no job")
	}
}

// factsReport is the report of surety facts --json without its timings
// and its counterexamples' values (which failing input the solver picks
// varies from run to run).
func factsReport(t *testing.T, out []byte) (string, bmc.Summary) {
	t.Helper()
	var r struct {
		File      string      `json:"file"`
		Facts     []bmc.Fact  `json:"facts"`
		Falsified []int       `json:"falsified"`
		Summary   bmc.Summary `json:"summary"`
		Annotated string      `json:"annotated"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	r.Summary.Time = 0
	for i := range r.Facts {
		f := &r.Facts[i]
		f.Duration = 0
		if cex := f.Counterexample; cex != nil {
			for j := range cex.Inputs {
				cex.Inputs[j].Value = ""
			}
			cex.Steps = nil
		}
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b), r.Summary
}
