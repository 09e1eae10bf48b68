package native

import (
	"context"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/internal/proc"
)

// Exit statuses of a replayed program.
const (
	exitViolated   = 86 // the target assertion failed
	exitInfeasible = 87 // an assumption failed: the run left the model's path
	targetMarker   = "SURETY-TARGET-VIOLATED"
)

// prelude goes before the rendered program; a #line directive keeps the
// program's own line numbers.
const prelude = `void __surety_fail(void);
void __surety_infeasible(void);
#define __surety_assert(c) ((c) ? (void)0 : __surety_fail())
#define __surety_assume(c) ((c) ? (void)0 : __surety_infeasible())
`

// mallocShim goes before the program when allocations may fail
// (Options.MallocMayFail): its malloc and calloc calls go to the
// harness's shims, which fail when the counterexample says so.
const mallocShim = `void *__surety_malloc(unsigned long);
void *__surety_calloc(unsigned long, unsigned long);
#define malloc __surety_malloc
#define calloc __surety_calloc
`

// replayPrelude is what goes before the rendered program src.
func replayPrelude(tr *symex.Translation, src []byte) string {
	if tr.Opts.MallocMayFail && usesAlloc(src) {
		return prelude + mallocShim
	}
	return prelude
}

func usesAlloc(src []byte) bool {
	return strings.Contains(string(src), "malloc") || strings.Contains(string(src), "calloc")
}

// harness builds the C file that defines the replay's nondet functions,
// the allocation shims and the failure hooks. The values are consumed in
// the order the model's run took them: nondet functions (and the
// program's functions without a body, bodiless), and, when
// allocations may fail, one per malloc or calloc (non-zero: it fails).
// rand is never replaced: a replayed run uses the C library's own.
func harness(d *symex.CexData, used func(string) bool, defined map[string]bool, bodiless map[string]*ctree.BodilessFunc, mallocMayFail bool) string {
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n")
	b.WriteString("static unsigned __surety_past;\n")
	b.WriteString("void __surety_fail(void) { fprintf(stderr, \"" + targetMarker + " %u\\n\", __surety_past); fflush(stderr); _exit(86); }\n")
	b.WriteString("void __surety_infeasible(void) { _exit(87); }\n")
	b.WriteString("static const struct { unsigned long long u; double d; } __surety_v[] = {\n")
	for _, v := range d.Nondet {
		if v.T.IsFloat() {
			var lit string
			switch {
			case math.IsNaN(v.F):
				lit = "__builtin_nan(\"\")"
			case math.IsInf(v.F, 1):
				lit = "__builtin_inf()"
			case math.IsInf(v.F, -1):
				lit = "-__builtin_inf()"
			default:
				lit = fmt.Sprintf("%x", v.F) // hexadecimal: exact
				if !strings.Contains(lit, "p") {
					lit = fmt.Sprintf("%v", v.F)
				}
			}
			fmt.Fprintf(&b, "  {0ULL, %s},\n", lit)
		} else {
			fmt.Fprintf(&b, "  {%sULL, 0},\n", ctree.WrapInt(v.Int, ctree.TULLong).String())
		}
	}
	b.WriteString("  {0ULL, 0}\n};\nstatic unsigned __surety_i;\n")
	fmt.Fprintf(&b, "static unsigned __surety_n = %d;\n", len(d.Nondet))
	// Past the model's values every input is 0, counted: a run that goes
	// deeper than the model's bound takes inputs the model never chose.
	b.WriteString("static unsigned long long __surety_u(void) { if (__surety_i < __surety_n) return __surety_v[__surety_i++].u; __surety_past++; return 0; }\n")
	b.WriteString("static double __surety_d(void) { if (__surety_i < __surety_n) return __surety_v[__surety_i++].d; __surety_past++; return 0; }\n")
	var names []string
	for n := range ctree.NondetTypes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fn := "__VERIFIER_nondet_" + n
		if !used(fn) || defined[fn] {
			continue
		}
		t := ctree.NondetTypes[n]
		ct := cTypeName(t)
		if t.IsFloat() {
			fmt.Fprintf(&b, "%s %s(void) { return (%s)__surety_d(); }\n", ct, fn, ct)
		} else {
			fmt.Fprintf(&b, "%s %s(void) { return (%s)__surety_u(); }\n", ct, fn, ct)
		}
	}
	// The program's functions without a body return the model's values
	// too, in the type the model gave their calls.
	for _, fn := range slices.Sorted(maps.Keys(bodiless)) {
		t := bodiless[fn].T
		switch {
		case t.Kind == ctree.KVoid:
			fmt.Fprintf(&b, "void %s() {}\n", fn)
		case t.IsFloat():
			fmt.Fprintf(&b, "%s %s() { return (%s)__surety_d(); }\n", cTypeName(t), fn, cTypeName(t))
		default:
			fmt.Fprintf(&b, "%s %s() { return (%s)__surety_u(); }\n", cTypeName(t), fn, cTypeName(t))
		}
	}
	if mallocMayFail && (used("malloc") || used("calloc")) {
		b.WriteString("void *__surety_malloc(unsigned long n) { return __surety_u() ? 0 : malloc(n); }\n")
		b.WriteString("void *__surety_calloc(unsigned long n, unsigned long m) { return __surety_u() ? 0 : calloc(n, m); }\n")
	}
	for _, fn := range []string{"__VERIFIER_assume", "assume"} {
		if used(fn) && !defined[fn] {
			fmt.Fprintf(&b, "void %s(int c) { if (!c) __surety_infeasible(); }\n", fn)
		}
	}
	// CBMC's and ESBMC's take a _Bool, whose caller sets only the low
	// byte (x86-64 psABI): a run goes on only where that byte is not 0,
	// so that an int argument whose low byte is 0 ends it (a lost replay,
	// never a run the model excludes).
	for _, fn := range []string{"__CPROVER_assume", "__ESBMC_assume"} {
		if used(fn) && !defined[fn] {
			fmt.Fprintf(&b, "void %s(int c) { if (!(c & 0xff)) __surety_infeasible(); }\n", fn)
		}
	}
	for _, fn := range []string{"reach_error", "__VERIFIER_error"} {
		if used(fn) && !defined[fn] {
			fmt.Fprintf(&b, "void %s(void) { abort(); }\n", fn)
		}
	}
	return b.String()
}

