package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/work/nats/natstest"
)

// surety reason --nats URL hands each function's Hoare pass to worker
// processes (this test binary as surety worker, opening the model their
// environment names) through a NATS server with JetStream, and writes the
// reason.json of a run in this process.
func TestReasonNATS(t *testing.T) {
	dir := t.TempDir()
	src := "../../examples/fromkeyword/src"
	contracts := filepath.Join(dir, "contracts")
	if code, _, stderr := runWith(t, llmtest.NewFile(t, "../../fmagent/testdata/review.txtar"),
		"contracts", "--cache-mode", "off", "--out", contracts, src); code != 0 {
		t.Fatalf("surety contracts: exit %d\n%s", code, stderr)
	}
	srv := natstest.Start(t, t.TempDir())
	reason := func(llm *llmtest.Server, out string, args ...string) []byte {
		t.Helper()
		var stdout, stderr bytes.Buffer
		vars := map[string]string{"OPENAI_BASE_URL": llm.BaseURL(), "OPENAI_API_KEY": "test", "SURETY_MODEL": "llmtest",
			"SURETY_NATS_USER": srv.Creds.User, "SURETY_NATS_PASSWORD": srv.Creds.Password}
		e := &env{stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return vars[k] }}
		args = append([]string{"reason", "--cache-mode", "off", "--solver", "none", "--contracts", contracts, "--out", out}, append(args, src)...)
		if code := dispatch(context.Background(), e, args); code != 1 {
			t.Fatalf("surety %q: exit %d, want 1 (a MISMATCH)\n%s", args, code, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// Each run has a scripted server of its own: a step answers once.
	local := reason(llmtest.NewFile(t, "../../fmagent/testdata/review.txtar"), filepath.Join(dir, "local.json"))
	remoteLLM := llmtest.NewFile(t, "../../fmagent/testdata/review.txtar")
	started := startWorkers(t, srv, 2, "OPENAI_BASE_URL="+remoteLLM.BaseURL(), "OPENAI_API_KEY=test", "SURETY_MODEL=llmtest")
	remote := reason(remoteLLM, filepath.Join(dir, "remote.json"), "--nats", srv.URL)
	if !bytes.Equal(local, remote) {
		t.Errorf("through NATS:\n%s\nin this process:\n%s", remote, local)
	}
	if n := started.Load(); n == 0 {
		t.Errorf("the workers started no job")
	}
}
