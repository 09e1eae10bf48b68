package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

var recordDemo = flag.Bool("record-demo", false, "record the demo's model replies into examples/fromkeyword/cache from the scripted model")

// demoCache holds the replies of a scripted model for FM-Agent's pipeline on
// the from_keyword example, so that make demo runs it with no model at all:
// the response cache in replay mode answers every request.
const demoCache = "examples/fromkeyword/cache"

// demoSource is what the demo's cache says of its replies.
var demoSource = llm.CacheSource{Model: "scripted", Label: "scripted replies from testdata/review.txtar", Scripted: true}

// TestDemoReplay runs the demo's contracts and reason steps from the
// repository root against the committed cache in replay mode (any request
// it lacks fails) and checks that the pass flags from_keyword's early
// return, naming the replies as scripted. With -record-demo it first
// records the cache from the scripted model of testdata/review.txtar.
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
		if err := llm.WriteCacheSource(demoCache, demoSource); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }, recordScripted: *recordDemo}
		code := dispatch(context.Background(), e, args)
		if errb.Len() > 0 {
			t.Logf("%s: %s", args[0], errb.String())
		}
		return out.String(), code
	}
	out, code := run("contracts", "--cache", demoCache, "--cache-mode", mode, "--out", filepath.Join(state, "contracts"), "examples/fromkeyword/src")
	if code != 0 || !strings.Contains(out, "6 functions: 6 asked") || !strings.Contains(out, "replies: "+demoSource.Label) {
		t.Fatalf("contracts exit %d:\n%s", code, out)
	}
	out, code = run("reason", "--cache", demoCache, "--cache-mode", mode, "--solver", "none",
		"--contracts", filepath.Join(state, "contracts"), "--out", filepath.Join(state, "reason.json"), "examples/fromkeyword/src")
	if code != 1 || !strings.Contains(out, "potential bug at examples/fromkeyword/src/token.rs:16") ||
		!strings.Contains(out, "(verdicts of "+demoSource.Label+" (written by hand, not a language model), replayed from "+demoCache+")") {
		t.Fatalf("reason exit %d:\n%s", code, out)
	}
	if src, err := llm.CacheSourceOf(demoCache, "scripted"); err != nil || src == nil || *src != demoSource {
		t.Errorf("the demo cache's source: %+v, %v; want %+v", src, err, demoSource)
	}
}

// TestScriptedRefused: SURETY_MODEL=scripted names hand-written replies,
// so it is refused (exit 2, one line saying why) anywhere but in replay
// from a cache that records scripted replies, and nothing is asked.
func TestScriptedRefused(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(`{"requires": [], "ensures": []}`))
	dir := t.TempDir()
	src := filepath.Join(dir, "a.c")
	if err := os.WriteFile(src, []byte("int f(int x) { return x; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	withSource := filepath.Join(dir, "labelled")
	if err := llm.WriteCacheSource(withSource, llm.CacheSource{Model: "scripted", Label: "replies of a real model", Scripted: false}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--cache-mode", "record"}, "only replays a cache recorded from a script"},
		{[]string{"--cache-mode", "off"}, "only replays a cache recorded from a script"},
		{[]string{"--estimate"}, "only replays a cache recorded from a script"},
		{[]string{"--cache-mode", "replay", "--cache", filepath.Join(dir, "empty")}, "records no scripted replies"},
		{[]string{"--cache-mode", "replay", "--cache", withSource}, "records no scripted replies"},
	} {
		var out, errb bytes.Buffer
		vars := map[string]string{"SURETY_MODEL": "scripted", "OPENAI_BASE_URL": srv.BaseURL()}
		e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
		args := append(append([]string{"contracts", "--out", filepath.Join(dir, "out")}, c.args...), src)
		code := dispatch(context.Background(), e, args)
		if code != 2 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests reached the server", n)
	}
}
