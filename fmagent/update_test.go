package fmagent_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/progress"
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
	copyTree(t, "../examples/fromkeyword/src", src)
	state := filepath.Join(dir, "state")

	srv := llmtest.NewFile(t, "testdata/review.txtar")
	if _, err := fmagent.Review(context.Background(), []string{src}, &fmagent.ReviewOptions{Model: srv.Model(nil), State: fmagent.State(state)}); err != nil {
		t.Fatal(err)
	}

	// Nothing changed: nothing to do.
	plan, err := fmagent.Update(context.Background(), []string{src}, &fmagent.UpdateOptions{State: fmagent.State(state), PlanOnly: true})
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
	res, err := fmagent.Update(context.Background(), []string{src}, &fmagent.UpdateOptions{Model: srv2.Model(nil), State: fmagent.State(state)})
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

// git runs git in dir, failing the test on error.
func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@example.com", "-c", "user.name=t"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestUpdateSinceRevision: after a one-line edit, update --since REV used
// to re-check every function ("its contract changed", 6 of 6): the records
// were matched against IDs that carried the temporary checkout's path. Now
// both trees load under the same names. The function redone is shown the
// goal and its old contract (FM-Agent 7, step 4); its contract changes, so
// its caller's expectations of it are revised (step 5) and the caller is
// re-checked against them.
func TestUpdateSinceRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
	repo := t.TempDir()
	src := filepath.Join(repo, "src")
	copyTree(t, "../examples/fromkeyword/src", src)
	git(t, repo, "init", "-q")
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-qm", "the lexer")
	state := filepath.Join(t.TempDir(), "state")

	srv := llmtest.NewFile(t, "testdata/review.txtar")
	if _, err := fmagent.Review(context.Background(), []string{src}, &fmagent.ReviewOptions{Model: srv.Model(nil), State: fmagent.State(state)}); err != nil {
		t.Fatal(err)
	}
	lexer := filepath.Join(src, "lexer.rs")
	data, _ := os.ReadFile(lexer)
	edited := strings.Replace(string(data), "if c.is_ascii_whitespace() {", "if c == b' ' || c == b'\\t' || c == b'\\n' {", 1)
	if edited == string(data) {
		t.Fatal("the edit did not apply")
	}
	os.WriteFile(lexer, []byte(edited), 0o644)

	s, err := llmtest.Load("testdata/review.txtar")
	if err != nil {
		t.Fatal(err)
	}
	s3, err := llmtest.Load("testdata/review.txtar")
	if err != nil {
		t.Fatal(err)
	}
	// The plan, from another working directory and by a relative path.
	t.Chdir(repo)
	plan, err := fmagent.Update(context.Background(), []string{"src"}, &fmagent.UpdateOptions{State: fmagent.State(state), Since: "HEAD", Goal: "only spaces, tabs and newlines separate tokens", PlanOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Plan.Modified) != 1 || !strings.HasSuffix(plan.Plan.Modified[0], "lexer::tokenize") || len(plan.Plan.Recheck) != 1 {
		t.Fatalf("modified %v, re-check %+v: want tokenize alone", plan.Plan.Modified, plan.Plan.Recheck)
	}

	// The run: tokenize's contract now says what the goal asks.
	for i := range s.Steps {
		if s.Steps[i].Name == "tokenize" {
			s.Steps[i].Reply = strings.Replace(s.Steps[i].Reply, `"src is a program text"`, `"src is a program text whose tokens are separated by spaces, tabs or newlines only"`, 1)
		}
	}
	s.Steps = append([]llmtest.Step{{Name: "rerank", Match: "A change was made to a codebase", Reply: `{"functions": []}`}, {Name: "main-expects", Match: `changed callee \S*lexer::tokenize`,
		Reply: `{"callees": [{"callee": "lexer::tokenize", "line": 10, "pre": [{"text": "src is the whole program text, which may hold form feeds"}], "post": [{"text": "the result lists the tokens of src in source order"}]}]}`}}, s.Steps...)
	srv2 := llmtest.New(t, s)
	res, err := fmagent.Update(context.Background(), []string{"src"}, &fmagent.UpdateOptions{Model: srv2.Model(nil), State: fmagent.State(state), Since: "HEAD",
		Goal: "only spaces, tabs and newlines separate tokens"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Contracts.Asked != 1 {
		t.Errorf("contracts asked %d, want tokenize alone", res.Contracts.Asked)
	}
	var regen string
	for _, r := range srv2.Requests() {
		if strings.Contains(r.LastUser(), "name: lexer::tokenize ") {
			regen = r.LastUser()
		}
	}
	for _, want := range []string{"only spaces, tabs and newlines separate tokens", "had before the change", "src is a program text\n"} {
		if !strings.Contains(regen, want) {
			t.Errorf("the request redoing tokenize does not show %q:\n%s", want, regen)
		}
	}
	if res.Expectations == nil || len(res.Expectations.Revised) != 1 || !strings.HasSuffix(res.Expectations.Revised[0], ":main@7") {
		t.Fatalf("revised expectations: %+v, want main's", res.Expectations)
	}
	var reasoned []string
	for _, r := range res.Reports {
		reasoned = append(reasoned, r.Name)
	}
	slices.Sort(reasoned)
	if !slices.Equal(reasoned, []string{"lexer::tokenize", "main"}) {
		t.Errorf("reasoned again about %v, want tokenize (modified) and main (calls a changed contract)", reasoned)
	}
	// main's record holds the revised expectation; tokenize's record
	// counts it as what its caller expects, so the next run redoes nothing.
	plan, err = fmagent.Update(context.Background(), []string{"src"}, &fmagent.UpdateOptions{State: fmagent.State(state), PlanOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Plan.Recheck) != 0 || len(plan.Plan.Regenerate) != 0 {
		t.Errorf("after the update, plan %+v", plan.Plan)
	}
	srv3 := llmtest.New(t, s3)
	again, err := fmagent.Update(context.Background(), []string{"src"}, &fmagent.UpdateOptions{Model: srv3.Model(nil), State: fmagent.State(state)})
	if err != nil {
		t.Fatal(err)
	}
	if again.Contracts.Asked != 0 {
		t.Errorf("a second update asked for %d contracts, want none", again.Contracts.Asked)
	}
}

// fakeHistory is a History of its own: the tree of every revision is old,
// and the messages say so.
type fakeHistory struct {
	old        string
	dirs, revs []string
}

func (h *fakeHistory) Checkout(_ context.Context, dir, rev string) (string, func(), error) {
	h.dirs, h.revs = append(h.dirs, dir), append(h.revs, rev)
	return h.old, func() {}, nil
}

func (h *fakeHistory) Messages(_ context.Context, dir, since string) (string, error) {
	h.dirs, h.revs = append(h.dirs, dir), append(h.revs, since)
	return "make the lexer stricter", nil
}

// TestUpdateHistory: Update reads the revision Since through
// UpdateOptions.History, with no git, at the project root.
func TestUpdateHistory(t *testing.T) {
	root, old := t.TempDir(), t.TempDir()
	copyTree(t, "../examples/fromkeyword/src", filepath.Join(root, "src"))
	copyTree(t, "../examples/fromkeyword/src", filepath.Join(old, "src"))
	lexer := filepath.Join(root, "src", "lexer.rs")
	data, _ := os.ReadFile(lexer)
	edited := strings.Replace(string(data), "if c.is_ascii_whitespace() {", "if c == b' ' {", 1)
	os.WriteFile(lexer, []byte(edited), 0o644)
	h := &fakeHistory{old: old}
	res, err := fmagent.Update(context.Background(), []string{filepath.Join(root, "src")}, &fmagent.UpdateOptions{
		State: fmagent.State(t.TempDir()), Since: "v1", Root: root, History: h, PlanOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Goal != "make the lexer stricter" || len(res.Plan.Modified) != 1 || !strings.HasSuffix(res.Plan.Modified[0], "lexer::tokenize") {
		t.Errorf("goal %q, modified %v", res.Goal, res.Plan.Modified)
	}
	if !slices.Equal(h.revs, []string{"v1", "v1"}) || len(h.dirs) != 2 || h.dirs[0] != root {
		t.Errorf("history asked at %v for %v, want %s for v1", h.dirs, h.revs, root)
	}
}

// TestUpdateReportsSkippedFiles: a file inside a directory that cannot be
// loaded, and one with a syntax error, are named in the result with the
// reason (and the line of the syntax error) and sent as warnings, not
// dropped silently; the functions that parsed are kept.
func TestUpdateReportsSkippedFiles(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"a.c":   "int f(int x) { return x; }\n",
		"bin.c": "int g\x00(void);\n",
		"bad.c": "int h(int x) { return x; }\nint k(void) { return ; ) }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var warned []string
	res, err := fmagent.Update(context.Background(), []string{dir}, &fmagent.UpdateOptions{State: fmagent.State(t.TempDir()), PlanOnly: true,
		Progress: func(ev progress.Event) { warned = append(warned, ev.Warning) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) != 2 || !slices.Equal(res.Skipped, warned) {
		t.Fatalf("skipped %q, warned %q; want the binary file and the syntax error, once each", res.Skipped, warned)
	}
	if s := res.Skipped[0]; !strings.Contains(s, "bin.c: frontend: binary file") {
		t.Errorf("skipped[0] = %q, want the binary file with its reason", s)
	}
	if s := res.Skipped[1]; !strings.Contains(s, "bad.c:2") || !strings.Contains(s, "the functions that parsed are kept") {
		t.Errorf("skipped[1] = %q, want bad.c's syntax error with its line", s)
	}
	if res.Total < 2 {
		t.Errorf("total %d: the functions of a.c and the ones of bad.c that parsed are kept", res.Total)
	}
}
