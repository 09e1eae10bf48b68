package selftest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/selftest/cgen"
)

// A Case is one generated program with its truth.
type Case struct {
	// Name identifies the program: "gen-SEED", "input-SEED" or
	// "csmith-SEED".
	Name string `json:"name"`
	// Source is the program with its assertions (assert from <assert.h>).
	Source []byte `json:"-"`
	// Asserts is the truth of each assertion, by bmc.Assertion.Index.
	Asserts []Truth `json:"asserts"`
	// Runs are the sequences of assertion evaluations of the runs: one
	// run for a program without input, one per input otherwise.
	Runs [][]Eval `json:"-"`
}

// Truth is what the run showed of one assertion.
type Truth struct {
	// Line is the assertion's physical line (1-based).
	Line int `json:"line"`
	// Pred is its predicate.
	Pred string `json:"pred"`
	// Reached: some evaluation happened. Fails: some evaluation was false.
	Reached bool `json:"reached"`
	Fails   bool `json:"fails"`
}

// An Eval is one evaluation of an assertion on the run.
type Eval struct {
	Index int  // bmc.Assertion.Index
	OK    bool // the predicate held
}

// Fails reports whether the program, run, fails some assertion (the
// expected verdict of its unreach-call task is then false).
func (c *Case) Fails() bool {
	for _, run := range c.Runs {
		for _, e := range run {
			if !e.OK {
				return true
			}
		}
	}
	return false
}

// FailsUnder reports whether assertion i fails on the run before any of
// the assertions in assumed fails, on some run: that run is then also a
// run of the program with those assumed, and it refutes a C-VERIFIED fact
// of i.
func (c *Case) FailsUnder(i int, assumed []int) bool {
	cut := make(map[int]bool, len(assumed))
	for _, a := range assumed {
		cut[a] = true
	}
	for _, run := range c.Runs {
		for _, e := range run {
			if e.OK {
				continue
			}
			if e.Index == i {
				return true
			}
			if cut[e.Index] {
				break
			}
		}
	}
	return false
}

// builder compiles and runs programs in a directory of its own.
type builder struct {
	dir     string
	include []string // -I directories
	flags   []string // more gcc flags
	timeout time.Duration
}

// errNoTruth reports a program whose truth could not be settled: it did
// not build, or did not end in time, or ended abnormally. Such a program
// is skipped, not judged.
var errNoTruth = errors.New("selftest: no truth")

// nondetDef defines the input function of a program that reads one
// (cgen.Options.Input), for its builds: the input comes from the
// environment.
const nondetDef = "\nint __VERIFIER_nondet_int(void) { return atoi(getenv(\"SURETY_SELFTEST_INPUT\")); }\n"

// readsInput says whether src reads an input.
func readsInput(src []byte) bool { return bytes.Contains(src, []byte("__VERIFIER_nondet_int")) }

// runAll builds src and runs it once, or, when it reads an input, once
// for each input 0..cgen.Inputs-1: the stdout of each run.
func (b *builder) runAll(ctx context.Context, name string, src []byte) ([][]byte, error) {
	if !readsInput(src) {
		out, err := b.run(ctx, name, src, nil)
		return [][]byte{out}, err
	}
	exe, err := b.build(ctx, name, append(append([]byte{}, src...), nondetDef...))
	if err != nil {
		return nil, err
	}
	var outs [][]byte
	for v := 0; v < cgen.Inputs; v++ {
		out, err := b.exec(ctx, exe, []string{fmt.Sprintf("SURETY_SELFTEST_INPUT=%d", v)})
		if err != nil {
			return nil, err
		}
		outs = append(outs, out)
	}
	return outs, nil
}

// run builds src with gcc and runs it, returning its stdout.
func (b *builder) run(ctx context.Context, name string, src []byte, env []string) ([]byte, error) {
	exe, err := b.build(ctx, name, src)
	if err != nil {
		return nil, err
	}
	return b.exec(ctx, exe, env)
}

// build compiles src into an executable in b.dir.
func (b *builder) build(ctx context.Context, name string, src []byte) (string, error) {
	c := filepath.Join(b.dir, name+".c")
	exe := filepath.Join(b.dir, name)
	if err := os.WriteFile(c, src, 0o644); err != nil {
		return "", err
	}
	args := []string{"-std=gnu11", "-O0", "-o", exe, c}
	if b.flags == nil {
		args = append(args, "-w")
	}
	for _, d := range b.include {
		args = append(args, "-I", d)
	}
	args = append(args, b.flags...)
	r, err := proc.Run(ctx, &proc.Cmd{Path: "gcc", Args: args, Timeout: time.Minute})
	if err != nil {
		return "", fmt.Errorf("selftest: gcc: %w", err)
	}
	if r.ExitCode != 0 {
		return "", fmt.Errorf("%w: gcc failed: %s", errNoTruth, firstLine(r.Stderr))
	}
	return exe, nil
}

