package bmc

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/bmc/internal/verifier"
	"github.com/suretydev/surety/internal/proc"
)

// ReplayOptions control Replay. The zero value is valid and a nil pointer
// means the defaults.
type ReplayOptions struct {
	// GCC is the compiler; "" means "gcc" on PATH.
	GCC string
	// Timeout limits the run of the compiled program; 0 means 10s.
	Timeout time.Duration
}

// A Replayed is the outcome of Replay.
type Replayed struct {
	// Reproduced is true when the compiled program, run on the
	// counterexample's inputs, failed the target assertion.
	Reproduced bool
	// Why says, when Reproduced is false, how the run went instead, or why
	// it could not run ("gcc not found", "no value for ...").
	Why string
}

// Exit statuses and marker of a replayed program.
const (
	replayViolated   = 86
	replayInfeasible = 87
	replayMarker     = "SURETY-TARGET-VIOLATED"
)

// Replay is the independent check of a FALSIFIED answer: it compiles the
// query's program (target as an assertion that exits with a marker,
// assumptions as exits that say the run left the engine's path) with gcc,
// supplies each nondeterministic function's values in the order the
// counterexample gives them, and each uninitialised local's (InitUninit),
// feeds its stdin, and runs it. An engine's
// claim is believed only when the run fails the target assertion.
//
// Inputs are matched by name, "FUNC#N" optionally followed by "(...)", as
// the adapters in this module write them: the N-th call of FUNC returns
// the value. The allocation functions malloc, calloc and realloc are
// inputs too, where an engine lets them fail: a null value ("NULL", "0")
// makes the N-th call of that function return NULL, any other value (a
// block, "a new block") lets it allocate, and so do the calls the
// counterexample does not name. The harness wraps them at link time
// (-Wl,--wrap), so that only the program's own calls are counted. A value
// for a function the harness cannot supply, or a run that ends otherwise,
// is not a reproduction; an error means Replay itself failed (ctx ended).
func Replay(ctx context.Context, q *Query, cex *Counterexample, opts *ReplayOptions) (*Replayed, error) {
	if opts == nil {
		opts = &ReplayOptions{}
	}
	if cex == nil {
		return &Replayed{Why: "the engine gave no counterexample"}, nil
	}
	cc := &gcc.Tool{Path: opts.GCC}
	if _, err := cc.LookPath(); err != nil {
		return &Replayed{Why: "gcc not found to replay it"}, nil
	}
	src := q.Render("__surety_assert", "__surety_assume")
	bodiless, err := q.Program.Bodiless(ctx)
	if err != nil {
		return nil, err
	}
	h, wrapped, why := replayHarness(q.Program, src, cex, bodiless)
	if why != "" {
		return &Replayed{Why: why}, nil
	}
	u := InitUninit(src, cex.Inputs)
	src, h = u.Src, h+u.Harness
	dir, remove, err := proc.TempDir("replay")
	if err != nil {
		return nil, err
	}
	defer remove()
	name := filepath.Base(q.Program.File)
	if name == "" || name == "." || name == "/" {
		name = "program.c"
	}
	prog := replayPrelude + u.Decls + fmt.Sprintf("#line 1 %q\n", name) + string(src)
	if err := os.WriteFile(filepath.Join(dir, "prog.c"), []byte(prog), 0o644); err != nil {
		return nil, fmt.Errorf("bmc: replay: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "harness.c"), []byte(h), 0o644); err != nil {
		return nil, fmt.Errorf("bmc: replay: %w", err)
	}
	inputs := []string{"prog.c", "harness.c", "-lm"}
	for _, fn := range wrapped {
		inputs = append(inputs, "-Wl,--wrap="+fn)
	}
	cr, err := cc.Build(ctx, dir, "prog", inputs,
		append([]string{"-std=gnu11", "-O0", "-w", "-fno-strict-aliasing"}, q.Program.BuildFlags()...)...)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("bmc: replay: %w", ctx.Err())
		}
		return &Replayed{Why: "gcc: " + err.Error()}, nil
	}
	if !cr.OK {
		return &Replayed{Why: "gcc failed: " + firstLines(cr.Diagnostics, 300)}, nil
	}
	rt := opts.Timeout
	if rt <= 0 {
		rt = 10 * time.Second
	}
	rr, err := proc.Run(ctx, &proc.Cmd{Path: filepath.Join(dir, "prog"), Dir: dir, Stdin: []byte(cex.Stdin), Timeout: rt,
		MaxOutput: 1 << 20, Limits: proc.Limits{CPUSeconds: uint64(rt/time.Second) + 1, MemoryBytes: 1 << 30}})
	if err != nil && rr == nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("bmc: replay: %w", ctx.Err())
		}
		return &Replayed{Why: "run: " + err.Error()}, nil
	}
	switch {
	case rr.ExitCode == replayViolated && strings.Contains(string(rr.Stderr), replayMarker):
		return &Replayed{Reproduced: true}, nil
	case rr.TimedOut:
		return &Replayed{Why: "the program ran out of time"}, nil
	case rr.ExitCode == replayInfeasible:
		return &Replayed{Why: "an assumption failed on the replayed run"}, nil
	case rr.ExitCode < 0:
		return &Replayed{Why: "the program was killed by " + rr.Signal}, nil
	}
	return &Replayed{Why: fmt.Sprintf("the program exited with status %d without failing the assertion", rr.ExitCode)}, nil
}

