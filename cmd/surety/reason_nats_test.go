package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/work/nats/natstest"
)

// surety contracts and surety reason given --nats URL hand their work
// (each batch of a layer, each function's Hoare pass) to worker processes
// (this test binary as surety worker, opening the model their environment
// names) through a NATS server with JetStream, and write the records and
// the reason.json of runs in this process.
func TestContractsReasonNATS(t *testing.T) {
	dir := t.TempDir()
	src := "../../examples/fromkeyword/src"
	srv := natstest.Start(t, t.TempDir())
	// Each run has a scripted server of its own: a step answers once.
	script := func() *llmtest.Server { return llmtest.NewFile(t, "../../fmagent/testdata/review.txtar") }
	run := func(llm *llmtest.Server, want int, args ...string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		vars := map[string]string{"OPENAI_BASE_URL": llm.BaseURL(), "OPENAI_API_KEY": "test", "SURETY_MODEL": "llmtest",
			"SURETY_NATS_USER": srv.Creds.User, "SURETY_NATS_PASSWORD": srv.Creds.Password}
		e := &env{stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return vars[k] }}
		if code := dispatch(context.Background(), e, append(args, src)); code != want {
			t.Fatalf("surety %q: exit %d, want %d\n%s", args, code, want, stderr.String())
		}
	}
	read := func(path string) []byte {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	var started *atomic.Int64 // jobs the workers started
	pipeline := func(name string, nats ...string) (records map[string][]byte, reasons []byte) {
		t.Helper()
		llm := script()
		if len(nats) > 0 {
			started = startWorkers(t, srv, 2, "OPENAI_BASE_URL="+llm.BaseURL(), "OPENAI_API_KEY=test", "SURETY_MODEL=llmtest")
		}
		contracts, out := filepath.Join(dir, name, "contracts"), filepath.Join(dir, name, "reason.json")
		run(llm, 0, append([]string{"contracts", "--cache-mode", "off", "--out", contracts}, nats...)...)
		// reason: 1, a MISMATCH
		run(llm, 1, append([]string{"reason", "--cache-mode", "off", "--solver", "none", "--contracts", contracts, "--out", out}, nats...)...)
		ents, err := os.ReadDir(contracts)
		if err != nil {
			t.Fatal(err)
		}
		records = map[string][]byte{}
		for _, e := range ents {
			records[e.Name()] = read(filepath.Join(contracts, e.Name()))
		}
		return records, read(out)
	}
	localRecs, local := pipeline("local")
	remoteRecs, remote := pipeline("nats", "--nats", srv.URL)
	if len(localRecs) == 0 || len(localRecs) != len(remoteRecs) {
		t.Errorf("%d records through NATS, %d in this process", len(remoteRecs), len(localRecs))
	}
	for name, b := range localRecs {
		if !bytes.Equal(b, remoteRecs[name]) {
			t.Errorf("record %s through NATS:\n%s\nin this process:\n%s", name, remoteRecs[name], b)
		}
	}
	if !bytes.Equal(local, remote) {
		t.Errorf("reason.json through NATS:\n%s\nin this process:\n%s", remote, local)
	}
	if started.Load() == 0 {
		t.Errorf("the workers started no job")
	}
}
