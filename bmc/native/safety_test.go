package native

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// wantRe finds the expectations of a line: // want "re" "re"...
var (
	wantRe  = regexp.MustCompile(`// want((?:\s+"[^"]*")+)\s*$`)
	quoteRe = regexp.MustCompile(`"([^"]*)"`)
)

// safetyWants reads the `// want "property: STATUS"` comments of a C file:
// per line, the regular expressions its claims must match one to one.
func safetyWants(t *testing.T, src []byte) map[int][]*regexp.Regexp {
	t.Helper()
	out := map[int][]*regexp.Regexp{}
	for i, l := range strings.Split(string(src), "\n") {
		m := wantRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		for _, q := range quoteRe.FindAllStringSubmatch(m[1], -1) {
			out[i+1] = append(out[i+1], regexp.MustCompile("^(?:"+q[1]+")$"))
		}
	}
	return out
}

// TestSafety runs Safety on every program of testdata/safety and matches
// its claims against the `// want` comments: each expectation must match a
// claim of its line ("property: STATUS"), and every claim that is not
// VERIFIED must be expected. FALSIFIED claims must carry a sanitizer
// report at their line.
func TestSafety(t *testing.T) {
	needTools(t)
	files, err := filepath.Glob("testdata/safety/*.c")
	if err != nil || len(files) == 0 {
		t.Fatal("no testdata/safety programs", err)
	}
	chk := New(nil)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p, err := bmc.ParseProgram(f, src)
			if err != nil {
				t.Fatal(err)
			}
			claims, err := chk.Safety(context.Background(), p, &SafetyOptions{K: 5, Timeout: 60 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			wants := safetyWants(t, src)
			byLine := map[int][]Claim{}
			for _, c := range claims {
				byLine[c.Line] = append(byLine[c.Line], c)
				if c.Status == bmc.Falsified && !strings.Contains(c.Reason, ":"+strconv.Itoa(c.Line)+":") {
					t.Errorf("line %d: FALSIFIED %s without a sanitizer report at its line: %q", c.Line, c.Property, c.Reason)
				}
			}
			for line, res := range wants {
				left := append([]Claim(nil), byLine[line]...)
				for _, re := range res {
					found := -1
					for i, c := range left {
						if re.MatchString(string(c.Property) + ": " + c.Status.String()) {
							found = i
							break
						}
					}
					if found < 0 {
						t.Errorf("line %d: no claim matches %q; claims: %s", line, re, describe(byLine[line]))
						continue
					}
					left = append(left[:found], left[found+1:]...)
				}
			}
			for _, c := range claims {
				if c.Status == bmc.Verified {
					continue
				}
				ok := false
				for _, re := range wants[c.Line] {
					if re.MatchString(string(c.Property) + ": " + c.Status.String()) {
						ok = true
					}
				}
				if !ok {
					t.Errorf("line %d: unexpected %s: %s on %q (%s)", c.Line, c.Property, c.Status, c.Expr, c.Reason)
				}
			}
		})
	}
}

func describe(cs []Claim) string {
	var b []string
	for _, c := range cs {
		s := string(c.Property) + ": " + c.Status.String() + " on " + c.Expr
		if c.Reason != "" {
			s += " (" + c.Reason + ")"
		}
		b = append(b, s)
	}
	if len(b) == 0 {
		return "none"
	}
	return strings.Join(b, "; ")
}

// TestSafetyOverApproximation: atoi's result is unconstrained in the
// model, so the solver finds a zero divisor that the real program never
// computes; the replay shows no error and the claim stays UNKNOWN.
func TestSafetyOverApproximation(t *testing.T) {
	needTools(t)
	p := mustProgram(t, `#include <stdlib.h>
int main(void) {
  int d = atoi("5");
  return 100 / d;
}
`)
	claims, err := New(nil).Safety(context.Background(), p, &SafetyOptions{Properties: []Property{DivisionByZero}})
	if err != nil {
		t.Fatal(err)
	}
	if len(claims) != 1 {
		t.Fatalf("got %d claims, want 1: %+v", len(claims), claims)
	}
	c := claims[0]
	if c.Status != bmc.Unknown || !strings.Contains(c.Reason, "did not replay") || !strings.Contains(c.Reason, "without a sanitizer report") {
		t.Fatalf("got %s (%s), want UNKNOWN: counterexample did not replay", c.Status, c.Reason)
	}
}

