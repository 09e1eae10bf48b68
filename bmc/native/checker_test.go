package native

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/smt"
)

func mustProgram(t *testing.T, src string) *bmc.Program {
	t.Helper()
	p, err := bmc.ParseProgram("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRegistered(t *testing.T) {
	c, err := bmc.Lookup("native")
	if err != nil {
		t.Fatal(err)
	}
	if c.Name() != "native" {
		t.Fatalf("name %q", c.Name())
	}
}

const loop3 = `#include <assert.h>
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 3);
  int s = 0;
  for (int i = 0; i < n; i++) s += 2;
  assert(s <= 6);
  return 0;
}
`

// TestUnwinding checks both sides of the unwinding check: a loop of at most
// three iterations is complete at k=5 and not at k=2.
func TestUnwinding(t *testing.T) {
	needTools(t)
	p := mustProgram(t, loop3)
	c := New(nil)
	r, err := c.Check(context.Background(), &bmc.Query{Program: p, K: 5, UnwindingAssertions: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Verified || !r.BoundComplete {
		t.Fatalf("k=5: got %v complete=%v (%s), want VERIFIED and bound complete", r.Status, r.BoundComplete, r.Reason)
	}
	// At k=2 k-induction proves the assertion (s == 2*i and i <= n <= 3
	// are invariants); the unwinding check alone must fail.
	r, err = c.Check(context.Background(), &bmc.Query{Program: p, K: 2, UnwindingAssertions: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Verified || !r.BoundComplete || r.Induction == 0 {
		t.Fatalf("k=2: got %v complete=%v induction=%d (%s), want VERIFIED by k-induction", r.Status, r.BoundComplete, r.Induction, r.Reason)
	}
	c = New(&Options{NoInduction: true})
	r, err = c.Check(context.Background(), &bmc.Query{Program: p, K: 2, UnwindingAssertions: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Falsified || !r.Replayed || !strings.Contains(r.Reason, "the loop at line 6 runs more than k=2 times, replayed") {
		t.Fatalf("k=2: got %v (%s), want FALSIFIED for the loop's unwinding assertion", r.Status, r.Reason)
	}
	if r.Counterexample == nil || len(r.Counterexample.Inputs) == 0 || r.Counterexample.Inputs[0].Value != "3" {
		t.Fatalf("k=2: counterexample %+v, want n = 3", r.Counterexample)
	}
	r, err = c.Check(context.Background(), &bmc.Query{Program: p, K: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Verified || r.BoundComplete {
		t.Fatalf("k=2 without unwinding assertions: got %v complete=%v, want VERIFIED (k-bounded only)", r.Status, r.BoundComplete)
	}
}

// TestAssumptions checks that an assumed assertion constrains the target and
// a removed one does not (Definition 5).
func TestAssumptions(t *testing.T) {
	needTools(t)
	p := mustProgram(t, `#include <assert.h>
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x > 0);
  assert(x != 0);
  return 0;
}
`)
	c := New(nil)
	r, err := c.Check(context.Background(), &bmc.Query{Program: p, Target: 1, K: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Falsified {
		t.Fatalf("alone: got %v (%s), want FALSIFIED", r.Status, r.Reason)
	}
	r, err = c.Check(context.Background(), &bmc.Query{Program: p, Target: 1, Assume: []int{0}, K: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Verified {
		t.Fatalf("assuming a1: got %v (%s), want VERIFIED", r.Status, r.Reason)
	}
}

func TestUnsupported(t *testing.T) {
	needTools(t)
	for _, tc := range []struct{ src, want string }{
		{"#include <assert.h>\nint main(void) {\n  int x = 0;\n  while (x < 3) {\n again: x++;\n  }\n  if (x == 3) goto again;\n  assert(x == 4);\n}\n", "unsupported: backward goto again at line 7"},
		{"#include <assert.h>\nint main(void) {\n  int n = 0;\n  if (n) goto in;\n  while (n < 3) {\n in: n++;\n  }\n  assert(n == 3);\n}\n", "unsupported: goto in into a loop at line 4"},
		{"#include <assert.h>\nint main(int argc, char **argv) {\n  if (argc > 5) goto out;\n  int a[argc];\n  a[0] = 1;\n out:\n  assert(argc > 0);\n}\n", "unsupported: goto out into the scope of the variable-length array a at line 3"},
		{"#include <assert.h>\nint main(void) {\n  int n = 0;\n  switch (n) { case 1: goto l; default: l: n++; }\n  assert(n == 1);\n}\n", "unsupported: label l inside a switch body at line 4"},
		{"#include <assert.h>\nint main(void) {\n  int n = 0;\n  while (n < 3) {\n    n += __extension__ ({ if (n > 1) break; 1; });\n  }\n  assert(n == 2);\n}\n", "unsupported: break out of a statement expression at line 5"},
		{"#include <assert.h>\nint f(int n) {\n  while (n > 0) { top: n--; }\n  if (n == 1) goto top;\n  return n;\n}\nint main(int argc, char **argv) {\n  int n = argc;\n  if (n > 5) n = f(n);\n  assert(n <= 5 || n == 0);\n}\n", "unsupported: backward goto top at line 4"},
		{"#include <assert.h>\nint main(int argc, char **argv) {\n  assert(argv[0] != 0);\n}\n", "unsupported: main parameter argv of type char** at line 2"},
		{"#include <assert.h>\nunion u { int a; float b; };\nint main(void) { union u v; v.a = 1; assert(v.b != 0); }\n", "unsupported: union u whose members a and b, both used, reinterpret each other's bytes at line 2"},
		{"#include <assert.h>\nunion u { char c[4]; int i; };\nint main(void) { union u v; v.i = 1; assert(v.c[0] == 1); }\n", "unsupported: union u whose members c and i, both used, reinterpret each other's bytes at line 2"},
		{"#include <assert.h>\nunion u { int i; double d; };\nint main(void) {\n  int x = 3;\n  union u v = (union u)x;\n  assert(v.d > 0);\n}\n", "unsupported: union u whose members i and d, both used, reinterpret each other's bytes at line 2"},
		{"#include <assert.h>\nunion u { int i; struct { int a, b; } s; };\nint main(void) {\n  union u v = {1};\n  assert(v.s.b == 0);\n}\n", "unsupported: initialiser of union u's member i, shorter than the union at line 4"},
		{"#include <assert.h>\nstruct s { unsigned f : 3; };\nint main(void) {\n  struct s v;\n  unsigned *p = &v.f;\n  assert(p != 0);\n}\n", "unsupported: address of the bit-field f at line 5"},
		// sizeof sees gcc's default layout only: packing is refused
		{"#include <assert.h>\n#pragma pack(push, 1)\nstruct s { char c; int i; };\n#pragma pack(pop)\nint main(void) {\n  assert(sizeof(struct s) == 8);\n}\n", "unsupported: sizeof of a struct or union in a program that sets #pragma pack at line 6"},
		{"#include <assert.h>\nstruct s { char c; int i; } __attribute__((packed));\nint main(void) {\n  struct s v[2];\n  assert(sizeof v == 16);\n}\n", "unsupported: sizeof of struct s, whose layout __attribute__((packed)) changes at line 5"},
		{"#include <assert.h>\nstruct s { char c; int i __attribute__((aligned(16))); };\nint main(void) {\n  assert(sizeof(struct s) == 8);\n}\n", "unsupported: sizeof of struct s, whose layout __attribute__((aligned(16))) changes at line 4"},
		{"#include <assert.h>\nstruct s { long f : 40; };\nint main(void) {\n  struct s v = {0};\n  assert(v.f == 0);\n}\n", "unsupported: bit-field of type long at line 2"},
		{"#include <assert.h>\nint main(void) {\n  int x = 1;\n  char *p = (char *)&x;\n  assert(*p == 1);\n}\n", "unsupported: pointer cast from int* to char* at line 4"},
		{"#include <assert.h>\nint main(int argc, char **argv) {\n  int a[argc];\n  int (*p)[] = &a;\n  assert(p != 0);\n}\n", "unsupported: address of the variable-length array a at line 4"},
		{"#include <assert.h>\nint main(int argc, char **argv) {\n  int a[2][argc];\n  a[0][0] = 1;\n  assert(a[0][0] == 1);\n}\n", "unsupported: non-constant integer expression at line 3"},
		{"#include <assert.h>\nint *f(int);\nint main(void) {\n  assert(f(1) != 0);\n}\n", "unsupported: call of f, declared but not defined, returning int* at line 4"},
		{"#include <assert.h>\n#include <stdarg.h>\nint sum(int n, ...) {\n  va_list ap;\n  va_start(ap, n);\n  int s = va_arg(ap, int);\n  va_end(ap);\n  return s;\n}\nint main(void) {\n  assert(sum(1, 5) == 5);\n}\n", "unsupported: variadic function that reads its further arguments (va_start) at line 3"},
		// CBMC's intrinsic has a meaning: not any value, as a function
		// without a body would return
		{"#include <assert.h>\nint main(void) {\n  int a[1];\n  assert(__CPROVER_r_ok(a, sizeof(int)));\n}\n", "unsupported: call of __CPROVER_r_ok, a name reserved to the implementation or a verifier, whose meaning the engine does not model at line 4"},
	} {
		p := mustProgram(t, tc.src)
		r, err := New(nil).Check(context.Background(), &bmc.Query{Program: p, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != bmc.Unknown || r.Reason != tc.want {
			t.Errorf("got %v %q, want UNKNOWN %q", r.Status, r.Reason, tc.want)
		}
	}
}

// TestCancel checks that a cancelled context stops the check and leaves
// no solver behind.
func TestCancel(t *testing.T) {
	needTools(t)
	p := mustProgram(t, `#include <assert.h>
int main(void) {
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint(), c = __VERIFIER_nondet_uint();
  __VERIFIER_assume(a > 1 && b > 1 && a < 100000 && b < 100000);
  assert(a * b * c != 1234567891u || c == 0);
  return 0;
}
`)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := New(nil).Check(ctx, &bmc.Query{Program: p, K: 1})
	if err == nil && r.Status == bmc.Verified {
		t.Fatalf("got VERIFIED")
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) && !strings.Contains(err.Error(), "context") {
		t.Fatalf("unexpected error %v", err)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Fatalf("took %v after cancel", d)
	}
	noneLeft(t)
}

// noneLeft fails the test if a solver or program started by the tests is
// still running once the warm solver processes of earlier tests have had
// their idle time to end.
func noneLeft(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(idleFor + 2*time.Second)
	for proc.Running() > 0 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if n := proc.Running(); n != 0 {
		t.Fatalf("%d processes left running", n)
	}
}

// TestStickyEOF checks that the end of stdin stays the end: a read after
// getchar, scanf or fgets met it meets it too (VERIFIED), and a violation
// that needs a second line is found with input that replays (FALSIFIED).
func TestStickyEOF(t *testing.T) {
	needTools(t)
	cases := []struct {
		src  string
		want bmc.Status
	}{
		{`#include <assert.h>
#include <stdio.h>
int main(void) {
  int a = getchar();
  int b = getchar();
  if (a == EOF) assert(b == EOF);
  return 0;
}
`, bmc.Verified},
		{`#include <assert.h>
#include <stdio.h>
int main(void) {
  int x = 0, y = 0;
  int r = scanf("%d", &x);
  int c = getchar();
  if (r == EOF) assert(c == EOF && scanf("%d", &y) == EOF);
  return 0;
}
`, bmc.Verified},
		{`#include <assert.h>
#include <stdio.h>
int main(void) {
  char line[8];
  int n = 0;
  while (fgets(line, sizeof line, stdin) && n < 3) n++;
  if (n == 0) assert(fgets(line, sizeof line, stdin) == 0);
  return 0;
}
`, bmc.Verified},
		{`#include <assert.h>
#include <stdio.h>
int main(void) {
  int lines = 0, c;
  for (int i = 0; i < 4; i++) {
    c = getchar();
    if (c == EOF) break;
    if (c == '\n') lines++;
  }
  assert(lines < 2);
  return 0;
}
`, bmc.Falsified},
	}
	c := New(nil)
	for i, tc := range cases {
		r, err := c.Check(context.Background(), &bmc.Query{Program: mustProgram(t, tc.src), K: 5})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tc.want {
			t.Errorf("case %d: got %v (%s), want %v", i, r.Status, r.Reason, tc.want)
		}
	}
}

// countingSolver counts the checks it is asked.
type countingSolver struct {
	smt.Solver
	n atomic.Int32
}

func (s *countingSolver) Check(ctx context.Context, q *smt.Query) (*smt.Result, error) {
	s.n.Add(1)
	return s.Solver.Check(ctx, q)
}

// TestHeldViolation checks that the unwinding check asked right after the
// plain one (as bmc.VerifyAll asks them) does not ask the solver the
// violation check again, and answers the same as on its own.
func TestHeldViolation(t *testing.T) {
	needTools(t)
	p := mustProgram(t, loop3)
	ctx := context.Background()
	unwinding := func(plainFirst bool) (*bmc.Result, int32) {
		s := &countingSolver{Solver: smt.Z3(nil)}
		c := New(&Options{Solver: s, NoInduction: true})
		if plainFirst {
			r, err := c.Check(ctx, &bmc.Query{Program: p, K: 2})
			if err != nil || r.Status != bmc.Verified {
				t.Fatalf("plain check: %v, %v", r, err)
			}
		}
		before := s.n.Load()
		r, err := c.Check(ctx, &bmc.Query{Program: p, K: 2, UnwindingAssertions: true})
		if err != nil {
			t.Fatal(err)
		}
		return r, s.n.Load() - before
	}
	alone, nAlone := unwinding(false)
	after, nAfter := unwinding(true)
	if nAfter != nAlone-1 {
		t.Errorf("the unwinding check asked %d checks after the plain one, %d on its own; want one fewer", nAfter, nAlone)
	}
	if alone.Status != after.Status || alone.Reason != after.Reason {
		t.Errorf("unwinding check after the plain one: %v (%s); on its own: %v (%s)", after.Status, after.Reason, alone.Status, alone.Reason)
	}
}
