package native

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// TestUninitLocals checks the answers on reads of locals declared without
// an initialiser, which the engine lets hold any value of their type (the
// verifiers' reading). A FALSIFIED one must say so, list the values in its
// counterexample, and replay on its own (bmc.Replay gives the declarations
// those values); an assertion that holds whatever the value must not be
// FALSIFIED, and its truth is settled by runs with several values given
// (bmc.InitUninit); a declaration no replay can give a value (one a macro
// writes) leaves a claim that rests on it unconfirmed. An extern variable
// no file defines is read as any value too, and the replay defines it.
func TestUninitLocals(t *testing.T) {
	needTools(t)
	cases := []struct {
		name, src string
		want      bmc.Status
		given     string // the uninitialised read the answer names
	}{
		{"mod", `#include <assert.h>
int main(void) {
  int x, y;
  x = y;
  x %= 10;
  assert(x != -1);
  return 0;
}
`, bmc.Falsified, "y (line 3)"},
		{"each execution its own", `#include <assert.h>
int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++) {
    const int v;
    a[i] = v;
  }
  assert(a[0] == a[1]);
  return 0;
}
`, bmc.Falsified, "v (line 5)"},
		{"an extern no file defines", `#include <assert.h>
extern int x;
int main(int argc, char **argv) {
  if (argc > 5)
    x = 42;
  assert(x == 42);
  return 0;
}
`, bmc.Falsified, "x (line 2)"},
		{"an extern defined later", `#include <assert.h>
extern int x;
int f(void) { return x; }
int x;
int main(void) {
  assert(f() == 0);
  return 0;
}
`, bmc.Verified, ""},
		{"assigned before read", `#include <assert.h>
int main(void) {
  int x;
  x = 4;
  assert(x == 4);
  return 0;
}
`, bmc.Verified, ""},
		{"declared by a macro", `#include <assert.h>
#define NAME y
int main(void) {
  int NAME;
  assert(y != 123456789);
  return 0;
}
`, bmc.Unknown, ""},
	}
	ctx := context.Background()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustProgram(t, tc.src)
			q := &bmc.Query{Program: p, Target: 0, K: 5}
			r, err := New(nil).Check(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.want {
				t.Fatalf("got %v (%s), want %v", r.Status, r.Reason, tc.want)
			}
			switch r.Status {
			case bmc.Falsified:
				if len(r.Assumptions) != 1 || !strings.Contains(r.Assumptions[0], tc.given) || !strings.Contains(r.Assumptions[0], "indeterminate") {
					t.Errorf("assumptions %q, want the read of %s", r.Assumptions, tc.given)
				}
				rp, err := bmc.Replay(ctx, q, r.Counterexample, nil)
				if err != nil || !rp.Reproduced {
					t.Errorf("bmc.Replay of the counterexample %+v: %+v %v", r.Counterexample.Inputs, rp, err)
				}
			case bmc.Verified:
				if tc.name == "an extern defined later" {
					break // the program defines x: nothing to give a value
				}
				// The truth: runs with the local given each of several values.
				for _, v := range []string{"-1", "0", "4", "2147483647"} {
					cex := &bmc.Counterexample{Inputs: []bmc.Input{{Name: "x", Line: 3, Value: v, Uninit: true}}}
					if rp, err := bmc.Replay(ctx, q, cex, nil); err != nil || rp.Reproduced {
						t.Errorf("with x = %s the assertion fails on a run (%+v, %v)", v, rp, err)
					}
				}
			}
		})
	}
}