func cTypeName(t *ctree.Type) string {
	if t.Bool {
		return "_Bool"
	}
	return t.Name
}

// replay compiles the query's program with gcc, runs it on the
// counterexample and reports whether the target assertion failed, and
// after how many inputs past the counterexample's (each 0).
func (c *Checker) replay(ctx context.Context, q *bmc.Query, tr *symex.Translation, d *symex.CexData, flags ...string) (ok bool, past int, why string) {
	return c.replayWithin(ctx, 0, q, tr, d, flags...)
}

// replayWithin is replay with the run limited to timeout (0: the
// checker's ReplayTimeout).
func (c *Checker) replayWithin(ctx context.Context, timeout time.Duration, q *bmc.Query, tr *symex.Translation, d *symex.CexData, flags ...string) (ok bool, past int, why string) {
	rr, why := c.runReplayUnder(ctx, replayRun{timeout: timeout}, q.Program, q.Render("__surety_assert", "__surety_assume"), tr, d, "", "", flags...)
	if rr == nil {
		return false, 0, why
	}
	if rr.ExitCode == exitViolated {
		if m := violatedRE.FindStringSubmatch(string(rr.Stderr)); m != nil {
			past, _ = strconv.Atoi(m[1])
			return true, past, ""
		}
	}
	return false, 0, exitWhy(rr)
}

// violatedRE reads the harness's report of a failed target: the marker
// and the number of inputs taken past the counterexample's.
var violatedRE = regexp.MustCompile(targetMarker + ` (\d+)`)

// runReplay compiles a rendered program (src, with the lines of p's file
// and compiled with p's flags: its directory for #include "...", -D, -I),
// with decls before it and extra C appended to the harness, and runs it on
// the counterexample's input. A nil result comes with the reason it could
// not run.
func (c *Checker) runReplay(ctx context.Context, p *bmc.Program, src []byte, tr *symex.Translation, d *symex.CexData, decls, extra string, more ...string) (*proc.Result, string) {
	return c.runReplayUnder(ctx, replayRun{}, p, src, tr, d, decls, extra, more...)
}

