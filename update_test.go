package surety_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/llm/llmtest"
)

// copyTree copies the files of src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755)
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestUpdateRedoesOnlyTheChange reviews the from_keyword crate, edits one
// function, and checks that Update asks again only for that function's
// contract and reasons again only about it.
func TestUpdateRedoesOnlyTheChange(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	copyTree(t, "examples/fromkeyword/src", src)
	state := filepath.Join(dir, "state")

	srv := llmtest.NewFile(t, "testdata/review.txtar")
	if _, err := surety.Review(context.Background(), []string{src}, &surety.ReviewOptions{Model: srv.Model(nil), State: state}); err != nil {
		t.Fatal(err)
	}

	// Nothing changed: nothing to do.
	plan, err := surety.Update(context.Background(), []string{src}, &surety.UpdateOptions{State: state, PlanOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Plan.Recheck) != 0 || len(plan.Plan.Regenerate) != 0 {
		t.Fatalf("unchanged code, plan %+v", plan.Plan)
	}

	lexer := filepath.Join(src, "lexer.rs")
	data, _ := os.ReadFile(lexer)
	edited := strings.Replace(string(data), "if c.is_ascii_whitespace() {", "if c == b' ' || c == b'\\t' || c == b'\\n' {", 1)
	if edited == string(data) {
		t.Fatal("the edit did not apply")
	}
	os.WriteFile(lexer, []byte(edited), 0o644)

	srv2 := llmtest.NewFile(t, "testdata/review.txtar")
	res, err := surety.Update(context.Background(), []string{src}, &surety.UpdateOptions{Model: srv2.Model(nil), State: state})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Plan.Modified) != 1 || !strings.HasSuffix(res.Plan.Modified[0], "lexer::tokenize") {
		t.Fatalf("modified %v", res.Plan.Modified)
	}
	// Contracts: tokenize only. Its callees would be redone if what it
	// expects of them changed; the scripted model expects the same.
	if res.Contracts.Asked != 1 || res.Contracts.Reused != 5 {
		t.Errorf("contracts asked %d, reused %d", res.Contracts.Asked, res.Contracts.Reused)
	}
	var reasoned []string
	for _, r := range res.Reports {
		reasoned = append(reasoned, r.Name)
	}
	if !slices.Equal(reasoned, []string{"lexer::tokenize"}) {
		t.Errorf("reasoned again about %v, want only tokenize (no contract changed)", reasoned)
	}
}
