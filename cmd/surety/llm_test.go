package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm/llmtest"
)

// TestModelRefusedStopsAtFirst: a 401 or 404 from the model server will not
// get better, so the run sends one request, not one per function, and says
// so in one line with exit status 2.
func TestModelRefusedStopsAtFirst(t *testing.T) {
	for _, status := range []int{401, 404} {
		dir := t.TempDir()
		src := filepath.Join(dir, "a.c")
		prog := "int f(int x) { return x; }\nint g(int x) { return f(x); }\nint h(int x) { return g(x) + f(x); }\n" +
			"int k(int x) { return x; }\nint m(int x) { return k(x); }\n"
		if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
			t.Fatal(err)
		}
		srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Name: "refuse", Status: status, Reply: "no", Repeat: -1}}})
		for i, workers := range []string{"1", "4"} {
			before := len(srv.Requests())
			code, stdout, stderr := runWith(t, srv, "contracts", "--workers", workers, "--cache-mode", "off",
				"--out", filepath.Join(dir, "recs"), src)
			if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "will not get better") {
				t.Errorf("status %d, --workers %s: exit %d\nstdout: %s\nstderr: %s", status, workers, code, stdout, stderr)
			}
			// One request, or with workers those already in flight (the
			// first layer holds two functions, h and m).
			if n := len(srv.Requests()) - before; n < 1 || n > []int{1, 2}[i] {
				t.Errorf("status %d, --workers %s: %d requests reached the server for 5 functions", status, workers, n)
			}
		}
	}
}

// TestSchemaFallbackReported: against a server that refuses
// response_format json_schema, contracts falls back to json_object and its
// usage table says so; SURETY_JSON_SCHEMA=off sends none, and a bad value
// is one line, exit 2.
func TestSchemaFallbackReported(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.c")
	if err := os.WriteFile(src, []byte("int f(int x) { return x; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(t, &llmtest.Script{Schema: llmtest.SchemaRefuse, Steps: []llmtest.Step{{Reply: "not JSON", Repeat: -1}}})
	_, stdout, _ := runWith(t, srv, "contracts", "--cache-mode", "off", "--out", filepath.Join(dir, "recs"), src)
	if !strings.Contains(stdout, "0 with the schema") || !strings.Contains(stdout, "needed repair") {
		t.Errorf("stdout:\n%s", stdout)
	}
	for _, r := range srv.Requests()[1:] {
		if r.Format != "json_object" {
			t.Errorf("after the refusal a request asked %q", r.Format)
		}
	}
	var out, errb bytes.Buffer
	vars := map[string]string{"OPENAI_BASE_URL": srv.BaseURL(), "SURETY_MODEL": "m", "SURETY_JSON_SCHEMA": "yes"}
	e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
	if code := dispatch(context.Background(), e, []string{"contracts", "--cache-mode", "off", "--out", filepath.Join(dir, "recs"), src}); code != 2 ||
		strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "SURETY_JSON_SCHEMA=yes") {
		t.Errorf("bad SURETY_JSON_SCHEMA: exit %d, stderr %q", code, errb.String())
	}
}
