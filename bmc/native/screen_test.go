package native

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// TestUnmodelledAlone: on a program with code outside main or with assert
// changed, the engine alone gives no answer its evidence does not
// support (screen.go): UNKNOWN naming the construct and its line where a
// VERIFIED would not cover the program's runs or a FALSIFIED would not be
// a failing run of the program as compiled; a replayed FALSIFIED where
// the code outside main does not matter; a VERIFIED of a compiled-out
// assertion whose predicate holds, saying so. A program with none of
// these, and qsort's comparator (modelled), keep their answers.
func TestUnmodelledAlone(t *testing.T) {
	needTools(t)
	for _, tc := range []struct {
		name, src string
		defines   []string
		want      bmc.Status
		say       string // in the reason (UNKNOWN) or an assumption (VERIFIED)
	}{
		{"constructor", `#include <assert.h>
int g = 0;
__attribute__((constructor)) static void init(void) { g = 1; }
int main(void) { assert(g == 0); return 0; }
`, nil, bmc.Unknown, "constructor at line 3"},
		{"destructor", `#include <assert.h>
int g = 0;
static void __attribute__ ((__destructor__)) fin(void) { assert(g == 0); }
int main(void) { g = 1; return 0; }
`, nil, bmc.Unknown, "destructor at line 3"},
		{"constructor, failing run", `#include <assert.h>
extern int __VERIFIER_nondet_int(void);
__attribute__((constructor)) static void init(void) { }
int main(void) { int x = __VERIFIER_nondet_int(); assert(x != 5); return 0; }
`, nil, bmc.Falsified, ""},
		{"NDEBUG", `#define NDEBUG
#include <assert.h>
int main(void) { int x = 1; assert(x == 2); return 0; }
`, nil, bmc.Unknown, "NDEBUG at line 1"},
		{"-D NDEBUG", `#include <assert.h>
int main(void) { int x = 1; assert(x == 2); return 0; }
`, []string{"NDEBUG"}, bmc.Unknown, "NDEBUG at line 1"},
		{"NDEBUG holds", `#define NDEBUG
#include <assert.h>
int main(void) { int x = 1; assert(x == 1); return 0; }
`, nil, bmc.Verified, "compiled out (NDEBUG at line 1)"},
		{"assert defined away", `#include <assert.h>
#undef assert
#define assert(c) ((void)0)
int main(void) { int x = 1; assert(x == 2); return 0; }
`, nil, bmc.Unknown, "assert macro at line 3"},
		{"own assert", `#include <assert.h>
#include <stdio.h>
#undef assert
#define assert(c) ((c) ? (void)0 : (void)puts("bad"))
int main(void) { int x = 1; assert(x == 1); return 0; }
`, nil, bmc.Unknown, "assert macro at line 4"},
		{"plain", `#include <assert.h>
int main(void) { int x = 1; assert(x == 1); return 0; }
`, nil, bmc.Verified, ""},
		{"qsort", `#include <assert.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) { int v[3] = {3, 1, 2}; qsort(v, 3, sizeof v[0], cmp); assert(v[0] == 1); return 0; }
`, nil, bmc.Verified, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustProgram(t, tc.src)
			if tc.defines != nil {
				var err error
				if p, err = p.WithCompile(bmc.Compile{Defines: tc.defines}); err != nil {
					t.Fatal(err)
				}
			}
			c := New(nil)
			defer c.Close()
			r, err := c.Check(context.Background(), &bmc.Query{Program: p, K: 3, UnwindingAssertions: true})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.want {
				t.Fatalf("got %v (%s) %q, want %v", r.Status, r.Reason, r.Assumptions, tc.want)
			}
			switch {
			case tc.say == "":
			case r.Status == bmc.Unknown && !strings.Contains(r.Reason, tc.say):
				t.Errorf("reason %q, want it to name %q", r.Reason, tc.say)
			case r.Status == bmc.Verified && !strings.Contains(strings.Join(r.Assumptions, "; "), tc.say):
				t.Errorf("assumptions %q, want one saying %q", r.Assumptions, tc.say)
			}
			if tc.say != "" && len(r.Hazards) == 0 {
				t.Errorf("no hazards, want the construct's")
			}
			t.Logf("%v (%s) %q", r.Status, r.Reason, r.Assumptions)
			if r.Status == bmc.Falsified && !r.Replayed {
				t.Errorf("FALSIFIED without a replay")
			}
		})
	}
}
