package bmc

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestConventionDecls: the verifiers' functions a program calls without
// a declaration are declared, as the verifiers read them, by a header
// that every build includes; declared ones, unknown suffixes and the
// program's own functions are left alone.
func TestConventionDecls(t *testing.T) {
	src := `int nondet_int(void);
unsigned char sensor(void);
int helper(void) { return nondet_int() + __VERIFIER_nondet_uchar(); }
int main(void) {
  float f = nondet_float();
  double d = nondet_double() + nondet_double();
  int w = nondet_widget();
  return helper() + sensor() + (int)f + (int)d + w;
}
`
	p, err := ParseProgram("conv.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := p.ConventionDecls()
	want := []ConventionDecl{{"__VERIFIER_nondet_uchar", "unsigned char"}, {"nondet_double", "double"}, {"nondet_float", "float"}}
	if !slices.Equal(got, want) {
		t.Fatalf("ConventionDecls = %v, want %v", got, want)
	}
	flags := p.BuildFlags()
	i := slices.Index(flags, "-include")
	if i < 0 || i+1 >= len(flags) {
		t.Fatalf("BuildFlags %q has no -include", flags)
	}
	h, err := os.ReadFile(flags[i+1])
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"float nondet_float(void);", "double nondet_double(void);", "unsigned char __VERIFIER_nondet_uchar(void);", "#pragma GCC system_header"} {
		if !strings.Contains(string(h), w) {
			t.Errorf("header lacks %q:\n%s", w, h)
		}
	}
	cb, err := ParseProgram("cb.c", []byte("int main(void) {\n  __CPROVER_bool b = 1;\n  int *p = __CPROVER_allocate(4, 1);\n  return b + *p;\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	flags = cb.BuildFlags()
	if i = slices.Index(flags, "-include"); i < 0 {
		t.Fatalf("a program that uses __CPROVER_bool: BuildFlags %q", flags)
	}
	if h, err := os.ReadFile(flags[i+1]); err != nil || !strings.Contains(string(h), "typedef _Bool __CPROVER_bool;") || !strings.Contains(string(h), "static inline void *__CPROVER_allocate(") {
		t.Errorf("header %q (%v) lacks the typedef or __CPROVER_allocate", h, err)
	}
	if d := cb.ConventionDecls(); !slices.Equal(d, []ConventionDecl{{"__CPROVER_allocate", "void *"}}) {
		t.Errorf("ConventionDecls = %v", d)
	}
	if ef := cb.EngineFlags(); slices.Contains(ef, "-include") {
		t.Errorf("EngineFlags %q pass the header to ESBMC and CBMC, which refuse -include", ef)
	}
	plain, err := ParseProgram("plain.c", []byte("int nondet_int(void);\nint main(void) { return nondet_int(); }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if d := plain.ConventionDecls(); len(d) != 0 || slices.Contains(plain.BuildFlags(), "-include") {
		t.Errorf("a program that declares what it calls: %v, %q", d, plain.BuildFlags())
	}
}
