package fmagent_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/suretydev/surety/fmagent"
	_ "github.com/suretydev/surety/frontend/c"
	_ "github.com/suretydev/surety/frontend/rust"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/llm/llmtest"
)

func TestReviewFromKeyword(t *testing.T) {
	srv := llmtest.NewFile(t, "testdata/review.txtar")
	res, err := fmagent.Review(context.Background(), []string{"../examples/fromkeyword/src"}, &fmagent.ReviewOptions{
		Model: srv.Model(nil), State: fmagent.State(t.TempDir()),
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Functions != 6 || res.Contracts.Asked != 6 || len(res.Reports) != 6 {
		t.Fatalf("functions %d, contracts asked %d, reports %d", res.Functions, res.Contracts.Asked, len(res.Reports))
	}
	bugs := res.Bugs()
	if len(bugs) != 1 || !strings.Contains(bugs[0].Function, "from_keyword") || bugs[0].Exit.StartLine != 16 {
		t.Fatalf("bugs %+v", bugs)
	}
	for _, r := range res.Reports {
		want := hoare.Match
		if strings.Contains(r.Name, "from_keyword") {
			want = hoare.Mismatch
		}
		if r.Verdict != want {
			t.Errorf("%s: %s (%s), want %s", r.Name, r.Verdict, r.Reason, want)
		}
	}
}

// ExampleReview runs FM-Agent's pipeline on the from_keyword example with
// a scripted model standing in for a real one.
func ExampleReview() {
	script, _ := llmtest.Load("testdata/review.txtar")
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)

	res, err := fmagent.Review(context.Background(), []string{"../examples/fromkeyword/src"}, &fmagent.ReviewOptions{
		Model: srv.Model(nil), // llm.OpenAI(&llm.OpenAIOptions{...}) for a real model
		State: fmagent.State(dir),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range res.Bugs() {
		fmt.Printf("potential bug at %s:%d: %s\n", b.Exit.File, b.Exit.StartLine, b.ExitText)
	}
	// Output:
	// potential bug at examples/fromkeyword/src/token.rs:16: return None
}

// TestReviewNamedPaths: Review refuses a path it is given by name that is
// missing, not a file or directory, or no source (the PathError the other
// pipelines give), before asking anything; a bad file found by walking a
// directory is kept in FileErrors.
func TestReviewNamedPaths(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "a.c")
	bin := filepath.Join(dir, "bin.c")
	notes := filepath.Join(dir, "notes.txt")
	for name, data := range map[string]string{good: "int f(int x) { return x; }\n", bin: "int g\x00(void);\n", notes: "notes\n"} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fifo := filepath.Join(t.TempDir(), "pipe.c")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: "{}", Repeat: -1}}})
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.c"), "missing.c: no such file or directory"},
		{fifo, "pipe.c: frontend: not a regular file (named pipe)"},
		{bin, "bin.c: frontend: binary file"},
		{notes, "notes.txt: not a source file surety reads"},
	} {
		_, err := fmagent.Review(context.Background(), []string{good, tc.path}, &fmagent.ReviewOptions{Model: srv.Model(nil), State: fmagent.State(t.TempDir())})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.path, err, tc.want)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests for paths that are refused", n)
	}
	// Found by walking the directory, the binary file is skipped and named.
	res, err := fmagent.Review(context.Background(), []string{dir}, &fmagent.ReviewOptions{Model: srv.Model(nil), State: fmagent.State(t.TempDir())})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.FileErrors) != 1 || !strings.Contains(res.FileErrors[0], "bin.c: frontend: binary file") {
		t.Errorf("FileErrors %q, want bin.c named as a binary file", res.FileErrors)
	}
}