// TestSafetyAssertionsAssumed: the program runs with its assertions, and
// a run that fails one stops there, so an assertion can protect a later
// division.
func TestSafetyAssertionsAssumed(t *testing.T) {
	needTools(t)
	p := mustProgram(t, `#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int d = __VERIFIER_nondet_int();
  assert(d > 0);
  return 100 / d;
}
`)
	claims, err := New(nil).Safety(context.Background(), p, &SafetyOptions{Properties: []Property{DivisionByZero}})
	if err != nil {
		t.Fatal(err)
	}
	if len(claims) != 1 || claims[0].Status != bmc.Verified || claims[0].Line != 6 || claims[0].Expr != "100 / d" {
		t.Fatalf("got %+v, want one VERIFIED claim on 100 / d at line 6", claims)
	}
}

// TestSafetyOptions: bad options are errors, nil and zero options are the
// defaults, and the options are not modified.
func TestSafetyOptions(t *testing.T) {
	needTools(t)
	p := mustProgram(t, "int main(void) { int a = 7; return 10 / a; }\n")
	c := New(nil)
	ctx := context.Background()
	if _, err := c.Safety(ctx, p, &SafetyOptions{K: -1}); err == nil {
		t.Error("negative K: no error")
	}
	if _, err := c.Safety(ctx, p, &SafetyOptions{Properties: []Property{"overflow"}}); !errors.Is(err, ErrUnknownProperty) {
		t.Errorf("unknown property: got %v, want ErrUnknownProperty", err)
	}
	if _, err := c.Safety(ctx, nil, nil); err == nil {
		t.Error("nil program: no error")
	}
	a, err := c.Safety(ctx, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := &SafetyOptions{}
	b, err := c.Safety(ctx, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if opts.K != 0 || opts.Properties != nil || opts.Timeout != 0 {
		t.Errorf("options modified: %+v", opts)
	}
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("nil options gave %d claims, zero options %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Property != b[i].Property || a[i].Status != b[i].Status || a[i].Expr != b[i].Expr {
			t.Errorf("claim %d: %+v vs %+v", i, a[i], b[i])
		}
	}
	// division by a constant 7: both checks are decided without a solver
	for _, cl := range a {
		if cl.Status != bmc.Verified {
			t.Errorf("%s on %q: %s, want VERIFIED", cl.Property, cl.Expr, cl.Status)
		}
	}
	if _, err := ParseProperties("shift, array-bounds"); err != nil {
		t.Error(err)
	}
	if _, err := ParseProperties("shift,nope"); !errors.Is(err, ErrUnknownProperty) {
		t.Errorf("ParseProperties: got %v, want ErrUnknownProperty", err)
	}
}

// TestSafetyTranslationKept: Safety's translation is cached apart from
// Check's (same source, same k, other formula) and shared between calls.
func TestSafetyTranslationKept(t *testing.T) {
	p := mustProgram(t, "int main(void) { int a[2] = {0}; int i = 1; return a[i] / (i + 1); }\n")
	c := New(nil)
	ctx := context.Background()
	plain, err := c.translate(ctx, p, c.options(5, 0))
	if err != nil {
		t.Fatal(err)
	}
	tr1, rec1, err := c.translateSafety(ctx, p, 5)
	if err != nil {
		t.Fatal(err)
	}
	tr2, rec2, err := c.translateSafety(ctx, p, 5)
	if err != nil {
		t.Fatal(err)
	}
	if tr1 == plain {
		t.Fatal("Safety reused Check's translation")
	}
	if tr1 != tr2 || rec1 != rec2 {
		t.Fatal("Safety translated the same program twice")
	}
	if len(rec1.Sites) == 0 {
		t.Fatal("no check sites recorded")
	}
	if again, _ := c.translate(ctx, p, c.options(5, 0)); again != plain {
		t.Fatal("Check's translation was replaced")
	}
}

// TestSafetyUnsupported: a program the engine cannot translate is an
// error naming the construct and line.
func TestSafetyUnsupported(t *testing.T) {
	needTools(t)
	p := mustProgram(t, "int main(void) {\n  union { int a; float b; } u;\n  u.a = 1;\n  return u.b > 0;\n}\n")
	_, err := New(nil).Safety(context.Background(), p, nil)
	if err == nil || !strings.Contains(err.Error(), "unsupported:") || !strings.Contains(err.Error(), "t.c") {
		t.Fatalf("got %v, want an unsupported error naming t.c", err)
	}
}

// TestSafetyNullFuncPtr: a call through a function pointer is a
// null-dereference claim at the call: VERIFIED where the pointer is never
// NULL, and never VERIFIED where it may be (ASan's SEGV at pc 0 names no
// line of the program, its stack has no frame of the caller, so the
// claim stays UNKNOWN rather than FALSIFIED).
func TestSafetyNullFuncPtr(t *testing.T) {
	needTools(t)
	p := mustProgram(t, "extern int __VERIFIER_nondet_int(void);\nint one(void) { return 1; }\n"+
		"int main(void) {\n  int (*f)(void) = one;\n  int (*g)(void) = 0;\n  int r = f();\n"+
		"  if (__VERIFIER_nondet_int()) g = one;\n  return r + g();\n}\n")
	claims, err := New(nil).Safety(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]bmc.Status{6: bmc.Verified, 8: bmc.Unknown}
	for _, c := range claims {
		if c.Property != NullDereference {
			continue
		}
		if st, ok := want[c.Line]; !ok || c.Status != st {
			t.Errorf("claim %s at line %d %q: %v (%s), want %v", c.Property, c.Line, c.Expr, c.Status, c.Reason, st)
		}
		delete(want, c.Line)
	}
	if len(want) > 0 {
		t.Errorf("no null-dereference claim at lines %v: %+v", want, claims)
	}
}

// TestSafetyCancel: a cancelled context stops Safety with its error.
func TestSafetyCancel(t *testing.T) {
	needTools(t)
	p := mustProgram(t, "extern int __VERIFIER_nondet_int(void);\nint main(void) { int d = __VERIFIER_nondet_int(); return 10 / d; }\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(nil).Safety(ctx, p, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	noneLeft(t)
}

// TestParseSanitizer reads reports in the formats gcc 12's sanitizers
// print (copied from runs of testdata programs): the first report wins,
// its property, line and (for UBSan) column.
func TestParseSanitizer(t *testing.T) {
	cases := []struct {
		stderr string
		prop   Property
		line   int
		col    int
	}{
		{"div.c:18:15: runtime error: division by zero\n", DivisionByZero, 18, 15},
		{"x.c:11:14: runtime error: division of -2147483648 by -1 cannot be represented in type 'int'\n", SignedOverflow, 11, 14},
		{"x.c:3:9: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n" +
			"x.c:4:9: runtime error: division by zero\n", SignedOverflow, 3, 9},
		{"x.c:21:46: runtime error: negation of -2147483648 cannot be represented in type 'int'; cast to an unsigned type to negate this value to itself\n", SignedOverflow, 21, 46},
		{"x.c:13:20: runtime error: shift exponent 32 is too large for 32-bit type 'int'\n", Shift, 13, 20},
		{"x.c:14:20: runtime error: left shift of 1 by 31 places cannot be represented in type 'int'\n", Shift, 14, 20},
		{"x.c:16:19: runtime error: index 4 out of bounds for type 'int [4]'\n", ArrayBounds, 16, 19},
		{"x.c:19:51: runtime error: load of null pointer of type 'int'\n", NullDereference, 19, 51},
		{"x.c:20:50: runtime error: member access within null pointer of type 'struct S'\n", NullDereference, 20, 50},
		{"x.c:5:3: runtime error: load of misaligned address 0x01 for type 'int'\n", "", 5, 3},
		{"=================================================================\n" +
			"==26110==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7fff239a2c10 at pc 0x556c67a5f302 bp 0x7fff239a2b50 sp 0x7fff239a2b48\n" +
			"READ of size 4 at 0x7fff239a2c10 thread T0\n" +
			"    #0 0x556c67a5f301 in f /tmp/native-safety123/x.c:4\n" +
			"    #1 0x556c67a5f315 in main /tmp/native-safety123/x.c:17\n", ArrayBounds, 4, 0},
		{"==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x1 bp 0x2 sp 0x3\n" +
			"WRITE of size 4 at 0x602000000020 thread T0\n" +
			"    #0 0x7f0 in __interceptor_memset ../../../../src/libsanitizer/sanitizer_common/sanitizer_common_interceptors.inc:799\n" +
			"    #1 0x55a in main x.c:9\n", ArrayBounds, 9, 0},
		{"==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x1 bp 0x2 sp 0x3 T0)\n" +
			"    #0 0x55a in main x.c:12\n", NullDereference, 12, 0},
		{"==1==ERROR: AddressSanitizer: SEGV on unknown address 0x7f0000001000 (pc 0x1 bp 0x2 sp 0x3 T0)\n" +
			"    #0 0x55a in main x.c:12\n", "", 12, 0},
	}
	for _, c := range cases {
		rep, ok := parseSanitizer(c.stderr, "x.c")
		if c.stderr[:5] == "div.c" {
			rep, ok = parseSanitizer(c.stderr, "div.c")
		}
		if !ok || rep.prop != c.prop || rep.line != c.line || rep.col != c.col {
			t.Errorf("%q: got %+v (ok %v), want %s at %d:%d", c.stderr, rep, ok, c.prop, c.line, c.col)
		}
	}
	if _, ok := parseSanitizer("Sorted: 1 2 3\n", "x.c"); ok {
		t.Error("a report found in plain output")
	}
}

// FuzzSafetyTranslate feeds arbitrary C text to the translation with the
// safety checks recorded: it may refuse, but never report an internal
// error (a panic of the recording hooks would show as one).
func FuzzSafetyTranslate(f *testing.F) {
	for _, dir := range []string{"testdata/safety/*.c", "testdata/diff/*.c"} {
		files, _ := filepath.Glob(dir)
		for i, file := range files {
			if strings.Contains(dir, "diff") && i%4 != 0 {
				continue
			}
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("int main(void){int a[2][3]; int *p = &a[1][3]; long s = 1L << 63; return a[2][0] / *p % (int)s;}"))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := bmc.ParseProgram("fuzz.c", src)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, _, err = New(nil).translateSafety(ctx, p, 2)
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("translation failed: %v\n%s", err, src)
		}
	})
}

