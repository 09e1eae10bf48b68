package incremental_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/rust"
	"github.com/suretydev/surety/incremental"
	igit "github.com/suretydev/surety/incremental/git"
	"github.com/suretydev/surety/llm/llmtest"
)

func unpack(t *testing.T) string {
	t.Helper()
	ar, err := txtar.ParseFile("testdata/scenario.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		p := filepath.Join(dir, f.Name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// snapshot loads root/src, gives every function a contract (lex's text
// chosen by lexContract), and returns the snapshot with root trimmed.
func snapshot(t *testing.T, root, lexContract string) *incremental.Snapshot {
	t.Helper()
	prog, ferrs, err := frontend.Load(context.Background(), []string{filepath.Join(root, "src")}, nil)
	if err != nil || len(ferrs) > 0 {
		t.Fatal(err, ferrs)
	}
	g := callgraph.Build(prog, nil)
	var recs []*contract.Record
	for _, n := range g.Nodes {
		text := "behaves as its callers expect"
		if n.Func().Name == "lex" {
			text = lexContract
		}
		recs = append(recs, &contract.Record{Function: n.ID, Contract: contract.Contract{
			Ensures: []contract.Condition{{Text: text}}}})
	}
	s, err := incremental.Take(g, recs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s.Trim(root)
}

func TestChangeScenario(t *testing.T) {
	dir := unpack(t)
	old := snapshot(t, filepath.Join(dir, "v1"), "returns 1 for a reserved word")
	cur := snapshot(t, filepath.Join(dir, "v2"), "returns 1 for a reserved word and 2 for any other word")

	rel, low := incremental.Relevant(cur, "report the total token count", &incremental.RelevanceOptions{Top: 2})
	if low || len(rel) != 2 || rel[0].Name != "report_total" {
		t.Fatalf("relevant %+v (low confidence %v)", rel, low)
	}
	plan := incremental.Diff(old, cur, rel)

	got := map[string][]string{}
	for _, it := range plan.Recheck {
		got[it.Name] = it.Reasons
	}
	want := map[string][]string{
		"unrelated_helper": {"modified"},
		"classify":         {"modified", "mentions specification function is_reserved, which was removed or renamed"},
		"is_keyword_code":  {"new"},
		"lex":              {"its contract changed"},
		"count_tokens":     {"calls lex, whose contract changed", "relevant to the goal (score " + score(rel, "count_tokens") + ")"},
		"report_total":     {"relevant to the goal (score " + score(rel, "report_total") + ")"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("recheck:\n got %v\nwant %v", got, want)
	}
	if !slices.Equal(plan.Discard, []string{"src/lib.rs:is_reserved"}) || !slices.Equal(plan.SpecChanged, []string{"src/lib.rs:is_reserved"}) {
		t.Errorf("discard %v, spec changed %v", plan.Discard, plan.SpecChanged)
	}
	if plan.Unchanged != 0 {
		// every function of v2 is touched in this scenario
		t.Errorf("unchanged %d", plan.Unchanged)
	}
	var b strings.Builder
	plan.Write(&b)
	if !strings.Contains(b.String(), "report_total: relevant to the goal") {
		t.Errorf("plan text:\n%s", b.String())
	}

	// Nothing changed: nothing to redo.
	same := incremental.Diff(cur, cur, nil)
	if len(same.Recheck) != 0 || same.Unchanged != len(cur.Functions) {
		t.Errorf("identical snapshots: recheck %v", same.Recheck)
	}
}

func score(rel []incremental.Scored, name string) string {
	for _, s := range rel {
		if s.Name == name {
			return fmt.Sprintf("%.2f", s.Score)
		}
	}
	return "?"
}

func TestNormalizeIgnoresCommentsAndLayout(t *testing.T) {
	a := "fn f(x: u32) -> u32 {\n    // add one\n    x + 1 /* cheap */\n}"
	b := "fn f(x: u32) -> u32 { x + 1 }"
	if frontend.Normalize(a) != frontend.Normalize(b) {
		t.Errorf("%q != %q", frontend.Normalize(a), frontend.Normalize(b))
	}
	if frontend.Normalize(`s = "a  // b"`) != `s = "a  // b"` {
		t.Errorf("a string literal was changed: %q", frontend.Normalize(`s = "a  // b"`))
	}
	if frontend.Normalize("x + 1") == frontend.Normalize("x + 2") {
		t.Error("a real change normalised away")
	}
}

func TestSnapshotAtRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
	dir := unpack(t)
	repo := filepath.Join(dir, "repo")
	os.MkdirAll(filepath.Join(repo, "src"), 0o755)
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	copyFile := func(from string) {
		data, _ := os.ReadFile(from)
		os.WriteFile(filepath.Join(repo, "src", "lib.rs"), data, 0o644)
	}
	git("init", "-q")
	copyFile(filepath.Join(dir, "v1", "src", "lib.rs"))
	git("add", ".")
	git("commit", "-qm", "first")
	copyFile(filepath.Join(dir, "v2", "src", "lib.rs"))
	git("commit", "-qam", "rename the reserved-word predicate")

	var hist incremental.History = &igit.Tool{}
	old, remove, err := hist.Checkout(context.Background(), repo, "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	s1 := snapshot(t, old, "c")
	s2 := snapshot(t, repo, "c")
	plan := incremental.Diff(s1, s2, nil)
	if !slices.Equal(plan.Added, []string{"src/lib.rs:is_keyword_code"}) || !slices.Equal(plan.Removed, []string{"src/lib.rs:is_reserved"}) {
		t.Errorf("added %v removed %v", plan.Added, plan.Removed)
	}
	goal, err := hist.Messages(context.Background(), repo, "HEAD~1")
	if err != nil || goal != "rename the reserved-word predicate" {
		t.Errorf("goal %q, %v", goal, err)
	}
}

// TestRerankWhenScoresAreLow: a goal that shares no word with the code
// scores nothing; the model re-ranks the candidates, and names it invents
// are dropped.
func TestRerankWhenScoresAreLow(t *testing.T) {
	dir := unpack(t)
	cur := snapshot(t, filepath.Join(dir, "v2"), "c")
	goal := "the printed summary line was wrong"
	if top, low := incremental.Relevant(cur, goal, nil); !low || top != nil {
		t.Fatalf("relevant %v, low %v: want low confidence", top, low)
	}
	srv := llmtest.New(t, llmtest.Steps(`{"functions": ["report_total", "no_such_function", "report_total", "count_tokens"]}`))
	got, err := incremental.Rerank(context.Background(), srv.Model(nil), cur, goal, 0, &incremental.RelevanceOptions{Top: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "report_total" || got[1].Name != "count_tokens" || got[0].Score != 1 {
		t.Errorf("reranked %+v", got)
	}
	if !strings.Contains(srv.Requests()[0].LastUser(), "--- unrelated_helper (src/lib.rs)") {
		t.Error("the candidates did not reach the prompt")
	}
}
