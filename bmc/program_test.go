package bmc

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/registry"
)

const sample = `#include <assert.h>

int twice(int x) {
    assert(x >= 0);
    int y = x + x;
    assert(y >= x &&
           y % 2 == 0);
    return y;
}

int main(void) {
    int a = 3;
    int b = twice(a);
    assert(b == 6); assert(b > 0);
    __VERIFIER_assert(a < b);
    return 0;
}
`

func TestParseProgram(t *testing.T) {
	p, err := ParseProgram("s.c", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		fn      string
		line    int
		pred    string
		form    string
		srcLine int
	}
	wants := []want{
		{"twice", 1, "x >= 0", "assert", 4},
		{"twice", 2, "y >= x && y % 2 == 0", "assert", 6},
		{"main", 3, "b == 6", "assert", 14},
		{"main", 3, "b > 0", "assert", 14},
		{"main", 3, "a < b", "__VERIFIER_assert", 15},
	}
	if len(p.Asserts) != len(wants) {
		t.Fatalf("got %d assertions, want %d: %+v", len(p.Asserts), len(wants), p.Asserts)
	}
	for i, w := range wants {
		a := p.Asserts[i]
		if a.Index != i || a.Func != w.fn || a.Line != w.line || a.Pred != w.pred || a.Form != w.form || a.SrcLine != w.srcLine {
			t.Errorf("assert %d = %+v, want %+v", i, a, w)
		}
	}
	main := p.Func("main")
	if main == nil || len(main.Calls) != 1 || main.Calls[0].Callee != "twice" || main.Calls[0].Line != 3 || main.Calls[0].SrcLine != 13 {
		t.Errorf("main calls = %+v, want twice at logical line 3 (source line 13)", main)
	}
	// The callee's assertions come before main's at lines >= the call's.
	if p.Asserts[2].Line < main.Calls[0].Line {
		t.Errorf("assertion after the call has line %d < call line %d", p.Asserts[2].Line, main.Calls[0].Line)
	}
}

