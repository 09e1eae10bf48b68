package native

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/bmctest"
	"github.com/suretydev/surety/internal/proc"
)

// The soundness probes, small C programs each of whose assertions carries
// its truth settled by gcc, are the engines' conformance kit's
// (bmc/bmctest, testdata/probes; this engine's own under native/):
// TestConformance runs the kit on the engine, which must never contradict
// a truth (VERIFIED only where the assertion holds, FALSIFIED only where it
// fails and replayed; UNKNOWN is always acceptable), and checks the pins
// of the probes under native/. The probes of testdata/conventions,
// testdata/funcptr and testdata/induction, whose functions without a body
// only this harness defines, keep this package's loader; their format:
//
//	// run: 5 -3 stdin "ab\x00"   one run: the values the nondet functions
//	                              return, in order, and the stdin text (a Go
//	                              string literal); several lines, several
//	                              runs; none, one run without input
//	// k: 3                       the bound (default 5)
//	// broken: <words>            the probe fails only through a behaviour
//	                              the engine assumes away: a VERIFIED answer
//	                              is accepted when it lists these words
//
// and each assertion's line ends with
//
//	// truth: holds|fails; native: VERIFIED|FALSIFIED|UNKNOWN; native-mmf: ...
//
// where truth holds means no run fails the assertion (the probe's runs
// must then cover its inputs: most probes have none, or constrain them to
// what the runs try), fails means some run does; native pins the engine's
// answer with the default options and native-mmf with MallocMayFail, so
// that a change of answer is seen (an answer may move between UNKNOWN and
// the truth; the pin is then updated, never to the wrong side).

var (
	truthRE     = regexp.MustCompile(`//.*\btruth:\s*(holds|fails)`)
	nativeRE    = regexp.MustCompile(`\bnative:\s*(VERIFIED|FALSIFIED|UNKNOWN)`)
	inductionRE = regexp.MustCompile(`\binduction:\s*(proved|bounded)`)
	mmfRE       = regexp.MustCompile(`\bnative-mmf:\s*(VERIFIED|FALSIFIED|UNKNOWN)`)
	runRE       = regexp.MustCompile(`(?m)^//\s*run:(.*)$`)
	brokenRE    = regexp.MustCompile(`(?m)^//\s*broken:\s*(.*\S)\s*$`)
	// glibc's message: "prog: probe.c:12: main: Assertion `x' failed."
	failRE = regexp.MustCompile(`\.c:(\d+): [^\n]*Assertion [^\n]* failed`)
)

type probeRun struct {
	nondet string
	stdin  string
}

type probe struct {
	file   string
	prog   *bmc.Program
	runs   []probeRun
	k      int
	broken string
	fails  []bool // per assertion: the recorded truth
	// induction, per assertion, pins what k-induction makes of it
	// (testdata/induction): "proved" or "bounded"; "" where not pinned.
	induction []string
	native    []bmc.Status
	mmf       []bmc.Status // -1: not run with MallocMayFail
}

func loadProbes(t testing.TB, dir string) []*probe {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.c"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no soundness probes: %v", err)
	}
	var out []*probe
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := bmc.ParseProgram(filepath.Base(f), src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		pr := &probe{file: f, prog: p, k: 5}
		if m := kRE.FindStringSubmatch(string(src)); m != nil {
			pr.k = atoiMust(m[1])
		}
		if m := brokenRE.FindStringSubmatch(string(src)); m != nil {
			pr.broken = m[1]
		}
		for _, m := range runRE.FindAllStringSubmatch(string(src), -1) {
			r, err := parseRun(m[1])
			if err != nil {
				t.Fatalf("%s: run %q: %v", f, m[1], err)
			}
			pr.runs = append(pr.runs, r)
		}
		if len(pr.runs) == 0 {
			pr.runs = []probeRun{{}}
		}
		lines := strings.Split(string(src), "\n")
		for _, a := range p.Asserts {
			l := lines[a.SrcLine-1]
			m := truthRE.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("%s:%d: assertion without its truth", f, a.SrcLine)
			}
			pr.fails = append(pr.fails, m[1] == "fails")
			ind := ""
			if m := inductionRE.FindStringSubmatch(l); m != nil {
				ind = m[1]
			}
			pr.induction = append(pr.induction, ind)
			var st, mst bmc.Status = -1, -1
			if m := nativeRE.FindStringSubmatch(l); m != nil {
				_ = st.UnmarshalText([]byte(m[1]))
			}
			if m := mmfRE.FindStringSubmatch(l); m != nil {
				_ = mst.UnmarshalText([]byte(m[1]))
			}
			pr.native = append(pr.native, st)
			pr.mmf = append(pr.mmf, mst)
		}
		if len(p.Asserts) == 0 {
			t.Fatalf("%s: no assertions", f)
		}
		out = append(out, pr)
	}
	return out
}

// parseRun reads `5 -3 stdin "ab\x00"`.
func parseRun(s string) (probeRun, error) {
	var r probeRun
	vals, in, ok := strings.Cut(s, "stdin")
	r.nondet = strings.Join(strings.Fields(vals), " ")
	if ok {
		q, err := strconv.Unquote(strings.TrimSpace(in))
		if err != nil {
			return r, err
		}
		r.stdin = q
	}
	return r, nil
}

