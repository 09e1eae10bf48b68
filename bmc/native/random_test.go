package native

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/internal/proc"
)

// randomHarness defines the nondet functions and rand over a xorshift
// generator seeded from SURETY_SEED, mixing small numbers, boundary values
// and arbitrary bits.
const randomHarness = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
void __surety_fail(void) { fputs("SURETY-TARGET-VIOLATED\n", stderr); fflush(stderr); _exit(86); }
void __surety_infeasible(void) { _exit(87); }
static unsigned long long __s;
static unsigned long long __next(void) {
  if (!__s) { const char *e = getenv("SURETY_SEED"); __s = e ? strtoull(e, 0, 10) * 2654435761ULL + 1 : 1; }
  __s ^= __s << 13; __s ^= __s >> 7; __s ^= __s << 17; return __s;
}
static const long long __edge[] = {0, 1, -1, 2, 127, -128, 255, 32767, -32768, 2147483647LL, -2147483647LL - 1, 4294967295LL, 100, 1000};
static unsigned long long __surety_u(void) {
  unsigned long long r = __next();
  switch (r % 4) {
  case 0: return (unsigned long long)(long long)((long long)(r >> 8) % 21 - 10);
  case 1: return (unsigned long long)__edge[(r >> 8) % (sizeof __edge / sizeof __edge[0])];
  case 2: return (r >> 8) % 101;
  }
  return __next();
}
static double __surety_d(void) {
  unsigned long long r = __next();
  switch (r % 3) {
  case 0: return (double)((long long)(r >> 8) % 2001 - 1000) / 8.0;
  case 1: { double d; unsigned long long b = __next(); memcpy(&d, &b, sizeof d); return d; }
  }
  return (double)((r >> 8) % 100);
}
`

func randomDefs(src string, defined map[string]bool) string {
	var b strings.Builder
	b.WriteString(randomHarness)
	for n, t := range ctree.NondetTypes {
		fn := "__VERIFIER_nondet_" + n
		if !strings.Contains(src, fn) || defined[fn] {
			continue
		}
		ct := cTypeName(t)
		if t.IsFloat() {
			fmt.Fprintf(&b, "%s %s(void) { return (%s)__surety_d(); }\n", ct, fn, ct)
		} else {
			fmt.Fprintf(&b, "%s %s(void) { return (%s)__surety_u(); }\n", ct, fn, ct)
		}
	}
	if strings.Contains(src, "rand") && !defined["rand"] {
		b.WriteString("int rand(void) { return (int)(__next() % 2147483648ULL); }\n")
	}
	for _, fn := range []string{"__VERIFIER_assume", "assume"} {
		if strings.Contains(src, fn) && !defined[fn] {
			fmt.Fprintf(&b, "void %s(int c) { if (!c) __surety_infeasible(); }\n", fn)
		}
	}
	return b.String()
}

func randomStdin(r *rand.Rand) []byte {
	var b strings.Builder
	n := r.Intn(12)
	for i := 0; i < n; i++ {
		switch r.Intn(6) {
		case 0:
			fmt.Fprintf(&b, "%d", r.Intn(21)-10)
		case 1:
			fmt.Fprintf(&b, "%d", r.Int63()-r.Int63())
		case 2:
			fmt.Fprintf(&b, "%d", r.Intn(101))
		case 3:
			fmt.Fprintf(&b, "%g", r.Float64()*200-100)
		case 4:
			for j := r.Intn(5) + 1; j > 0; j-- {
				b.WriteByte(byte('a' + r.Intn(26)))
			}
		default:
			b.WriteByte(" \n\t#q"[r.Intn(5)])
		}
		b.WriteByte(" \n"[r.Intn(2)])
	}
	return []byte(b.String())
}

// TestRandomInputs compiles every assertion the engine proves with a
// complete bound (VERIFIED with BoundComplete: the fact holds on every
// execution) and runs it under gcc on random nondet values and random
// stdin: the assertion must never fail.
func TestRandomInputs(t *testing.T) {
	needTools(t)
	if testing.Short() {
		t.Skip("runs gcc hundreds of times")
	}
	chk := New(nil)
	runs := 25
	checked := 0
	for _, c := range loadDiff(t) {
		for i := range c.expect {
			q := &bmc.Query{Program: c.prog, Target: i, K: c.k, UnwindingAssertions: true}
			r, err := chk.Check(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != bmc.Verified || !r.BoundComplete {
				continue
			}
			checked++
			tr, err := chk.translate(context.Background(), c.prog, chk.options(c.k, 0))
			if err != nil {
				t.Fatal(err)
			}
			dir, remove, err := proc.TempDir("native-random")
			if err != nil {
				t.Fatal(err)
			}
			src := string(q.Render("__surety_assert", "__surety_assume"))
			prog := prelude + "#line 1 \"prog.c\"\n" + src
			os.WriteFile(filepath.Join(dir, "prog.c"), []byte(prog), 0o644)
			os.WriteFile(filepath.Join(dir, "harness.c"), []byte(randomDefs(src, tr.Defined)), 0o644)
			cr, err := proc.Run(context.Background(), &proc.Cmd{Path: "gcc", Dir: dir, Args: []string{"-std=gnu11", "-O0", "-w", "-o", "prog", "prog.c", "harness.c", "-lm"}})
			if err != nil || cr.ExitCode != 0 {
				remove()
				t.Fatalf("%s: gcc: %v %s", c.file, err, cr.Stderr)
			}
			rnd := rand.New(rand.NewSource(int64(i + 1)))
			for k := 0; k < runs; k++ {
				rr, err := proc.Run(context.Background(), &proc.Cmd{Path: filepath.Join(dir, "prog"), Dir: dir,
					Env: []string{fmt.Sprintf("SURETY_SEED=%d", k+1)}, Stdin: randomStdin(rnd), Timeout: 5 * time.Second})
				if err != nil && rr == nil {
					t.Fatal(err)
				}
				if rr.ExitCode == exitViolated {
					t.Errorf("%s a%d: VERIFIED (bound complete) but a random run failed it (seed %d)", c.file, i+1, k+1)
					break
				}
			}
			remove()
		}
	}
	if checked < 20 {
		t.Errorf("only %d bound-complete assertions checked", checked)
	}
	t.Logf("%d bound-complete assertions, %d random runs each", checked, runs)
}