// A replayRun says how a replay's program is run: by the command wrap
// (its path and arguments before the program's), as valgrind runs it,
// and for how long (0: the checker's ReplayTimeout).
type replayRun struct {
	wrap    []string
	timeout time.Duration
}

// runReplayUnder is runReplay with the program run as how says.
func (c *Checker) runReplayUnder(ctx context.Context, how replayRun, p *bmc.Program, src []byte, tr *symex.Translation, d *symex.CexData, decls, extra string, more ...string) (*proc.Result, string) {
	cc := &gcc.Tool{Path: c.opts.GCC}
	if _, err := cc.LookPath(); err != nil {
		return nil, "gcc not found to replay it"
	}
	dir, remove, err := proc.TempDir("native-replay")
	if err != nil {
		return nil, err.Error()
	}
	defer remove()
	name := filepath.Base(p.File)
	if name == "" || name == "." {
		name = "program.c"
	}
	u := bmc.InitUninit(src, d.Cex.Inputs)
	prog := replayPrelude(tr, src) + decls + u.Decls + fmt.Sprintf("#line 1 %q\n", name) + string(u.Src)
	used := func(fn string) bool { return strings.Contains(string(src), fn) }
	h := harness(d, used, tr.Defined, tr.Bodiless, tr.Opts.MallocMayFail) + extra + u.Harness
	if err := os.WriteFile(filepath.Join(dir, "prog.c"), []byte(prog), 0o644); err != nil {
		return nil, err.Error()
	}
	if err := os.WriteFile(filepath.Join(dir, "harness.c"), []byte(h), 0o644); err != nil {
		return nil, err.Error()
	}
	flags := append([]string{"-std=gnu11", "-O0", "-w", "-fno-strict-aliasing", "-Wno-error=implicit-function-declaration",
		"-Wno-error=int-conversion", "-Wno-error=incompatible-pointer-types"}, p.BuildFlags()...)
	flags = append(flags, more...)
	cr, err := cc.Build(ctx, dir, "prog", []string{"prog.c", "harness.c", "-lm"}, flags...)
	if err != nil {
		return nil, "gcc: " + err.Error()
	}
	if !cr.OK {
		msg := strings.TrimSpace(cr.Diagnostics)
		if len(msg) > 300 {
			msg = msg[:300]
		}
		return nil, "gcc failed: " + msg
	}
	rt := c.opts.ReplayTimeout
	if rt <= 0 {
		rt = 10 * time.Second
	}
	if how.timeout > 0 {
		rt = min(rt, how.timeout)
	}
	wrap := how.wrap
	cmd := &proc.Cmd{Path: filepath.Join(dir, "prog"), Dir: dir, Stdin: []byte(d.Cex.Stdin), Timeout: rt,
		MaxOutput: 1 << 20, Limits: proc.Limits{CPUSeconds: uint64(rt/time.Second) + 1, MemoryBytes: 1 << 30}}
	if len(wrap) > 0 {
		cmd.Args = append(append(wrap[1:len(wrap):len(wrap)], cmd.Path), cmd.Args...)
		cmd.Path = wrap[0]
		cmd.Limits.MemoryBytes = 4 << 30
	}
	rr, err := proc.Run(ctx, cmd)
	if err != nil && rr == nil {
		return nil, "run: " + err.Error()
	}
	return rr, ""
}

// exitWhy says how a replayed run ended, when it did not end as hoped.
func exitWhy(rr *proc.Result) string {
	switch {
	case rr.TimedOut:
		return "the program ran out of time"
	case rr.ExitCode == exitViolated && strings.Contains(string(rr.Stderr), targetMarker):
		return "the target assertion failed instead"
	case rr.ExitCode == exitInfeasible:
		return "an assumption failed on the replayed run"
	case rr.ExitCode < 0:
		return "the program was killed by " + rr.Signal
	}
	return fmt.Sprintf("the program exited with status %d without failing the assertion", rr.ExitCode)
}