// Definition 2: logical lines are counted over the assertion-free skeleton,
// so adding or removing assertions leaves the others' lines unchanged.
func TestLogicalLinesStable(t *testing.T) {
	p, err := ParseProgram("s.c", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	// Remove every other assertion (whole lines where they stand alone)
	// and insert a new multi-line one; the kept ones keep their lines.
	edited := strings.Replace(sample, "    assert(x >= 0);\n", "", 1)
	edited = strings.Replace(edited, "    int y = x + x;\n", "    int y = x + x;\n    assert(\n      y == 2 * x);\n    assert(1);\n", 1)
	edited = strings.Replace(edited, "    __VERIFIER_assert(a < b);\n", "", 1)
	q, err := ParseProgram("e.c", []byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	lines := func(p *Program) map[string]int {
		m := map[string]int{}
		for _, a := range p.Asserts {
			m[a.Func+": "+a.Pred] = a.Line
		}
		return m
	}
	before, after := lines(p), lines(q)
	for k, l := range after {
		if old, ok := before[k]; ok && old != l {
			t.Errorf("%s moved from logical line %d to %d", k, old, l)
		}
	}
	if after["twice: y == 2 * x"] != 2 || after["twice: 1"] != 2 {
		t.Errorf("inserted assertions: %v, want both at line 2", after)
	}
	if q.Func("main").Calls[0].Line != p.Func("main").Calls[0].Line {
		t.Errorf("call line moved")
	}
}

func TestRender(t *testing.T) {
	p, err := ParseProgram("s.c", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	q := &Query{Program: p, Target: 2, Assume: []int{0, 1}, K: 5}
	got := string(q.Render("", "__ESBMC_assume"))
	want := strings.Join([]string{
		"#include <assert.h>",
		"",
		"int twice(int x) {",
		"    __ESBMC_assume(x >= 0);",
		"    int y = x + x;",
		"    __ESBMC_assume(y >= x && y % 2 == 0);",
		"",
		"    return y;",
		"}",
		"",
		"int main(void) {",
		"    int a = 3;",
		"    int b = twice(a);",
		"    assert(b == 6); ;",
		"    ;",
		"    return 0;",
		"}",
		"",
	}, "\n")
	if got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
	if strings.Count(got, "\n") != strings.Count(sample, "\n") {
		t.Errorf("physical lines not preserved")
	}
	// A __VERIFIER_assert target becomes C's assert unless told otherwise.
	q = &Query{Program: p, Target: 4}
	if got := string(q.Render("", "assume")); !strings.Contains(got, "    assert(a < b);") || strings.Contains(got, "assert(b") {
		t.Errorf("Render target 4:\n%s", got)
	}
	if got := string(q.Render("__CPROVER_assert", "assume")); !strings.Contains(got, "__CPROVER_assert(a < b);") {
		t.Errorf("Render with assertFn:\n%s", got)
	}
}

func TestParseProgramErrors(t *testing.T) {
	_, err := ParseProgram("bad.c", []byte("int main(void) {\n  int x = ;\n  return 0;\n}\n"))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.File != "bad.c" {
		t.Fatalf("err = %v, want a ParseError at bad.c:2", err)
	}
	if !strings.Contains(err.Error(), "bad.c:2") {
		t.Errorf("message %q does not name file and line", err)
	}
}

func TestNormalizePred(t *testing.T) {
	for in, want := range map[string]string{
		"x  >\n   0":               "x > 0",
		" a /* c */ < b // d\n+1":  "a < b +1",
		`s[0] == ' '`:              `s[0] == ' '`,
		"strcmp(s, \"a  b\") == 0": "strcmp(s, \"a  b\") == 0",
	} {
		if got := normalizePred(in); got != want {
			t.Errorf("normalizePred(%q) = %q, want %q", in, got, want)
		}
	}
}

type fakeChecker struct{ name string }

func (f fakeChecker) Name() string { return f.name }
func (f fakeChecker) Check(ctx context.Context, q *Query) (*Result, error) {
	return &Result{Status: Unknown, Engine: f.name}, nil
}

func TestRegistry(t *testing.T) {
	Register("zz-test", fakeChecker{"zz-test"})
	Register("aa-test", fakeChecker{"aa-test"})
	if c, err := Lookup("zz-test"); err != nil || c.Name() != "zz-test" {
		t.Errorf("Lookup = %v, %v", c, err)
	}
	if _, err := Lookup("nope"); !errors.Is(err, registry.ErrUnknown) ||
		!strings.Contains(err.Error(), `bmc: unknown checker "nope" (forgotten import?); registered: `) || !strings.Contains(err.Error(), "aa-test, ") {
		t.Errorf("Lookup(nope) err = %v", err)
	}
	names := Names()
	for i := 1; i < len(names); i++ {
		if names[i-1] > names[i] {
			t.Errorf("Names not sorted: %v", names)
		}
	}
	for _, bad := range []struct {
		name string
		c    Checker
	}{{"x", nil}, {"", fakeChecker{""}}, {"zz-test", fakeChecker{"zz-test"}}, {"x", fakeChecker{"y"}}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q, %v) did not panic", bad.name, bad.c)
				}
			}()
			Register(bad.name, bad.c)
		}()
	}
}

func TestStatusText(t *testing.T) {
	for _, s := range []Status{Unknown, Verified, Falsified} {
		b, _ := s.MarshalText()
		var back Status
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("round trip of %v gave %v, %v", s, back, err)
		}
	}
	if Status(0).String() != "UNKNOWN" {
		t.Errorf("zero Status is %v, want UNKNOWN", Status(0))
	}
}

// A binary file is refused as one, not read as C with no assertion.
func TestParseProgramBinary(t *testing.T) {
	_, err := ParseProgram("a.out", []byte("int x;\n\x7fELF\x02\x01\x00\x00"))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 2 || !strings.Contains(pe.Msg, "binary content") {
		t.Fatalf("got %v, want a ParseError at line 2 naming binary content", err)
	}
}
