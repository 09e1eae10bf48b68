package bmctest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/internal/verifier"
	"github.com/suretydev/surety/internal/proc"
)

// Exit status and marker of a compiled query whose target failed.
const (
	violatedExit   = 86
	violatedMarker = "BMCTEST-TARGET-VIOLATED"
)

// prelude comes before the rendered query: the target and assumptions
// call functions of the harness, so the probe's own headers and NDEBUG
// play no part.
const prelude = `void __bmctest_fail(void);
void __bmctest_infeasible(void);
#define __bmctest_assert(c) ((c) ? (void)0 : __bmctest_fail())
#define __bmctest_assume(c) ((c) ? (void)0 : __bmctest_infeasible())
`

// harness gives a run its input, independently of any engine's replay
// harness: the nondet functions read BMCTEST_NONDET, one number each (0
// past the last); the SV-COMP functions the probe does not define itself
// (the harness's are weak) abort or end the run. An assumption that fails
// ends the run at once (_Exit: no atexit handler runs), as an infeasible
// path.
var harness = harnessBase + nondetFuncs()

const harnessBase = `#include <stdio.h>
#include <stdlib.h>
void __bmctest_fail(void) { fputs("` + violatedMarker + `\n", stderr); fflush(stderr); _Exit(86); }
void __bmctest_infeasible(void) { _Exit(87); }
static const char *probe_next;
static int probe_started;
static const char *probe_tok(void) {
  if (!probe_started) { probe_next = getenv("BMCTEST_NONDET"); probe_started = 1; }
  if (!probe_next) return 0;
  while (*probe_next == ' ') probe_next++;
  return *probe_next ? probe_next : 0;
}
static unsigned long long probe_u(void) {
  const char *t = probe_tok(); char *end;
  if (!t) return 0;
  unsigned long long v = strtoull(t, &end, 0);
  probe_next = end;
  return v;
}
static double probe_d(void) {
  const char *t = probe_tok(); char *end;
  if (!t) return 0;
  double v = strtod(t, &end);
  probe_next = end;
  return v;
}
__attribute__((weak)) void __VERIFIER_assume(int c) { if (!c) _Exit(87); }
__attribute__((weak)) void reach_error(void) { abort(); }
__attribute__((weak)) void __VERIFIER_error(void) { abort(); }
`

// nondetFuncs defines every __VERIFIER_nondet_ function the verifiers'
// harnesses know (weak: a probe may define its own): each reads the next
// number.
func nondetFuncs() string {
	var b strings.Builder
	for _, suffix := range verifier.NondetSuffixes() {
		ct, _ := verifier.NondetCType(suffix)
		read := "probe_u()"
		if ct == "float" || ct == "double" {
			read = "probe_d()"
		}
		fmt.Fprintf(&b, "__attribute__((weak)) %s __VERIFIER_nondet_%s(void) { return (%s)%s; }\n", ct, suffix, ct, read)
	}
	return b.String()
}

// Violates compiles q, a query of the probe's program, with gcc (its
// target an assertion that fails with a marker, its assumptions exits of
// their own, its functions without a body defined by the kit's harness
// and the probe's Harness) and runs it on each of the probe's runs; it
// reports whether a run failed the target. An error means the query could
// not be built or run (gcc missing, a program gcc rejects, ctx ended).
func (p *Probe) Violates(ctx context.Context, q *bmc.Query) (bool, error) {
	dir, remove, err := proc.TempDir("bmctest")
	if err != nil {
		return false, err
	}
	defer remove()
	prog := prelude + fmt.Sprintf("#line 1 %q\n", filepath.Base(q.Program.File)) +
		string(q.Render("__bmctest_assert", "__bmctest_assume"))
	if err := os.WriteFile(filepath.Join(dir, "probe.c"), []byte(prog), 0o644); err != nil {
		return false, err
	}
	if err := os.WriteFile(filepath.Join(dir, "harness.c"), []byte(harness), 0o644); err != nil {
		return false, err
	}
	args := []string{"-std=gnu11", "-O0", "-w", "-fno-strict-aliasing", "-o", "probe", "probe.c", "harness.c", "-lm"}
	if p.Harness != "" {
		if err := os.WriteFile(filepath.Join(dir, "probe_harness.c"), []byte(p.Harness), 0o644); err != nil {
			return false, err
		}
		args = append(args, "probe_harness.c")
	}
	args = append(args, q.Program.BuildFlags()...)
	cr, err := proc.Run(ctx, &proc.Cmd{Path: "gcc", Args: args, Dir: dir, Timeout: 60 * time.Second, MaxOutput: 1 << 16})
	if err != nil {
		return false, fmt.Errorf("bmctest: %s: gcc: %w", p.Name, err)
	}
	if cr.ExitCode != 0 {
		return false, fmt.Errorf("bmctest: %s: gcc failed: %s", p.Name, firstLines(string(cr.Stderr), 5))
	}
	for _, r := range p.Runs {
		rr, err := proc.Run(ctx, &proc.Cmd{Path: filepath.Join(dir, "probe"), Dir: dir, Stdin: []byte(r.Stdin),
			Env: []string{"BMCTEST_NONDET=" + strings.Join(r.Nondet, " ")}, Timeout: 10 * time.Second, MaxOutput: 1 << 16})
		if err != nil && rr == nil {
			return false, fmt.Errorf("bmctest: %s: run %+v: %w", p.Name, r, err)
		}
		if rr.ExitCode == violatedExit && strings.Contains(string(rr.Stderr), violatedMarker) {
			return true, nil
		}
	}
	return false, nil
}

// CheckTruth settles the truth of each assertion that holds or fails by
// Violates on its standalone query, and returns an error naming the first
// one whose runs say otherwise (or that could not be run).
func (p *Probe) CheckTruth(ctx context.Context) error {
	for _, a := range p.Program.Asserts {
		t := p.Truth(a)
		if t != Holds && t != Fails {
			continue
		}
		v, err := p.Violates(ctx, &bmc.Query{Program: p.Program, Target: a.Index})
		switch {
		case err != nil:
			return err
		case t == Fails && !v:
			return fmt.Errorf("bmctest: %s: %s (line %d) says fails, and no run given fails it", p.Name, a.Label(), a.SrcLine)
		case t == Holds && v:
			return fmt.Errorf("bmctest: %s: %s (line %d) says holds, and a run given fails it", p.Name, a.Label(), a.SrcLine)
		}
	}
	return nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
