package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm/llmtest"
)

var recordDemo = flag.Bool("record-demo", false, "record the demo's model replies into examples/fromkeyword/cache from the scripted model")

// demoCache holds the replies of a scripted model for FM-Agent's pipeline on
// the from_keyword example, so that make demo runs it with no model at all:
// the response cache in replay mode answers every request.
const demoCache = "examples/fromkeyword/cache"

// TestDemoReplay runs the demo's contracts and reason steps from the
// repository root against the committed cache in replay mode (any request
// it lacks fails) and checks that the pass flags from_keyword's early
// return. With -record-demo it first records the cache from the scripted
// model of testdata/review.txtar.
func TestDemoReplay(t *testing.T) {
	t.Chdir("../..")
	state := t.TempDir()
	vars := map[string]string{"SURETY_MODEL": "scripted"}
	mode := "replay"
	if *recordDemo {
		os.RemoveAll(demoCache)
		srv := llmtest.NewFile(t, "testdata/review.txtar")
		vars["OPENAI_BASE_URL"] = srv.BaseURL()
		mode = "record"
	}
	run := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
		code := dispatch(context.Background(), e, args)
		if errb.Len() > 0 {
			t.Logf("%s: %s", args[0], errb.String())
		}
		return out.String(), code
	}
	out, code := run("contracts", "--cache", demoCache, "--cache-mode", mode, "--out", filepath.Join(state, "contracts"), "examples/fromkeyword/src")
	if code != 0 || !strings.Contains(out, "6 functions: 6 asked") {
		t.Fatalf("contracts exit %d:\n%s", code, out)
	}
	out, code = run("reason", "--cache", demoCache, "--cache-mode", mode, "--solver", "none",
		"--contracts", filepath.Join(state, "contracts"), "--out", filepath.Join(state, "reason.json"), "examples/fromkeyword/src")
	if code != 1 || !strings.Contains(out, "potential bug at examples/fromkeyword/src/token.rs:16") {
		t.Fatalf("reason exit %d:\n%s", code, out)
	}
}
