package surety_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/suretydev/surety"
	_ "github.com/suretydev/surety/frontend/rust"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/llm/llmtest"
)

func TestReviewFromKeyword(t *testing.T) {
	srv := llmtest.NewFile(t, "testdata/review.txtar")
	res, err := surety.Review(context.Background(), []string{"examples/fromkeyword/src"}, &surety.ReviewOptions{
		Model: srv.Model(nil), State: t.TempDir(),
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
	dir, cleanup := tempDir()
	defer cleanup()

	res, err := surety.Review(context.Background(), []string{"examples/fromkeyword/src"}, &surety.ReviewOptions{
		Model: srv.Model(nil), // llm.OpenAI(&llm.OpenAIOptions{...}) for a real model
		State: dir,
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