// exec runs exe with env added to the environment, returning its stdout.
func (b *builder) exec(ctx context.Context, exe string, env []string) ([]byte, error) {
	t := b.timeout
	if t == 0 {
		t = time.Second
	}
	var full []string
	if env != nil {
		full = append(os.Environ(), env...)
	}
	r, err := proc.Run(ctx, &proc.Cmd{Path: exe, Env: full, Timeout: t, MaxOutput: 8 << 20})
	if r != nil && r.TimedOut {
		return nil, fmt.Errorf("%w: the run took more than %v", errNoTruth, t)
	}
	if err != nil {
		return nil, fmt.Errorf("selftest: run: %w", err)
	}
	if r.ExitCode != 0 || r.Truncated {
		return nil, fmt.Errorf("%w: the run exited %d (%s)", errNoTruth, r.ExitCode, r.Signal)
	}
	return r.Stdout, nil
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

// literal writes v as a C constant of the probe's kind.
func literal(v string, unsigned bool) string {
	if unsigned {
		u, _ := strconv.ParseUint(v, 10, 64)
		if u <= math.MaxUint32 {
			return v + "u"
		}
		return v + "ull"
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	switch {
	case n == math.MinInt64:
		return "(-9223372036854775807ll - 1)"
	case n < math.MinInt32 || n > math.MaxInt32:
		return v + "ll"
	case n == math.MinInt32:
		return "(-2147483647 - 1)"
	}
	return v
}

// probeLine is the probe build's statement for pr.
func probeLine(pr cgen.Probe) string {
	if pr.Unsigned {
		return fmt.Sprintf("printf(\"P %d %%llu\\n\", (unsigned long long)(%s));", pr.ID, pr.Expr)
	}
	return fmt.Sprintf("printf(\"P %d %%lld\\n\", (long long)(%s));", pr.ID, pr.Expr)
}

// traceDefine replaces the line "#include <assert.h>" in the trace build.
const traceDefine = `#define assert(c) printf("A %d %d\n", __LINE__, (c) ? 1 : 0)`

// maxAsserts is how many assertions a program gets at most.
const maxAsserts = 3

// settle runs p's probe build, places assertions from what it printed,
// and runs the result's trace build: the Case with its truth.
func settle(ctx context.Context, b *builder, name string, p *cgen.Program) (*Case, error) {
	outs, err := b.runAll(ctx, name+"-probe", p.Render(probeLine))
	if err != nil {
		return nil, err
	}
	seen := make([][]string, len(p.Probes))
	sc := bufio.NewScanner(bytes.NewReader(bytes.Join(outs, nil)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[0] != "P" {
			continue
		}
		id, err := strconv.Atoi(f[1])
		if err != nil || id < 0 || id >= len(seen) {
			continue
		}
		if len(seen[id]) < 2 && (len(seen[id]) == 0 || seen[id][0] != f[2]) {
			seen[id] = append(seen[id], f[2])
		}
	}
	// Choose the assertions: a random subset of the reached probes, a
	// mix of holding and failing ones.
	r := rand.New(rand.NewSource(p.Seed ^ 0x5e1f7e57))
	pred := make(map[int]string)
	order := r.Perm(len(p.Probes))
	for _, id := range order {
		if len(pred) == maxAsserts {
			break
		}
		pr := p.Probes[id]
		switch vs := seen[id]; {
		case len(vs) == 0:
			if r.Intn(4) == 0 {
				pred[id] = pr.Expr + " == 0" // never evaluated: holds
			}
		case len(vs) == 1 && r.Intn(2) == 0:
			pred[id] = fmt.Sprintf("%s == %s", pr.Expr, literal(vs[0], pr.Unsigned))
		default:
			pred[id] = fmt.Sprintf("%s != %s", pr.Expr, literal(vs[0], pr.Unsigned))
		}
	}
	if len(pred) == 0 {
		return nil, fmt.Errorf("%w: no probe to assert", errNoTruth)
	}
	src := p.Render(func(pr cgen.Probe) string {
		if s, ok := pred[pr.ID]; ok {
			return "assert(" + s + ");"
		}
		return ""
	})
	return trace(ctx, b, name, src)
}

// trace runs the trace build of src (a program whose second line is
// "#include <assert.h>") and returns the Case.
func trace(ctx context.Context, b *builder, name string, src []byte) (*Case, error) {
	lines := bytes.SplitN(src, []byte("\n"), 3)
	if len(lines) < 3 || string(lines[1]) != "#include <assert.h>" {
		return nil, fmt.Errorf("selftest: %s: line 2 is not #include <assert.h>", name)
	}
	tsrc := bytes.Join([][]byte{lines[0], []byte(traceDefine), lines[2]}, []byte("\n"))
	outs, err := b.runAll(ctx, name+"-trace", tsrc)
	if err != nil {
		return nil, err
	}
	prog, err := bmc.ParseProgram(name+".c", src)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errNoTruth, err)
	}
	c := &Case{Name: name, Source: src, Asserts: make([]Truth, len(prog.Asserts))}
	byLine := make(map[int]int)
	for i, a := range prog.Asserts {
		c.Asserts[i] = Truth{Line: a.SrcLine, Pred: a.Pred}
		byLine[a.SrcLine] = i
	}
	for _, out := range outs {
		var run []Eval
		sc := bufio.NewScanner(bytes.NewReader(out))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) != 3 || f[0] != "A" {
				continue
			}
			line, _ := strconv.Atoi(f[1])
			i, ok := byLine[line]
			if !ok {
				return nil, fmt.Errorf("%w: an evaluation at line %d, where no assertion was recognised", errNoTruth, line)
			}
			e := Eval{Index: i, OK: f[2] == "1"}
			run = append(run, e)
			c.Asserts[i].Reached = true
			c.Asserts[i].Fails = c.Asserts[i].Fails || !e.OK
		}
		c.Runs = append(c.Runs, run)
	}
	if len(c.Asserts) == 0 {
		return nil, fmt.Errorf("%w: no assertion recognised", errNoTruth)
	}
	return c, nil
}
