package svrun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/svcomp"
)

// loopPast is issue 30's first program: a loop that runs past the default
// bound k=5, then an assertion; want is the truth a gcc run settles.
func loopPast(want string) string {
	sum := "55"
	if want == "fails" {
		sum = "56"
	}
	return "#include <assert.h>\nint main(void) { int t = 0; for (int i = 1; i <= 10; i++) t += i; assert(t == " + sum + "); return 0; }\n"
}

// runFails compiles src with gcc and reports whether its run fails.
func runFails(t *testing.T, src string) bool {
	t.Helper()
	dir := t.TempDir()
	c := filepath.Join(dir, "p.c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("gcc", "-w", "-o", filepath.Join(dir, "p"), c).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	return exec.Command(filepath.Join(dir, "p")).Run() != nil
}

// A loop longer than the bound makes no assertion FALSIFIED unless a run
// fails it, on every verdict path: facts with every engine (the default),
// the same answers served by the cache, the audit of the fact, and an
// SV-COMP task of the same program (issue 30 item 1).
func TestLoopPastBoundEveryPath(t *testing.T) {
	for _, prog := range []string{"gcc", "z3"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("needs %s", prog)
		}
	}
	ctx := context.Background()
	for _, truth := range []string{"holds", "fails"} {
		src := loopPast(truth)
		if runFails(t, src) != (truth == "fails") {
			t.Fatalf("the %s program's run says otherwise", truth)
		}
		cache, err := bmc.OpenCache(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		for round, path := range []string{"facts", "cache"} {
			res, err := viverra.Facts(ctx, "loop.c", []byte(src), &viverra.FactsOptions{Cache: cache})
			if err != nil {
				t.Fatal(err)
			}
			f := res.Report.Facts[0]
			if round == 1 && !f.Reused && f.Status != bmc.VerdictFalsified {
				t.Errorf("%s: the second run was not answered by the cache", truth)
			}
			switch {
			case truth == "holds" && f.Status == bmc.VerdictFalsified:
				t.Errorf("%s path: a holding assertion FALSIFIED (%s) [%s]", path, f.Reason, f.Engine)
			case truth == "fails" && f.Status.Fact():
				t.Errorf("%s path: a failing assertion %s [%s]", path, f.Status, f.Engine)
			}
			if truth == "holds" && res.Audit != nil && strings.Contains(res.Audit.Vacuous(0), "unreachable") {
				t.Errorf("audit: an assertion every run reaches called %q", res.Audit.Vacuous(0))
			}
		}
		task := writeTask(t, t.TempDir(), "loop", strings.Replace(strings.Replace(src, "#include <assert.h>\n",
			"extern void abort(void);\nvoid reach_error(void) { abort(); }\nvoid __VERIFIER_assert(int c) { if (!c) reach_error(); }\n", 1),
			"assert(", "__VERIFIER_assert(", 1), map[string]string{"holds": "true", "fails": "false"}[truth], "LP64")
		r, err := RunTask(ctx, task, &TaskOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if truth == "holds" && r.Verdict == svcomp.False || truth == "fails" && r.Verdict == svcomp.True {
			t.Errorf("task path: %s program answered %s (%s)", truth, r.Verdict, r.Reason)
		}
	}
}
