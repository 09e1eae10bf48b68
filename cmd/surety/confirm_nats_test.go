package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/work/nats/natstest"
)

// surety contracts, reason and confirm given --nats URL hand their work
// (each batch, each function's Hoare pass, each potential bug) to worker
// processes (this test binary as surety worker, opening the model their
// environment names, running the tests in sandboxes of their own) through
// a NATS server with JetStream, and print what runs in this process print,
// token-use tables included, and write the same bug reports.
func TestConfirmNATS(t *testing.T) {
	dir := t.TempDir()
	src := "../../examples/fromkeyword/src"
	// The system under test, at the same path for the workers: a compiler
	// stand-in that crashes on nullptr, as a real one would on its bug.
	sut := filepath.Join(dir, "toycc")
	if err := os.WriteFile(sut, []byte("#!/bin/sh\ngrep -q nullptr \"$1\" && kill -SEGV $$\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	allow := sandboxFlags(t)
	srv := natstest.Start(t, t.TempDir())
	creds := map[string]string{"SURETY_NATS_USER": srv.Creds.User, "SURETY_NATS_PASSWORD": srv.Creds.Password}
	run := func(llm *llmtest.Server, want int, args ...string) string {
		t.Helper()
		code, stdout, stderr := runWithEnv(t, llm, creds, append(args, src)...)
		if code != want {
			t.Fatalf("surety %q: exit %d, want %d\n%s\n%s", args, code, want, stdout, stderr)
		}
		// Each run has a model server of its own, and its own directory.
		return strings.ReplaceAll(stdout, llm.BaseURL(), "MODEL")
	}
	type outputs struct {
		stdout  []string
		reports map[string]string
	}
	durations := regexp.MustCompile(`"duration_ns": ?[0-9]+`)
	pipeline := func(name string, nats ...string) outputs {
		t.Helper()
		// Each run has a scripted server of its own (a step answers once),
		// which answers the three stages.
		var steps []llmtest.Step
		for _, f := range []string{"../../fmagent/testdata/review.txtar", "../../validate/testdata/fromkeyword.txtar"} {
			s, err := llmtest.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			steps = append(steps, s.Steps...)
		}
		model := llmtest.New(t, &llmtest.Script{Steps: steps})
		started := new(atomic.Int64) // jobs the workers started
		if len(nats) > 0 {
			started = startWorkers(t, srv, 2, "OPENAI_BASE_URL="+model.BaseURL(), "OPENAI_API_KEY=test", "SURETY_MODEL=llmtest")
		}
		out := filepath.Join(dir, name)
		contracts, reasons, bugs := filepath.Join(out, "contracts"), filepath.Join(out, "reason.json"), filepath.Join(out, "bugs")
		var o outputs
		o.stdout = append(o.stdout, run(model, 0, append([]string{"contracts", "--cache-mode", "off", "--out", contracts}, nats...)...))
		o.stdout = append(o.stdout, run(model, 1, append([]string{"reason", "--cache-mode", "off", "--solver", "none",
			"--contracts", contracts, "--out", reasons}, nats...)...))
		args := append([]string{"confirm", "--cache-mode", "off", "--from", reasons, "--out", bugs, "--attempts", "2",
			"--entry", "a C program for the compiler under test", "--build", sut + " {test}"}, allow...)
		before := started.Load()
		o.stdout = append(o.stdout, run(model, 1, append(args, nats...)...))
		if len(nats) > 0 && started.Load() == before {
			t.Errorf("surety confirm --nats: the workers started no job")
		}
		for i := range o.stdout {
			o.stdout[i] = strings.ReplaceAll(o.stdout[i], out, "OUT")
		}
		o.reports = map[string]string{}
		err := filepath.WalkDir(bugs, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			rel, _ := filepath.Rel(bugs, path)
			o.reports[rel] = durations.ReplaceAllString(string(b), `"duration_ns": 0`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	local := pipeline("local")
	remote := pipeline("nats", "--nats", srv.URL)
	for i, want := range local.stdout {
		if remote.stdout[i] != want {
			t.Errorf("stage %d through NATS:\n%s\nin this process:\n%s", i+1, remote.stdout[i], want)
		}
	}
	t.Logf("confirm through NATS:\n%s", remote.stdout[2])
	if !strings.Contains(local.stdout[2], "CONFIRMED") || !strings.Contains(local.stdout[2], "validate.testwriter") ||
		!strings.Contains(local.stdout[1], "token use:") {
		t.Errorf("no confirmed bug, or no token use:\n%s\n%s", local.stdout[1], local.stdout[2])
	}
	if len(local.reports) < 3 || len(remote.reports) != len(local.reports) {
		t.Errorf("%d report files through NATS, %d in this process", len(remote.reports), len(local.reports))
	}
	for name, b := range local.reports {
		if remote.reports[name] != b {
			t.Errorf("report %s through NATS:\n%s\nin this process:\n%s", name, remote.reports[name], b)
		}
	}
}
