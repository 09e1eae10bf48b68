package native

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// TestUnwindingReplayed checks that an unwinding violation is FALSIFIED
// only with a run that shows it, for each kind of loop, nested and
// unbraced loops, a recursion, an assertion in a loop's body and a
// variant schema, and that a library model's bound stays UNKNOWN.
func TestUnwindingReplayed(t *testing.T) {
	needTools(t)
	for _, tc := range []struct {
		name, src string
		k         int
		status    bmc.Status
		reason    string
	}{
		{"while", `int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  while (n > 0) n--;
  assert(n == 0);
  return 0;
}`, 3, bmc.Falsified, "the loop at line 4 runs more than k=3 times"},
		{"do", `int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 5;
  int i = 0;
  do { i++; } while (i < n);
  assert(i >= 1);
  return 0;
}`, 3, bmc.Falsified, "the loop at line 4 runs more than k=3 times"},
		{"nested unbraced", `int main(void) {
  int n = __VERIFIER_nondet_int(), s = 0;
  if (n < 0 || n > 3) return 0;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < n; j++) s++;
  assert(s <= 6);
  return 0;
}`, 2, bmc.Falsified, "the loop at line 5 runs more than k=2 times"},
		{"assertion in the body", `int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 9) return 0;
  for (int i = 0; i < n; i++) assert(i < 9);
  return 0;
}`, 4, bmc.Falsified, "the loop at line 4 runs more than k=4 times"},
		{"recursion", `int f(int n) { if (n <= 0) return 0; return 1 + f(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) return 0;
  assert(f(n) == n);
  return 0;
}`, 3, bmc.Falsified, "the function at line 1 recurses deeper than k=3"},
		{"deep recursion", `int f(int n) { if (n == 0) return 0; return 1 + f(n - 1); }
int main(void) {
  assert(f(100) != 100);
  return 0;
}`, 5, bmc.Falsified, "the target fails on a run past the bound (the function at line 1 recurses deeper than k=5)"},
		// m is input, so that the loop's condition does not fold and the
		// loop is not unrolled whole past the bound (symex's loop)
		{"deep loop with inputs past the model's", `int main(void) {
  int s = 0, m = __VERIFIER_nondet_int();
  if (m != 40) return 0;
  for (int i = 0; i < m; i++) s += __VERIFIER_nondet_int() == 0;
  assert(s < 40);
  return 0;
}`, 5, bmc.Falsified, "inputs past the model's, each 0"},
		// It reads input, so that its one run does not decide it
		// (onerun.go).
		{"deep run that holds", `int main(void) {
  int s = 0, n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  for (int i = 0; i < m; i++) s++;
  assert(s == m || m < 0 || n == 7);
  return 0;
}`, 5, bmc.Falsified, "unwinding assertion: the loop at line 3 runs more than k=5 times"},
		{"complete", `int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) s += i;
  assert(s == 3);
  return 0;
}`, 3, bmc.Verified, ""},
		{"library bound", `#include <stdlib.h>
#include <string.h>
int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 70 + 1;
  char *s = malloc(n);
  memset(s, 'a', n);
  assert(s[0] == 'a');
  return 0;
}`, 5, bmc.Unknown, "the model of memset at line 6 can need more elements than it unrolls"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustProgram(t, tc.src)
			// Without induction: some of these are proved by it.
			r, err := New(&Options{NoInduction: true}).Check(context.Background(), &bmc.Query{Program: p, K: tc.k, UnwindingAssertions: true})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || !strings.Contains(r.Reason, tc.reason) {
				t.Fatalf("got %v (%s), want %v with %q", r.Status, r.Reason, tc.status, tc.reason)
			}
			if tc.status == bmc.Verified && !r.BoundComplete {
				t.Fatalf("VERIFIED without a complete bound")
			}
		})
	}
}

// TestInstrumentBounds checks that the counted program keeps the lines and
// assertions of the original: each assertion's range holds the same text.
func TestInstrumentBounds(t *testing.T) {
	src := `int g(int x) { while (x > 0) x--; return x; }
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++) assert(s >= 0);
  do s++; while (s < 2);
  assert(g(s) == 0);
  return 0;
}`
	p := mustProgram(t, src)
	cp, err := parse(context.Background(), "", p)
	if err != nil {
		t.Fatal(err)
	}
	ip, ok := instrumentBounds(p, cp, 5)
	if !ok {
		t.Fatal("not instrumented")
	}
	if got, want := strings.Count(string(ip.Source), "\n"), strings.Count(src, "\n"); got != want {
		t.Errorf("%d lines, want %d", got, want)
	}
	for i, a := range ip.Asserts {
		o := p.Asserts[i]
		if string(ip.Source[a.Start:a.End]) != string(p.Source[o.Start:o.End]) {
			t.Errorf("assertion %d moved to %q", i, ip.Source[a.Start:a.End])
		}
	}
	if n := strings.Count(string(ip.Source), "__surety_unwound(\"loop\""); n != 4 {
		t.Errorf("%d loops counted, want 4:\n%s", n, ip.Source)
	}
	if n := strings.Count(string(ip.Source), "__surety_enter("); n != 2 {
		t.Errorf("%d functions counted, want 2", n)
	}
}

// TestInstrumentedCompiles compiles the counted version of every program
// of the differential suite with gcc: the counters must fit every loop,
// switch and function shape the suite has.
func TestInstrumentedCompiles(t *testing.T) {
	needTools(t)
	for _, c := range loadDiff(t) {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			t.Parallel()
			cp, err := parse(context.Background(), "", c.prog)
			if err != nil {
				return // the engine refuses it; nothing to replay
			}
			ip, ok := instrumentBounds(c.prog, cp, c.k)
			if !ok {
				t.Fatal("not instrumented")
			}
			q := &bmc.Query{Program: ip, Target: 0}
			src := prelude + boundsPrelude + "#line 1 \"p.c\"\n" + string(q.Render("__surety_assert", "__surety_assume"))
			f := filepath.Join(t.TempDir(), "p.c")
			if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("gcc", "-fsyntax-only", "-std=gnu11", "-w", f).CombinedOutput()
			if err != nil {
				t.Fatalf("gcc: %v\n%s\n%s", err, out, src)
			}
		})
	}
}

// TestDeepViolationIsAFact checks that a violation deeper than k, shown by
// the run the unwinding check chose, makes the fact FALSIFIED (with its
// counterexample) rather than a bounded VERIFIED.
func TestDeepViolationIsAFact(t *testing.T) {
	needTools(t)
	p := mustProgram(t, `int f(int n) { if (n == 0) return 0; return 1 + f(n - 1); }
int main(void) {
  assert(f(60) != 60);
  return 0;
}`)
	rep, err := bmc.VerifyAll(context.Background(), p, New(&Options{NoInduction: true}), &bmc.Options{K: 5, BoundCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Facts[0]
	if f.Status != bmc.VerdictFalsified || f.Counterexample == nil || !strings.Contains(f.Reason, "past the bound") {
		t.Fatalf("got %v (%s), want FALSIFIED past the bound", f.Status, f.Reason)
	}
}
