package bmc

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

const bodilessProg = `#include <assert.h>
struct pair { int a, b; };
int n_of(void);
unsigned char get(int k, const char *s);
void touch(int *p);
long int big();
const double dv(void);
struct pair mk(void);
char *name(void);
int abs(int);
int unused(void);
int own(int x);
int own(int x) { return x + 1; }
_Bool __CPROVER_r_ok(const void *, unsigned long);
int main(void) {
    int n = n_of();
    assert(__CPROVER_r_ok(&n, sizeof n));
    touch(&n);
    struct pair p = mk();
    if (get(n, name()) == 7 && big() > 0 && dv() < 1.0)
        assert(abs(n) != 3 && own(n) != p.a);
    return 0;
}
`

// Bodiless lists the functions the program declares and calls and that
// no file defines: not those of the C library (abs), nor those the
// program defines, never calls, or whose return type is not arithmetic
// or void (a struct, a pointer), nor the names reserved to the
// implementation and the verifiers (__CPROVER_r_ok has a meaning).
func TestBodiless(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	p, err := ParseProgram("bodiless.c", []byte(bodilessProg))
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.Bodiless(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []BodilessFunc{{"big", "long"}, {"dv", "double"}, {"get", "unsigned char"}, {"n_of", "int"}, {"touch", "void"}}
	if !slices.Equal(got, want) {
		t.Errorf("Bodiless = %v, want %v", got, want)
	}
}

// A counterexample that gives a function without a body its values
// replays: the harness defines the function, whatever its parameters.
// The truth: the program linked with a definition that returns the
// counterexample's value fails the assertion.
func TestReplayBodiless(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	const prog = `#include <assert.h>
unsigned char get(int k, const char *s);
void note(int v);
int main(void) {
    unsigned char c = get(3, "abc");
    note(c);
    assert(c != 200);
    return 0;
}
`
	dir := t.TempDir()
	def := "unsigned char get(int k, const char *s) { return 200; }\nvoid note(int v) {}\n"
	if err := os.WriteFile(filepath.Join(dir, "p.c"), []byte(prog+def), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := proc.Run(context.Background(), &proc.Cmd{Path: "gcc", Args: []string{"-o", "p", "p.c"}, Dir: dir, Timeout: time.Minute})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("gcc: %v %s", err, res.Stderr)
	}
	if res, _ = proc.Run(context.Background(), &proc.Cmd{Path: filepath.Join(dir, "p"), Timeout: time.Minute}); res.Signal != "aborted" {
		t.Fatalf("the program with get returning 200 did not fail its assertion: %+v", res)
	}
	p, err := ParseProgram("bodiless.c", []byte(prog))
	if err != nil {
		t.Fatal(err)
	}
	q := &Query{Program: p, Target: 0, K: 1}
	for _, c := range []struct {
		value string
		want  bool
	}{{"200", true}, {"7", false}} {
		r, err := Replay(context.Background(), q, &Counterexample{Inputs: []Input{{Name: "get#1", Value: c.value}}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Reproduced != c.want {
			t.Errorf("get returning %s: reproduced %v (%s), want %v", c.value, r.Reproduced, r.Why, c.want)
		}
	}
}
