package native

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/bmctest"
)

// The soundness probes, small C programs each of whose assertions carries
// its truth settled by gcc, are the engines' conformance kit's
// (bmc/bmctest, testdata/probes; this engine's own under native/):
// TestConformance runs the kit on the engine, which must never contradict
// a truth (VERIFIED only where the assertion holds, FALSIFIED only where it
// fails and replayed; UNKNOWN is always acceptable), and checks the pins
// of the probes under native/. The probes of testdata/conventions,
// testdata/funcptr and testdata/induction, whose functions without a body
// only this package's truthHarness defines, are not the kit's; loadProbes
// reads them with the kit's parser and settles their truths with the
// kit's runs (bmctest.Probe.Violates, with Harness set); their format:
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
	inductionRE = regexp.MustCompile(`\binduction:\s*(proved-assuming-no-overflow|proved|unrolled|bounded)`)
	mmfRE       = regexp.MustCompile(`\bnative-mmf:\s*(VERIFIED|FALSIFIED|UNKNOWN)`)
)

type probe struct {
	file   string
	kit    *bmctest.Probe // the probe as the kit reads it: its runs settle the truths
	prog   *bmc.Program
	k      int
	broken string
	fails  []bool // per assertion: the recorded truth
	// induction, per assertion, pins what k-induction makes of it
	// (testdata/induction): "proved", "proved-assuming-no-overflow",
	// "unrolled" (complete without induction) or "bounded"; "" where not
	// pinned.
	induction []string
	native    []bmc.Status
	mmf       []bmc.Status // -1: not run with MallocMayFail
	// assumptions are those of the probe's last report
	// (runProbesPastBound), for pins that check them.
	assumptions []string
}

// loadProbes reads the probes of dir through the kit's parser
// (bmctest.ParseProbe: truths, runs, bound, broken assumption) and this
// package's pins.
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
		kp, err := bmctest.ParseProbe(strings.TrimSuffix(filepath.Base(f), ".c"), src)
		if err != nil {
			t.Fatal(err)
		}
		kp.Harness = truthHarness
		pr := &probe{file: f, kit: kp, prog: kp.Program, k: kp.Bound(0), broken: kp.Broken}
		lines := strings.Split(string(src), "\n")
		for _, a := range pr.prog.Asserts {
			l := lines[a.SrcLine-1]
			if !truthRE.MatchString(l) {
				t.Fatalf("%s:%d: assertion without its truth on its line", f, a.SrcLine)
			}
			pr.fails = append(pr.fails, kp.Truth(a) == bmctest.Fails)
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
		out = append(out, pr)
	}
	return out
}

// truthHarness defines, for the kit's truth runs (bmctest.Probe.Harness),
// the functions without a body of the probes of this package's
// conventions (nondet_int, sensor, ...): each reads the run's next value,
// as the engine's replay harness has them do.
const truthHarness = `#include <stdlib.h>
int __VERIFIER_nondet_int(void);
unsigned __VERIFIER_nondet_uint(void);
_Bool __VERIFIER_nondet_bool(void);
int nondet_int(void) { return __VERIFIER_nondet_int(); }
unsigned nondet_uint(void) { return __VERIFIER_nondet_uint(); }
_Bool nondet_bool(void) { return __VERIFIER_nondet_bool(); }
/* called without a declaration: the builds declare them as the verifiers read them */
char nondet_char(void) { return __VERIFIER_nondet_int(); }
double nondet_double(void) { return __VERIFIER_nondet_int() / 2.0; }
int sensor(void) { return __VERIFIER_nondet_int(); }
void log_event(void) {}
void __CPROVER_assume(int c) { if (!c) exit(0); }
void __ESBMC_assume(int c) { if (!c) exit(0); }
`

// settle runs the query of assertion i under gcc on every run of the
// probe (bmctest.Probe.Violates) and returns whether some run failed the
// assertion.
func (pr *probe) settle(ctx context.Context, t testing.TB, i int) bool {
	t.Helper()
	failed, err := pr.kit.Violates(ctx, &bmc.Query{Program: pr.prog, Target: i})
	if err != nil {
		t.Fatalf("the truth of a%d: %v", i+1, err)
	}
	return failed
}

// truthAgrees settles assertion i (settle) and reports whether the runs
// agree with its recorded truth; where they do not, it fails t, naming
// both.
func (pr *probe) truthAgrees(ctx context.Context, t testing.TB, i int) bool {
	t.Helper()
	failed := pr.settle(ctx, t, i)
	if failed != pr.fails[i] {
		t.Errorf("a%d (line %d): recorded truth fails=%v, but the runs under gcc say fails=%v", i+1, pr.prog.Asserts[i].SrcLine, pr.fails[i], failed)
	}
	return failed == pr.fails[i]
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
	plain, mmf := New(nil), New(&Options{MallocMayFail: true})
	for _, pr := range probes {
		t.Run(filepath.Base(pr.file), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			for i := range pr.prog.Asserts {
				if !pr.truthAgrees(ctx, t, i) {
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
		if !slices.Equal(r.Assumptions, uninitAssumed(r.Counterexample)) {
			t.Errorf("%s: FALSIFIED lists assumptions %q; a replayed run rests on none but the values it gave uninitialised locals", a.Label(), r.Assumptions)
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
		if !slices.Equal(r.Assumptions, uninitAssumed(r.Counterexample)) {
			t.Errorf("a%d (%s): FALSIFIED lists assumptions %q; a replayed run rests on none but the values it gave uninitialised locals", i+1, how, r.Assumptions)
		}
	}
	if want >= 0 && r.Status != want {
		t.Errorf("a%d (line %d, %s): native answers %v (%s), pinned %v", i+1, a.SrcLine, how, r.Status, r.Reason, want)
	}
	return r.Status
}
