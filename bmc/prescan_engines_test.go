package bmc_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/esbmc"
	"github.com/suretydev/surety/bmc/native"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/smt"
)

// unmodelled are programs whose truth no engine can see (issue 30, items
// 3 and 4): code run outside main's straight line, errno, and asserts
// compiled out. The first of each shape is the issue's; the others are
// variants. fails says what a plain run of the program does: fail the
// assertion (every run), or, with asserts compiled out, check nothing.
var unmodelled = []struct {
	name, src string
	fails     bool
	hazard    string // construct@line
}{
	{"constructor", `#include <assert.h>
int g = 0;
__attribute__((constructor)) static void init(void) { g = 1; }
int main(void) { assert(g == 0); return 0; }
`, true, "constructor@3"},
	{"constructor priority", `#include <assert.h>
int g = 0;
static void __attribute__ ((__constructor__ (101))) init(void) { g = 7; }
int main(void) { int x = g; assert(x != 7); return 0; }
`, true, "constructor@3"},
	{"destructor", `#include <assert.h>
int g = 0;
static void __attribute__ ((__destructor__)) fin(void) { assert(g == 0); }
int main(void) { g = 1; return 0; }
`, true, "destructor@3"},
	{"atexit", `#include <assert.h>
#include <stdlib.h>
int done = 0;
static void bye(void) { assert(done == 0); }
int main(void) { atexit(bye); done = 1; return 0; }
`, true, "exit handler@5"},
	{"on_exit", `#include <assert.h>
#include <stdlib.h>
static int seen = -1;
static void bye(int status, void *arg) { assert(status == 0); }
int main(void) { on_exit(bye, 0); exit(3); }
`, true, "exit handler@5"},
	{"qsort", `#include <assert.h>
#include <stdlib.h>
int calls = 0;
static int cmp(const void *a, const void *b) { calls++; return *(const int *)a - *(const int *)b; }
int main(void) { int v[3] = {3, 1, 2}; qsort(v, 3, sizeof v[0], cmp); assert(calls == 0); return 0; }
`, true, "callback@5"},
	{"bsearch", `#include <assert.h>
#include <stdlib.h>
int calls = 0;
static int cmp(const void *a, const void *b) { calls++; return *(const int *)a - *(const int *)b; }
int main(void) {
    int v[3] = {1, 2, 3}, key = 2;
    int *r = bsearch(&key, v, 3, sizeof v[0], cmp);
    assert(r == 0 || calls == 0);
    return 0;
}
`, true, "callback@7"},
	{"errno strtol", `#include <assert.h>
#include <errno.h>
#include <stdlib.h>
int main(void) { errno = 0; long v = strtol("99999999999999999999999", 0, 10); assert(errno == 0); return (int)(v & 1); }
`, true, "errno@4"},
	{"errno strtod", `#include <assert.h>
#include <errno.h>
#include <stdlib.h>
int main(void) {
    errno = 0;
    double d = strtod("1e999", 0);
    int e = errno;
    assert(e != ERANGE);
    return d > 0;
}
`, true, "errno@7"},
	{"NDEBUG", `#define NDEBUG
#include <assert.h>
int main(void) { int x = 1; assert(x == 2); return 0; }
`, false, "NDEBUG@1"},
	{"assert defined away", `#include <assert.h>
#undef assert
#define assert(c) ((void)0)
int main(void) { int x = 1; assert(x == 2); return 0; }
`, false, "assert macro@3"},
}

// Each program of unmodelled is compiled with gcc and run, which settles
// its truth: the assertion fails on the run, or (asserts compiled out) the
// run checks none and ends normally. Then VerifyAll with each real engine
// alone must make no fact of the assertion (neither VERIFIED nor
// C-VERIFIED), name the construct and its line among the hazards, and,
// where the program checks no assertion, give no FALSIFIED either.
func TestUnmodelledNoFacts(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	if testing.Short() {
		t.Skip("runs ESBMC and the native engine")
	}
	ctx := context.Background()
	var engines []bmc.Checker
	if e := esbmc.New(nil); e.Available(ctx) == nil {
		engines = append(engines, e)
	} else {
		t.Log("esbmc not found: the native engine alone")
	}
	if len(smt.Installed("cvc5", "bitwuzla", "z3")) > 0 {
		n := native.New(nil)
		defer n.Close()
		engines = append(engines, n)
	} else {
		t.Log("no solver for the native engine (cvc5, bitwuzla, z3)")
	}
	if len(engines) == 0 {
		t.Skip("needs esbmc, or cvc5, bitwuzla or z3 for the native engine")
	}
	for _, pr := range unmodelled {
		t.Run(pr.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "prog.c")
			if err := os.WriteFile(file, []byte(pr.src), 0o644); err != nil {
				t.Fatal(err)
			}
			failed, out := runWithGCC(t, dir)
			if failed != pr.fails {
				t.Fatalf("the run of the program failed the assertion: %v, want %v\n%s", failed, pr.fails, out)
			}
			p, err := bmc.ParseProgram(file, []byte(pr.src))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range engines {
				rep, err := bmc.VerifyAll(ctx, p, e, &bmc.Options{Timeout: time.Minute})
				if err != nil {
					t.Fatalf("%s: %v", e.Name(), err)
				}
				named := false
				for _, h := range rep.Hazards {
					named = named || h.Construct+"@"+itoa(h.Line) == pr.hazard
				}
				if !named {
					t.Errorf("%s: hazards %v, want %s", e.Name(), rep.Hazards, pr.hazard)
				}
				for _, f := range rep.Facts {
					if f.Status.Fact() {
						t.Errorf("%s: %s %s (%s), but the run of the program fails it", e.Name(), f.Label(), f.Status, f.Reason)
					}
					if !pr.fails && f.Status == bmc.VerdictFalsified {
						t.Errorf("%s: %s FALSIFIED, but the program as compiled checks no assertion", e.Name(), f.Label())
					}
					t.Logf("%s: %s %s: %s", e.Name(), f.Label(), f.Status, f.Reason)
				}
			}
		})
	}
}

// runWithGCC builds dir/prog.c as a user would and runs it once: whether
// an assertion failed, and what the run printed.
func runWithGCC(t *testing.T, dir string) (bool, string) {
	t.Helper()
	ctx := context.Background()
	b, err := proc.Run(ctx, &proc.Cmd{Path: "gcc", Args: []string{"-std=gnu11", "-O0", "-o", "prog", "prog.c", "-lm", "-pthread"},
		Dir: dir, Timeout: time.Minute})
	if err != nil || b.ExitCode != 0 {
		t.Fatalf("gcc: %v %s", err, b.Stderr)
	}
	r, err := proc.Run(ctx, &proc.Cmd{Path: filepath.Join(dir, "prog"), Dir: dir, Timeout: 10 * time.Second})
	if err != nil && r == nil {
		t.Fatal(err)
	}
	if r.TimedOut {
		t.Fatal("the program ran out of time")
	}
	return r.ExitCode != 0 && strings.Contains(string(r.Stderr), "Assertion"), string(r.Stderr)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