// TestSafetyVariantSchema: on a variant schema Safety checks the program
// as written (variant 0), where the divisor cannot be zero.
func TestSafetyVariantSchema(t *testing.T) {
	needTools(t)
	src := `int __surety_variant = 0;
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  return 10 / (__surety_variant == 1 ? n : 1);
}
`
	p, err := mustProgram(t, src).WithSwitch("__surety_variant")
	if err != nil {
		t.Fatal(err)
	}
	claims, err := New(nil).Safety(context.Background(), p, &SafetyOptions{Properties: []Property{DivisionByZero}})
	if err != nil {
		t.Fatal(err)
	}
	if len(claims) != 1 || claims[0].Status != bmc.Verified {
		t.Fatalf("got %+v, want one VERIFIED claim", claims)
	}
}

// TestSafetyBoundComplete: VERIFIED claims say whether the bound covered
// every execution: a loop of at most three iterations is complete at k=5,
// not at k=2.
func TestSafetyBoundComplete(t *testing.T) {
	needTools(t)
	p := mustProgram(t, `extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[3] = {0};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  for (int i = 0; i < n; i++) a[i] = i;
  return a[0];
}
`)
	for _, c := range []struct {
		k        int
		complete bool
	}{{5, true}, {2, false}} {
		claims, err := New(nil).Safety(context.Background(), p, &SafetyOptions{K: c.k, Properties: []Property{ArrayBounds}})
		if err != nil {
			t.Fatal(err)
		}
		if len(claims) == 0 {
			t.Fatal("no claims")
		}
		for _, cl := range claims {
			if cl.Status != bmc.Verified || cl.BoundComplete != c.complete {
				t.Errorf("k=%d: %s on %q: %s complete=%v, want VERIFIED complete=%v", c.k, cl.Property, cl.Expr, cl.Status, cl.BoundComplete, c.complete)
			}
		}
	}
}