// truthHarness gives a probe's run its input, independently of the
// engine's replay harness: the nondet functions read PROBE_NONDET, one
// number each; the SV-COMP functions the probe does not define itself
// (weak definitions) abort or end the run. The functions without a body
// of the probes of that convention (nondet_int, sensor, ...) read the
// numbers too, as the engine's replay harness has them do.
const truthHarness = `#include <stdio.h>
#include <stdlib.h>
static const char *probe_next;
static int probe_started;
static const char *probe_tok(void) {
  if (!probe_started) { probe_next = getenv("PROBE_NONDET"); probe_started = 1; }
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
#define PROBE_INT(T, N) __attribute__((weak)) T N(void) { return (T)probe_u(); }
PROBE_INT(int, __VERIFIER_nondet_int)
PROBE_INT(unsigned, __VERIFIER_nondet_uint)
PROBE_INT(long, __VERIFIER_nondet_long)
PROBE_INT(unsigned long, __VERIFIER_nondet_ulong)
PROBE_INT(char, __VERIFIER_nondet_char)
PROBE_INT(unsigned char, __VERIFIER_nondet_uchar)
PROBE_INT(short, __VERIFIER_nondet_short)
PROBE_INT(unsigned short, __VERIFIER_nondet_ushort)
PROBE_INT(_Bool, __VERIFIER_nondet_bool)
__attribute__((weak)) double __VERIFIER_nondet_double(void) { return probe_d(); }
__attribute__((weak)) float __VERIFIER_nondet_float(void) { return (float)probe_d(); }
PROBE_INT(int, nondet_int)
PROBE_INT(unsigned, nondet_uint)
PROBE_INT(_Bool, nondet_bool)
PROBE_INT(int, nondet_char) /* called without a declaration: gcc's int */
PROBE_INT(int, sensor)
__attribute__((weak)) void log_event(void) {}
__attribute__((weak)) void __VERIFIER_assume(int c) { if (!c) exit(0); }
__attribute__((weak)) void __CPROVER_assume(int c) { if (!c) exit(0); }
__attribute__((weak)) void __ESBMC_assume(int c) { if (!c) exit(0); }
__attribute__((weak)) void reach_error(void) { abort(); }
__attribute__((weak)) void __VERIFIER_error(void) { abort(); }
`

// settle compiles the query of assertion i under gcc and runs it on every
// run of the probe; it returns whether some run failed the assertion, and
// a description of the runs.
func (pr *probe) settle(ctx context.Context, t testing.TB, dir string, i int) (bool, string) {
	q := &bmc.Query{Program: pr.prog, Target: i}
	name := strings.TrimSuffix(filepath.Base(pr.file), ".c") + fmt.Sprintf("_a%d", i+1)
	sub := filepath.Join(dir, name)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "probe.c"), q.Render("assert", "__VERIFIER_assume"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "harness.c"), []byte(truthHarness), 0o644); err != nil {
		t.Fatal(err)
	}
	cr, err := proc.Run(ctx, &proc.Cmd{Path: "gcc", Dir: sub, Timeout: 60 * time.Second,
		Args: []string{"-std=gnu11", "-O0", "-w", "-o", "probe", "probe.c", "harness.c", "-lm"}})
	if err != nil || cr.ExitCode != 0 {
		t.Fatalf("gcc on the query of a%d: %v %s", i+1, err, cr.Stderr)
	}
	line := pr.prog.Asserts[i].SrcLine
	var notes []string
	failed := false
	for _, r := range pr.runs {
		rr, err := proc.Run(ctx, &proc.Cmd{Path: filepath.Join(sub, "probe"), Dir: sub, Stdin: []byte(r.stdin),
			Env: []string{"PROBE_NONDET=" + r.nondet}, Timeout: 10 * time.Second, MaxOutput: 1 << 16})
		if err != nil && rr == nil {
			t.Fatalf("run %+v: %v", r, err)
		}
		hit := false
		for _, m := range failRE.FindAllStringSubmatch(string(rr.Stderr), -1) {
			if atoiMust(m[1]) == line {
				hit = true
			}
		}
		failed = failed || hit
		notes = append(notes, fmt.Sprintf("run [%s] stdin %q: exit %d, failed=%v", r.nondet, r.stdin, rr.ExitCode, hit))
	}
	return failed, strings.Join(notes, "; ")
}