const replayPrelude = `void __surety_fail(void);
void __surety_infeasible(void);
#define __surety_assert(c) ((c) ? (void)0 : __surety_fail())
#define __surety_assume(c) ((c) ? (void)0 : __surety_infeasible())
`

var inputNameRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)#([0-9]+)`)

// allocFuncs are the allocation functions a counterexample may make fail,
// with the parameters and the call of the C library's own: the harness
// wraps them (-Wl,--wrap=FUNC).
var allocFuncs = map[string][2]string{
	"malloc":  {"unsigned long n", "n"},
	"calloc":  {"unsigned long n, unsigned long m", "n, m"},
	"realloc": {"void *p, unsigned long n", "p, n"},
}

// replayHarness writes the C file that defines the failure hooks, the
// nondeterministic functions the program calls but does not define, each
// returning the counterexample's values in order, and the wrappers of the
// allocation functions the counterexample makes fail (wrapped, sorted,
// which the link must name with -Wl,--wrap). A non-empty why says why no
// harness can reproduce the run.
func replayHarness(p *Program, src []byte, cex *Counterexample, bodiless []BodilessFunc) (h string, wrapped []string, why string) {
	defined := map[string]bool{}
	for _, f := range p.Funcs {
		defined[f.Name] = true
	}
	// The functions without a body anywhere return the counterexample's
	// values too, defined as "T f()" in the harness's own file, which
	// links whatever their parameters (BodilessFunc).
	bodilessType := map[string]string{}
	for _, f := range bodiless {
		bodilessType[f.Name] = f.Type
	}
	used := func(fn string) bool {
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\s*\(`)
		return re.Match(src)
	}
	vals := map[string][]string{}
	fails := map[string][]bool{} // by allocation function: whether its N-th call fails
	for _, in := range cex.Inputs {
		m := inputNameRE.FindStringSubmatch(in.Name)
		if m == nil {
			continue
		}
		fn := m[1]
		if fn == "scanf" || fn == "getchar" || fn == "fgets" || fn == "fscanf" || fn == "getc" || fn == "fgetc" {
			continue // stdin: fed by Counterexample.Stdin
		}
		n, _ := strconv.Atoi(m[2])
		if _, ok := allocFuncs[fn]; ok && !defined[fn] {
			f := fails[fn]
			for len(f) < n {
				f = append(f, false)
			}
			if n > 0 {
				f[n-1] = isNull(in.Value)
			}
			fails[fn] = f
			continue
		}
		v := vals[fn]
		for len(v) < n {
			v = append(v, "0")
		}
		lit, ok := cLiteral(in.Value)
		if !ok {
			return "", nil, fmt.Sprintf("value %q of %s is not a C literal", in.Value, in.Name)
		}
		v[n-1] = lit
		vals[fn] = v
	}
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n")
	b.WriteString("void __surety_fail(void) { fputs(\"" + replayMarker + "\\n\", stderr); fflush(stderr); _exit(86); }\n")
	b.WriteString("void __surety_infeasible(void) { _exit(87); }\n")
	fns := make([]string, 0, len(vals))
	for fn := range vals {
		fns = append(fns, fn)
	}
	sort.Strings(fns)
	for _, fn := range fns {
		if defined[fn] {
			continue // the program's own definition runs, as it would
		}
		ct, ok := nondetType(fn)
		params := "void"
		if bt := bodilessType[fn]; !ok && bt != "" && bt != "void" {
			ct, ok, params = bt, true, ""
		}
		if !ok {
			return "", nil, "no replay model for " + fn
		}
		fmt.Fprintf(&b, "%s %s(%s) {\n\tstatic const %s v[] = {%s};\n\tstatic unsigned i;\n", ct, fn, params, ct, strings.Join(castAll(ct, vals[fn]), ", "))
		fmt.Fprintf(&b, "\treturn i < sizeof v / sizeof v[0] ? v[i++] : (%s)0;\n}\n", ct)
	}
	// Nondet functions the program calls with no value in the trace return
	// zero: a run that needs another value will not reproduce, and the
	// claim stays unconfirmed.
	for _, suffix := range verifier.NondetSuffixes() {
		ct, _ := verifier.NondetCType(suffix)
		for _, fn := range []string{"__VERIFIER_nondet_" + suffix, "nondet_" + suffix} {
			if _, have := vals[fn]; have || defined[fn] || !used(fn) {
				continue
			}
			fmt.Fprintf(&b, "%s %s(void) { return (%s)0; }\n", ct, fn, ct)
		}
	}
	// Those with no value in the trace return zero, or do nothing.
	for _, f := range bodiless {
		switch _, have := vals[f.Name]; {
		case have || defined[f.Name]:
		case f.Type == "void":
			fmt.Fprintf(&b, "void %s() {}\n", f.Name)
		default:
			fmt.Fprintf(&b, "%s %s() { return (%s)0; }\n", f.Type, f.Name, f.Type)
		}
	}
	for _, fn := range []string{"__VERIFIER_assume", "__ESBMC_assume", "__CPROVER_assume", "assume"} {
		if used(fn) && !defined[fn] {
			fmt.Fprintf(&b, "void %s(int c) { if (!c) __surety_infeasible(); }\n", fn)
		}
	}
	for _, fn := range []string{"reach_error", "__VERIFIER_error"} {
		if used(fn) && !defined[fn] {
			fmt.Fprintf(&b, "void %s(void) { abort(); }\n", fn)
		}
	}
	// The N-th call of a wrapped allocation function returns NULL where
	// the counterexample says it fails, and allocates otherwise.
	for _, fn := range slices.Sorted(maps.Keys(fails)) {
		f := fails[fn]
		if !slices.Contains(f, true) {
			continue // every call allocates, as unwrapped
		}
		flags := make([]string, len(f))
		for i, x := range f {
			flags[i] = "0"
			if x {
				flags[i] = "1"
			}
		}
		sig := allocFuncs[fn]
		fmt.Fprintf(&b, "void *__real_%s(%s);\n", fn, sig[0])
		fmt.Fprintf(&b, "void *__wrap_%s(%s) {\n\tstatic const unsigned char fail[] = {%s};\n\tstatic unsigned long i;\n", fn, sig[0], strings.Join(flags, ", "))
		fmt.Fprintf(&b, "\tif (i < sizeof fail && fail[i++]) return 0;\n\treturn __real_%s(%s);\n}\n", fn, sig[1])
		wrapped = append(wrapped, fn)
	}
	return b.String(), wrapped, ""
}

// isNull reports whether an engine's value of an allocation is a null
// pointer: the call failed.
func isNull(v string) bool {
	switch strings.ToUpper(strings.TrimSpace(v)) {
	case "NULL", "0", "0X0", "(VOID *)0", "((VOID *)0)", "NIL":
		return true
	}
	return false
}

// nondetType returns the C type a nondet function returns.
func nondetType(fn string) (string, bool) {
	for _, prefix := range []string{"__VERIFIER_nondet_", "nondet_"} { // nondet_int(): ESBMC's and CBMC's extern convention
		if s, ok := strings.CutPrefix(fn, prefix); ok {
			return verifier.NondetCType(s)
		}
	}
	if fn == "rand" {
		return "int", true
	}
	return "", false
}

func castAll(ct string, vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = "(" + ct + ")(" + v + ")"
	}
	return out
}

var (
	intLitRE   = regexp.MustCompile(`^[-+]?(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*$`)
	floatLitRE = regexp.MustCompile(`^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?[fFlL]?$|^[-+]?0[xX][0-9a-fA-F.]+[pP][-+]?[0-9]+[fFlL]?$`)
	charLitRE  = regexp.MustCompile(`^'([^'\\]|\\[0-7]{1,3}|\\x[0-9a-fA-F]+|\\[abfnrtv\\'"?])'$`)
)

// cLiteral checks that an engine's value is a C literal, and spells the
// ones engines write differently ("TRUE", "NULL", "+INF") in C.
func cLiteral(v string) (string, bool) {
	v = strings.TrimSpace(v)
	switch strings.ToUpper(v) {
	case "TRUE":
		return "1", true
	case "FALSE":
		return "0", true
	case "NULL", "0X0":
		return "0", true
	case "+INF", "INF", "INFINITY":
		return "__builtin_inf()", true
	case "-INF", "-INFINITY":
		return "-__builtin_inf()", true
	case "NAN", "+NAN", "-NAN":
		return "__builtin_nan(\"\")", true
	}
	if intLitRE.MatchString(v) || floatLitRE.MatchString(v) || charLitRE.MatchString(v) {
		return v, true
	}
	return "", false
}

func firstLines(s string, max int) string {
	s = strings.TrimSpace(s)
	if len(s) > max {
		s = s[:max]
	}
	return s
}
