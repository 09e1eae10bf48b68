package native

import (
	"context"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/internal/buildid"
)

// TestVersion: the cache key names the build and the options that change
// answers.
func TestVersion(t *testing.T) {
	ctx := context.Background()
	v, err := New(nil).Version(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v != "native "+buildid.Self() {
		t.Errorf("version %q, want native + buildid.Self()", v)
	}
	w, err := New(&Options{MallocMayFail: true}).Version(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if w == v || !strings.HasPrefix(w, v) {
		t.Errorf("MallocMayFail version %q should extend %q", w, v)
	}
}

const (
	wordsMalloc  = "malloc never fails"
	wordsBounds  = "memory accesses stay within live objects (out-of-bounds and dangling accesses are undefined behaviour, not modelled)"
	wordsFree    = "memory is not used after it is freed"
	wordsRand    = "rand returns any value in [0, RAND_MAX] with RAND_MAX = 2147483647 (glibc)"
	wordsStdin   = "the end of stdin is final: after a read meets it, later reads do too (glibc 2.28 and later)"
	headerNondet = "#include <assert.h>\n#include <stdlib.h>\n#include <stdio.h>\nextern int __VERIFIER_nondet_int(void);\n"
)

// TestAssumptionsListed: a VERIFIED answer lists the assumptions its
// program gives a reason for, and only those; MallocMayFail drops
// "malloc never fails"; a FALSIFIED answer is replayed and lists none.
func TestAssumptionsListed(t *testing.T) {
	needTools(t)
	for _, tc := range []struct {
		name string
		body string
		mmf  bool
		want bmc.Status
		asm  []string
	}{
		{"none", "int x = 3; assert(x + 1 == 4);", false, bmc.Verified, nil},
		{"constant index", "int a[3] = {1, 2, 3}; a[1] = 5; assert(a[1] == 5);", false, bmc.Verified, nil},
		{"malloc", "int *p = malloc(4); assert(p != 0);", false, bmc.Verified, []string{wordsMalloc}},
		{"malloc may fail", "int *p = malloc(4); if (!p) return 0; assert(p != 0);", true, bmc.Verified, nil},
		{"malloc falsified", "int *p = malloc(4); assert(p != 0);", true, bmc.Falsified, nil},
		{"heap access", "int *p = malloc(8); if (!p) return 0; p[1] = 2; assert(p[1] == 2);", true, bmc.Verified, []string{wordsBounds}},
		{"free", "int *p = malloc(4); if (!p) return 0; free(p); assert(1);", true, bmc.Verified, []string{wordsFree}},
		{"rand", "int r = rand(); assert(r >= 0);", false, bmc.Verified, []string{wordsRand}},
		{"stdin", "int c = getchar(); assert(c >= -1 && c <= 255);", false, bmc.Verified, []string{wordsStdin}},
		{"symbolic index in bounds", "int a[4] = {0}; int i = __VERIFIER_nondet_int(); if (i < 0 || i > 3) return 0; a[i] = 1; assert(a[0] + a[1] + a[2] + a[3] == 1);", false, bmc.Verified, nil},
		{"symbolic index out of bounds", "int a[4] = {0}; int i = __VERIFIER_nondet_int(); if (i < 0 || i > 4) return 0; a[i] = 1; assert(a[0] >= 0);", false, bmc.Verified, []string{wordsBounds}},
		{"dangling", "int *p = f(); assert(*p == 42 || 1);", false, bmc.Verified, []string{wordsBounds}},
		{"strcpy overflow", "char d[4]; char s[8] = \"abcdefg\"; int i = __VERIFIER_nondet_int(); if (i >= 0 && i < 7) s[i] = 0; strcpy(d, s); assert(1);", false, bmc.Verified, []string{wordsBounds}},
		{"sorted", "int *p = malloc(8); int r = rand(); if (r > 3) p[0] = 1; assert(r >= 0);", false, bmc.Verified, []string{wordsMalloc, wordsBounds, wordsRand}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustProgram(t, headerNondet+"#include <string.h>\nint *f(void) { int x = 42; return &x; }\nint main(void) {\n  "+tc.body+"\n  return 0;\n}\n")
			r, err := New(&Options{MallocMayFail: tc.mmf}).Check(context.Background(), &bmc.Query{Program: p, K: 2})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.want {
				t.Fatalf("got %v (%s), want %v", r.Status, r.Reason, tc.want)
			}
			want := slices.Clone(tc.asm)
			slices.Sort(want)
			if !slices.Equal(r.Assumptions, want) {
				t.Errorf("assumptions %q, want %q", r.Assumptions, want)
			}
			if r.Status == bmc.Falsified && !r.Replayed {
				t.Error("FALSIFIED without Replayed")
			}
		})
	}
}

// TestMallocMayFail: the failing allocation is an input of the
// counterexample, and the replay shim makes the real malloc fail there;
// calloc too.
func TestMallocMayFail(t *testing.T) {
	needTools(t)
	for _, fn := range []string{"malloc(4)", "calloc(1, 4)"} {
		p := mustProgram(t, headerNondet+"int main(void) {\n  int *q = malloc(4);\n  int *p = "+fn+";\n  assert(p != 0);\n  return q == 0;\n}\n")
		c := New(&Options{MallocMayFail: true})
		r, err := c.Check(context.Background(), &bmc.Query{Program: p, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != bmc.Falsified || !r.Replayed {
			t.Fatalf("%s: got %v (%s), want a replayed FALSIFIED", fn, r.Status, r.Reason)
		}
		name := fn[:strings.IndexByte(fn, '(')] + "#2"
		if fn != "malloc(4)" {
			name = fn[:strings.IndexByte(fn, '(')] + "#1" // the first call of calloc
		}
		var got []string
		for _, in := range r.Counterexample.Inputs {
			got = append(got, in.Name+"="+in.Value)
		}
		if !slices.Contains(got, name+"=NULL") || !slices.Contains(got, "malloc#1=a new block") {
			t.Errorf("%s: inputs %q, want malloc#1 a new block and %s NULL", fn, got, name)
		}
		r, err = New(nil).Check(context.Background(), &bmc.Query{Program: p, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != bmc.Verified || !slices.Contains(r.Assumptions, wordsMalloc) {
			t.Errorf("%s by default: got %v %q, want VERIFIED assuming malloc never fails", fn, r.Status, r.Assumptions)
		}
	}
}

// TestMallocMayFailSafety: an unchecked allocation is a null dereference
// when allocations may fail, found and replayed under the sanitizers.
func TestMallocMayFailSafety(t *testing.T) {
	needTools(t)
	p := mustProgram(t, "#include <stdlib.h>\nint main(void) {\n  int *p = malloc(sizeof(int));\n  *p = 1;\n  return *p;\n}\n")
	find := func(cls []Claim) *Claim {
		for i := range cls {
			if cls[i].Property == NullDereference && cls[i].Line == 4 {
				return &cls[i]
			}
		}
		t.Fatalf("no null-dereference claim at line 4 in %+v", cls)
		return nil
	}
	cls, err := New(&Options{MallocMayFail: true}).Safety(context.Background(), p, &SafetyOptions{K: 2, Properties: []Property{NullDereference}})
	if err != nil {
		t.Fatal(err)
	}
	if cl := find(cls); cl.Status != bmc.Falsified {
		t.Errorf("MallocMayFail: got %v (%s), want FALSIFIED", cl.Status, cl.Reason)
	}
	cls, err = New(nil).Safety(context.Background(), p, &SafetyOptions{K: 2, Properties: []Property{NullDereference}})
	if err != nil {
		t.Fatal(err)
	}
	if cl := find(cls); cl.Status != bmc.Verified || !slices.Contains(cl.Assumptions, wordsMalloc) {
		t.Errorf("default: got %v %q, want VERIFIED assuming malloc never fails", cl.Status, cl.Assumptions)
	}
}

// TestUnmodelled: what the engine cannot model faithfully is UNKNOWN, and
// the reason names the construct and its line.
func TestUnmodelled(t *testing.T) {
	needTools(t)
	for _, tc := range []struct{ body, want string }{
		{`int n = 0; printf("abc%n\n", &n); assert(n == 0);`, "unsupported: printf with %n, which writes through its argument at line 7"},
		{`int n = 0; fprintf(stderr, "%1$n", &n); assert(n == 0);`, "unsupported: fprintf with %n, which writes through its argument at line 7"},
		{`const char *f = "%d"; printf(f, 1); assert(1);`, "unsupported: printf with a format that is not a string literal at line 7"},
		{`char b[4]; sprintf(b, "%d", 1); assert(1);`, "unsupported: call of sprintf, a C library function the engine does not model at line 7"},
		{`char b[4]; snprintf(b, 4, "%d", 1); assert(1);`, "unsupported: call of snprintf, a C library function the engine does not model at line 7"},
		{`int x = 0; __asm__ volatile("" ::: "memory"); assert(x == 0);`, "unsupported: inline assembly (asm) at line 7"},
		{`int x = 0; asm volatile("nop"); assert(x == 0);`, "unsupported: inline assembly (asm) at line 7"},
		{`jmp_buf b; assert(setjmp(b) == 0);`, "unsupported: setjmp/longjmp (type jmp_buf) at line 7"},
		{`raise(SIGINT); assert(1);`, "unsupported: signal SIGINT (signal, raise and handlers are not modelled) at line 7"},
		{`char *e; strtol("1", &e, 10); assert(1);`, "unsupported: strtol with an end pointer at line 7"},
		{`int a[2]; memset(a, 0, 3); assert(1);`, "unsupported: memset of 3 bytes, not a whole number of int elements at line 7"},
		{`int a[2], b[2] = {1, 2}; memcpy(a, b, 5); assert(1);`, "unsupported: memcpy of 5 bytes, not a whole number of int elements at line 7"},
	} {
		p := mustProgram(t, headerNondet+"#include <string.h>\nint main(void) {\n  "+tc.body+"\n  return 0;\n}\n")
		r, err := New(nil).Check(context.Background(), &bmc.Query{Program: p, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != bmc.Unknown || r.Reason != tc.want {
			t.Errorf("%s: got %v %q, want UNKNOWN %q", tc.body, r.Status, r.Reason, tc.want)
		}
	}
}

// TestOwnDefinitions: the program's definition of a name the engine
// models runs instead of the model, even after the call; a definition of
// one of gcc's built-ins is refused.
func TestOwnDefinitions(t *testing.T) {
	needTools(t)
	for _, tc := range []struct {
		src  string
		want bmc.Status
		why  string
	}{
		{"int __VERIFIER_nondet_int(void) { return 7; }\nint main(void) {\n  assert(__VERIFIER_nondet_int() == 7);\n  return 0;\n}\n", bmc.Verified, ""},
		{"void __VERIFIER_assume(int c) {}\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  __VERIFIER_assume(x > 0);\n  assert(x > 0);\n  return 0;\n}\n", bmc.Falsified, ""},
		{"int rand(void);\nint main(void) {\n  assert(rand() == 4);\n  return 0;\n}\nint rand(void) { return 4; }\n", bmc.Verified, ""},
		{"int cnt;\nvoid reach_error(void) { cnt++; }\nint main(void) {\n  reach_error();\n  assert(cnt == 0);\n  return 0;\n}\n", bmc.Falsified, ""},
		{"int abs(int x) { return x; }\nint main(void) {\n  assert(abs(-3) == 3);\n  return 0;\n}\n", bmc.Unknown,
			"unsupported: definition of the library function abs, whose calls gcc may replace by its built-in at line 5"},
		{"int twice(int);\nint main(void) {\n  assert(twice(2) == 4);\n  return 0;\n}\nlong twice(int x) { return 2 * x; }\n", bmc.Unknown,
			"unsupported: definition of twice differs from the prototype its earlier calls used at line 10"},
		{"int main(void) {\n  assert(later() == 1);\n  return 0;\n}\nint later(void) { return 1; }\n", bmc.Unknown,
			"unsupported: call of later before its definition without a prototype at line 6"},
	} {
		p := mustProgram(t, headerNondet+tc.src)
		target := len(p.Asserts) - 1
		r, err := New(nil).Check(context.Background(), &bmc.Query{Program: p, Target: target, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tc.want || tc.why != "" && r.Reason != tc.why {
			t.Errorf("%s: got %v %q, want %v %q", tc.src, r.Status, r.Reason, tc.want, tc.why)
		}
	}
}

// TestReplayKeepsRand: a replayed run uses the C library's rand; the
// harness replaces only the nondet functions (and, when asked, malloc).
func TestReplayKeepsRand(t *testing.T) {
	d := &symex.CexData{Nondet: []symex.ReplayVal{{Func: "__VERIFIER_nondet_int", T: ctree.TInt, Int: big.NewInt(5)}}}
	h := harness(d, func(string) bool { return true }, map[string]bool{}, nil, false)
	if strings.Contains(h, "rand(") || strings.Contains(h, "__surety_malloc") {
		t.Errorf("harness replaces rand or malloc:\n%s", h)
	}
	if !strings.Contains(harness(d, func(string) bool { return true }, map[string]bool{}, nil, true), "__surety_malloc") {
		t.Error("MallocMayFail harness without the malloc shim")
	}
}

// TestOrderOfEvaluation: where C leaves the order open and it can change
// a value, the program is refused; where it cannot, it is not.
func TestOrderOfEvaluation(t *testing.T) {
	needTools(t)
	pre := headerNondet + "int c;\nint g(void) { return ++c; }\nint pure(int x) { return x * 2; }\nint sub(int a, int b) { return a - b; }\nint peek(int *p) { return *p; }\nvoid put(int *p) { *p = 1; }\n"
	for _, tc := range []struct{ body, why string }{
		{"assert(sub(g(), g()) == 1);", "arguments of sub"},
		{"assert(c + g() == 2);", "operands"},
		{"c += g(); assert(c == 2);", "sides of an assignment"},
		{"int a[4] = {0}; a[g()] = g(); assert(a[1] == 2);", "sides of an assignment"},
		{"int x = 0; put(&x); assert(peek(&x) + x >= 0);", ""},
		{"int x = 0; int y = peek(&x) + (put(&x), 0); assert(y >= 0);", "operands"},
		{"assert(getchar() - getchar() != 300);", "operands"},
		{"assert(sub(pure(3), pure(2)) == 2);", ""},
		{"int r = rand() - rand(); assert(r < 2147483647 || r >= 0);", ""},
		{"int d = sub(__VERIFIER_nondet_int(), __VERIFIER_nondet_int()); assert(d == d);", ""},
		{"int i = 0; assert(c + i++ >= 0);", ""},
	} {
		p := mustProgram(t, pre+"int main(void) {\n  "+tc.body+"\n  return 0;\n}\n")
		r, err := New(nil).Check(context.Background(), &bmc.Query{Program: p, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		refused := strings.Contains(r.Reason, "order of evaluation")
		if tc.why == "" && refused || tc.why != "" && !strings.HasPrefix(r.Reason, "unsupported: "+tc.why+" whose order of evaluation") {
			t.Errorf("%s: got %v %q, want refused: %q", tc.body, r.Status, r.Reason, tc.why)
		}
	}
}