// TestSoundness settles the truth of every probe of testdata/conventions
// under gcc and checks the native engine's answers against it and its
// pins; see the comment above.
func TestSoundness(t *testing.T) {
	needTools(t)
	// testdata/conventions holds probes of what issue 31 added (the
	// preprocessor, functions without a body, CBMC's and ESBMC's assume,
	// <math.h>'s classification, variable-length arrays, loops by goto):
	// their functions without a body are defined by this harness only,
	// not by the conformance kit's.
	probes := loadProbes(t, "testdata/conventions")
	dir := t.TempDir()
	plain, mmf := New(nil), New(&Options{MallocMayFail: true})
	for _, pr := range probes {
		t.Run(filepath.Base(pr.file), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			for i, a := range pr.prog.Asserts {
				failed, runs := pr.settle(ctx, t, dir, i)
				if failed != pr.fails[i] {
					t.Errorf("a%d (line %d): recorded truth fails=%v, but gcc: %s", i+1, a.SrcLine, pr.fails[i], runs)
					continue
				}
				pr.judge(t, plain, i, pr.native[i], "default options")
				if pr.mmf[i] >= 0 {
					pr.judge(t, mmf, i, pr.mmf[i], "MallocMayFail")
				}
			}
		})
	}
}

// TestConformance runs the conformance kit on the engine, with the
// default options on every probe and with MallocMayFail on the probes
// that pin its answer, and checks the pins of the probes under native/
// and what this engine promises beyond the kit: sorted assumptions, and
// a FALSIFIED answer replayed by the engine itself, with a counterexample
// and no assumptions.
func TestConformance(t *testing.T) {
	needTools(t)
	for _, c := range []struct {
		name string
		opts *Options
		pin  *regexp.Regexp
	}{
		{"default", nil, nativeRE},
		{"malloc-may-fail", &Options{MallocMayFail: true}, mmfRE},
	} {
		t.Run(c.name, func(t *testing.T) {
			chk := New(c.opts)
			t.Cleanup(func() { chk.Close() })
			opts := &bmctest.Options{Observe: func(t *testing.T, p *bmctest.Probe, q *bmc.Query, r *bmc.Result) {
				pinned(t, p, q, r, c.pin)
			}}
			if c.opts != nil {
				opts.Filter = func(p *bmctest.Probe) bool { return c.pin.Match(p.Src) }
			}
			bmctest.TestChecker(t, chk, opts)
		})
	}
}

// pinned checks r, the engine's answer to q, a query of p, against the
// answer pin pins on the assertion's line, if any, and what the engine
// promises of every answer.
func pinned(t *testing.T, p *bmctest.Probe, q *bmc.Query, r *bmc.Result, pin *regexp.Regexp) {
	t.Helper()
	a := p.Program.Asserts[q.Target]
	if !slices.IsSorted(r.Assumptions) {
		t.Errorf("%s: assumptions not sorted: %q", a.Label(), r.Assumptions)
	}
	if r.Status == bmc.Falsified {
		if !r.Replayed || r.Counterexample == nil {
			t.Errorf("%s: FALSIFIED without a replayed counterexample", a.Label())
		}
		if len(r.Assumptions) != 0 {
			t.Errorf("%s: FALSIFIED lists assumptions %q; a replayed run rests on none", a.Label(), r.Assumptions)
		}
	}
	lines := strings.Split(string(p.Src), "\n")
	m := pin.FindStringSubmatch(lines[a.SrcLine-1])
	if m == nil {
		return
	}
	var want bmc.Status
	if err := want.UnmarshalText([]byte(m[1])); err != nil {
		t.Fatal(err)
	}
	if r.Status != want {
		t.Errorf("%s (line %d): native answers %v (%s), pinned %v", a.Label(), a.SrcLine, r.Status, r.Reason, want)
	}
}

// judge checks the engine's answer to assertion i against its truth and
// the pinned answer want (-1: none), and returns the answer.
func (pr *probe) judge(t *testing.T, chk *Checker, i int, want bmc.Status, how string) bmc.Status {
	t.Helper()
	a := pr.prog.Asserts[i]
	r, err := chk.Check(context.Background(), &bmc.Query{Program: pr.prog, Target: i, K: pr.k})
	if err != nil {
		t.Fatalf("a%d (%s): %v", i+1, how, err)
	}
	switch r.Status {
	case bmc.Verified:
		if pr.fails[i] && !(pr.broken != "" && slices.Contains(r.Assumptions, pr.broken)) {
			t.Errorf("a%d (line %d, %s): VERIFIED (assumptions %q), but the assertion fails under gcc", i+1, a.SrcLine, how, r.Assumptions)
		}
		if !slices.IsSorted(r.Assumptions) {
			t.Errorf("a%d: assumptions not sorted: %q", i+1, r.Assumptions)
		}
	case bmc.Falsified:
		if !pr.fails[i] {
			t.Errorf("a%d (line %d, %s): FALSIFIED, but the assertion holds under gcc", i+1, a.SrcLine, how)
		}
		if !r.Replayed || r.Counterexample == nil {
			t.Errorf("a%d (%s): FALSIFIED without a replayed counterexample", i+1, how)
		}
		if len(r.Assumptions) != 0 {
			t.Errorf("a%d (%s): FALSIFIED lists assumptions %q; a replayed run rests on none", i+1, how, r.Assumptions)
		}
	}
	if want >= 0 && r.Status != want {
		t.Errorf("a%d (line %d, %s): native answers %v (%s), pinned %v", i+1, a.SrcLine, how, r.Status, r.Reason, want)
	}
	return r.Status
}
