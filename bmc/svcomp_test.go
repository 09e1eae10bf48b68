package bmc

import (
	"strings"
	"testing"
)

// SV-COMP's conventions: the task's own __VERIFIER_assert (whose body
// calls reach_error) is an assertion at each call and none inside;
// reach_error() elsewhere is assert(0) at the call; the engines' own
// assert spellings and asserting macros are assertions too.
func TestSVCOMPConventions(t *testing.T) {
	src := `extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
#define CHECK(x) if (!(x)) { reach_error(); }
#define MY_ASSERT(e) assert(e)
#define NOT_AN_ASSERT(e) printf("%d", e)
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assert(x != 3);
  if (x == 7) {
    reach_error();
  }
  __ESBMC_assert(x != 8, "eight");
  __CPROVER_assert(x != 9, "nine");
  CHECK(x != 10);
  MY_ASSERT(x != 11);
  NOT_AN_ASSERT(x);
  return 0;
}
`
	p, err := ParseProgram("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range p.Asserts {
		got = append(got, a.Func+":"+a.Form+":"+a.Pred)
	}
	want := []string{"main:__VERIFIER_assert:x != 3", "main:reach_error:0", "main:__ESBMC_assert:x != 8",
		"main:__CPROVER_assert:x != 9", "main:CHECK:x != 10", "main:MY_ASSERT:x != 11"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("assertions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Every target is C's assert; an assumed reach_error cuts the path.
	q := &Query{Program: p, Target: 4, Assume: []int{1}}
	r := string(q.Render("", "__ESBMC_assume"))
	if !strings.Contains(r, "  assert(x != 10);") || !strings.Contains(r, "__ESBMC_assume(0);") || strings.Contains(r, "CHECK(x !=") {
		t.Errorf("render:\n%s", r)
	}
	if strings.Count(r, "\n") != strings.Count(src, "\n") {
		t.Error("lines not preserved")
	}
}

// A program's own reach_error runs where its call is not the target: the
// counter it bumps is part of the program.
func TestOwnReachErrorStays(t *testing.T) {
	src := `#include <assert.h>
int cnt = 0;
void reach_error(void) { cnt++; }
int main(void) {
  reach_error();
  assert(cnt == 0);
  return 0;
}
`
	p, err := ParseProgram("own.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Asserts) != 2 || p.Asserts[0].Form != "reach_error" {
		t.Fatalf("assertions %+v", p.Asserts)
	}
	r := string((&Query{Program: p, Target: 1}).Render("", "assume"))
	if !strings.Contains(r, "  reach_error();\n  assert(cnt == 0);") {
		t.Errorf("render:\n%s", r)
	}
	r = string((&Query{Program: p, Target: 0}).Render("", "assume"))
	if !strings.Contains(r, "  assert(0);\n  ;") {
		t.Errorf("render:\n%s", r)
	}
}
