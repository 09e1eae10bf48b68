package bmc

import (
	"strings"
	"testing"
)

func TestInitUninit(t *testing.T) {
	src := "int main(void) {\n  int x, y;\n  int z = 1, w;\n  int a; f(a, a);\n  const int k;\n  double d;\n}\n"
	in := func(name string, line int, v string) Input {
		return Input{Name: name, Line: line, Value: v, Uninit: true}
	}
	u := InitUninit([]byte(src), []Input{
		in("y", 2, "-1"),
		{Name: "__VERIFIER_nondet_int#1", Value: "3", Line: 2},
		in("w", 3, "18446744073709551615"),
		in("a", 4, "5"), // named twice on its line: left alone
		in("k", 5, "7"), in("k", 5, "8"),
		in("d", 6, "pointer"), // not a C number: left alone
		in("x", 9, "1"),       // no such line
	})
	got := strings.Split(string(u.Src), "\n")
	want := []string{
		"int main(void) {",
		"  int x, y = (__typeof__(y))(long double)(-1LL);",
		"  int z = 1, w = (__typeof__(w))(long double)(18446744073709551615ULL);",
		"  int a; f(a, a);",
		"  const int k = (__typeof__(k))__surety_uninit_3();",
		"  double d;",
		"}",
		"",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("source:\n%s\nwant:\n%s", u.Src, strings.Join(want, "\n"))
	}
	if g := strings.Join(u.Given, "; "); g != "y (line 2); w (line 3); k (line 5)" {
		t.Errorf("given %q", g)
	}
	if u.Decls != "long double __surety_uninit_3(void);\n" {
		t.Errorf("decls %q: only k, declared twice on the path, needs a function", u.Decls)
	}
	if !strings.Contains(u.Harness, "{(long double)(7ULL), (long double)(8ULL)}") {
		t.Errorf("harness lacks k's values:\n%s", u.Harness)
	}
	if none := InitUninit([]byte(src), nil); string(none.Src) != src || none.Decls != "" || none.Harness != "" {
		t.Errorf("no uninitialised inputs changed the program: %+v", none)
	}
}

func TestUninitReads(t *testing.T) {
	cex := &Counterexample{Inputs: []Input{
		{Name: "y", Line: 3, Value: "-1", Uninit: true},
		{Name: "__VERIFIER_nondet_int#1", Value: "2"},
		{Name: "a", Line: 9, Value: "1", Uninit: true},
		{Name: "a", Line: 9, Value: "2", Uninit: true},
	}}
	w := UninitReads(cex)
	if !strings.Contains(w, "y (line 3), a (line 9),") || strings.Count(w, "a (line 9)") != 1 || !strings.Contains(w, "undefined behaviour") {
		t.Errorf("UninitReads = %q", w)
	}
	if w := UninitReads(&Counterexample{Inputs: cex.Inputs[1:2]}); w != "" {
		t.Errorf("no uninitialised read, and yet %q", w)
	}
	if UninitReads(nil) != "" {
		t.Error("nil counterexample")
	}
}
