package native

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// TestOneRun: where the bound cannot close a loop, a program that reads
// no input is decided by its one execution under gcc: VERIFIED for every
// execution when the run ends without failing the assertion, saying so;
// nothing when the run meets undefined behaviour, does not end, or when
// the program reads input.
func TestOneRun(t *testing.T) {
	needTools(t)
	needValgrind(t)
	chk := New(&Options{ReplayTimeout: 5 * time.Second})
	defer chk.Close()
	// want: "run" (VERIFIED for every execution, by the run), "fails"
	// (the target FALSIFIED), "no overflow" (VERIFIED by k-induction
	// assuming no signed overflow), "none" (none of these: the bound's
	// own answer),
	// "not run" (either of the last two, where the program's own runs
	// differ from machine to machine).
	for _, tc := range []struct{ name, src, want string }{
		// s's last value has no invariant that k-induction could find,
		// and the loop is longer than symex unrolls past the bound
		// (maxExtraIters)
		{"holds after 5000 iterations", `int main(void) {
  int s = 0;
  for (int i = 0; i < 5000; i++) s = (s * 7 + i) % 13;
  assert(s == 11);
  return 0;
}`, "run"},
		{"fails after 5000 iterations", `int main(void) {
  int s = 0;
  for (int i = 0; i < 5000; i++) s = (s * 7 + i) % 13;
  assert(s != 11);
  return 0;
}`, "fails"},
		// The run overflows before the assertion fails: it decides
		// nothing (C defines nothing after the overflow). k-induction
		// proves the assertion for the runs up to their first overflow,
		// and says so.
		{"signed overflow on the way", `int main(void) {
  int s = 2147483000;
  for (int i = 0; i < 5000; i++) s += 2;
  assert(s > 0);
  return 0;
}`, "no overflow"},
		{"reads input", `extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 0, n = __VERIFIER_nondet_int();
  for (int i = 0; i < 5000; i++) s += n;
  assert(s != 7);
  return 0;
}`, "none"},
		// The stack may well hold zeros on the run; the model, and C,
		// give the array any contents: memcheck sees the assertion
		// depend on them. Where the stack holds garbage, the run past
		// the bound fails the assertion: a FALSIFIED that is a real run.
		{"reads an uninitialised array", `int main(void) {
  int a[4];
  int s = 0;
  for (int i = 0; i < 1000; i++) s += a[i % 4] & 1;
  assert(s == 0);
  return 0;
}`, "not run"},
		// Not in the replay's time: 10^11 steps.
		{"does not end in time", `int main(void) {
  unsigned s = 0;
  for (unsigned long i = 0; i < 100000000000UL; i++) s = (s * 7 + i) % 13;
  assert(s == 4);
  return 0;
}`, "none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustProgram(t, tc.src)
			r, err := chk.Check(context.Background(), &bmc.Query{Program: p, K: 3, UnwindingAssertions: true})
			if err != nil {
				t.Fatal(err)
			}
			got := "none"
			switch {
			case r.Status == bmc.Verified && r.BoundComplete && slices.ContainsFunc(r.Assumptions, func(a string) bool {
				return strings.HasPrefix(a, "signed arithmetic does not overflow")
			}):
				got = "no overflow" // k-induction's, not the run's
			case r.Status == bmc.Verified && r.BoundComplete:
				got = "run"
				if !slices.Contains(r.Assumptions, oneRunAssumption) {
					t.Fatalf("VERIFIED for every execution without saying the run did it: %v", r.Assumptions)
				}
			case r.Status == bmc.Falsified && !r.Unwound:
				got = "fails"
			}
			if got != tc.want && !(tc.want == "not run" && got != "run") {
				t.Fatalf("got %v complete=%v unwound=%v (%s), want %s", r.Status, r.BoundComplete, r.Unwound, r.Reason, tc.want)
			}
		})
	}
}

// TestOneRunKept: the one run of a program that did not end in its time
// is kept (Checker.runs), so that the check at the next bound, as the
// task path asks it, does not run it again; its answer is the bound's own
// at both bounds.
func TestOneRunKept(t *testing.T) {
	needTools(t)
	needValgrind(t)
	chk := New(&Options{ReplayTimeout: time.Second})
	defer chk.Close()
	p := mustProgram(t, `int main(void) {
  unsigned s = 0;
  for (unsigned long i = 0; i < 100000000000UL; i++) s = (s * 7 + i) % 13;
  assert(s == 4);
  return 0;
}`)
	for _, k := range []int{3, 4} {
		r, err := chk.Check(context.Background(), &bmc.Query{Program: p, K: k, UnwindingAssertions: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.BoundComplete || slices.Contains(r.Assumptions, oneRunAssumption) {
			t.Fatalf("k=%d: %v complete=%v (%s) %v: a run that did not end decided it", k, r.Status, r.BoundComplete, r.Reason, r.Assumptions)
		}
		if got := chk.runs.len(); got != 1 {
			t.Fatalf("k=%d: %d runs kept, want the one", k, got)
		}
	}
}

// TestOneRunGenerated checks the run's verdicts on generated programs that
// read no input, whose truth a separate gcc run settles: loops longer
// than the bound computing a value, an assertion on it that holds or
// fails. A VERIFIED answer must be one the run confirms, a FALSIFIED one
// one it contradicts never.
func TestOneRunGenerated(t *testing.T) {
	needTools(t)
	needValgrind(t)
	r := rand.New(rand.NewSource(17))
	chk := New(nil)
	defer chk.Close()
	decided := 0
	const n = 12
	for i := range n {
		typ := []string{"int", "unsigned", "long"}[r.Intn(3)]
		iters, step, mod := 20+r.Intn(2000), 1+r.Intn(9), 2+r.Intn(50)
		body := fmt.Sprintf("%s s = %d;\n  for (int i = 0; i < %d; i++) s = (s * %d + i) %% %d;", typ, r.Intn(10), iters, step, mod)
		// the value the run computes, printed by a truth program
		truth := fmt.Sprintf("#include <stdio.h>\nint main(void) {\n  %s\n  printf(\"%%lld\\n\", (long long)s);\n  return 0;\n}\n", body)
		dir := t.TempDir()
		c := filepath.Join(dir, "truth.c")
		if err := os.WriteFile(c, []byte(truth), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("gcc", "-w", "-o", filepath.Join(dir, "truth"), c).CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		out, err := exec.Command(filepath.Join(dir, "truth")).Output()
		if err != nil {
			t.Fatal(err)
		}
		v := strings.TrimSpace(string(out))
		fails := i%2 == 0
		pred := "s == " + v
		if fails {
			pred = "s != " + v
		}
		src := fmt.Sprintf("int main(void) {\n  %s\n  assert(%s);\n  return 0;\n}\n", body, pred)
		p := mustProgram(t, src)
		rep, err := bmc.VerifyAll(context.Background(), p, chk, &bmc.Options{K: 3, BoundCheck: true, Timeout: 30 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Facts[0]
		complete := f.Status.Fact() && f.BoundComplete
		switch {
		case fails && complete:
			t.Errorf("program %d fails under gcc, yet it is VERIFIED for every execution\n%s", i, src)
		case !fails && f.Status == bmc.VerdictFalsified:
			t.Errorf("program %d holds under gcc, yet it is FALSIFIED\n%s", i, src)
		case complete, f.Status == bmc.VerdictFalsified:
			decided++
		}
	}
	if decided != n {
		t.Errorf("decided %d of %d programs that read no input; want all", decided, n)
	}
}

func needValgrind(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Skip("needs valgrind")
	}
}
