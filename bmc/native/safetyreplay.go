package native

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/internal/proc"
)

// safetyReplay confirms safety counterexamples: the program, with every
// assertion an assumption, is compiled once with gcc's undefined-behaviour
// and address sanitizers (-fno-sanitize-recover=all: the first report ends
// the run); each counterexample links it with its own harness (replay.go)
// and runs it on the counterexample's stdin. A claim is FALSIFIED only when
// the first report is of the claim's kind at the claim's line.
type safetyReplay struct {
	c    *Checker
	p    *bmc.Program
	tr   *symex.Translation
	rec  *symex.SafetyRec
	name string // the file name diagnostics use (#line)
	src  []byte // the rendered program
	dir  string
	rm   func()
	cc   *gcc.Tool
	// failed, when not "", is why nothing can be replayed.
	failed string
	ready  bool
	runs   int
}

var sanitizeFlags = []string{"-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-g"}

// sanitizerEnv is the whole environment of a replayed run: leak checks
// off (they need ptrace and are no property here), reports on stderr.
var sanitizerEnv = []string{
	"ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:symbolize=1",
	"UBSAN_OPTIONS=print_stacktrace=0",
}

func (r *safetyReplay) close() {
	if r.rm != nil {
		r.rm()
		r.rm = nil
	}
}

// prepare compiles the rendered program to an object file, once.
func (r *safetyReplay) prepare(ctx context.Context) string {
	if r.ready || r.failed != "" {
		return r.failed
	}
	r.cc = &gcc.Tool{Path: r.c.opts.GCC}
	if _, err := r.cc.LookPath(); err != nil {
		r.failed = "gcc not found to replay it"
		return r.failed
	}
	dir, rm, err := proc.TempDir("native-safety")
	if err != nil {
		r.failed = err.Error()
		return r.failed
	}
	r.dir, r.rm = dir, rm
	all := make([]int, len(r.p.Asserts))
	for i := range all {
		all[i] = i
	}
	q := &bmc.Query{Program: r.p, Target: -1, Assume: all}
	r.src = q.Render("__surety_assert", "__surety_assume")
	r.name = filepath.Base(r.p.File)
	if r.name == "" || r.name == "." {
		r.name = "program.c"
	}
	prog := replayPrelude(r.tr, r.src) + fmt.Sprintf("#line 1 %q\n", r.name) + string(r.src)
	if err := os.WriteFile(filepath.Join(dir, "prog.c"), []byte(prog), 0o644); err != nil {
		r.failed = err.Error()
		return r.failed
	}
	flags := append([]string{"-std=gnu11", "-O0", "-w", "-fno-strict-aliasing", "-Wno-error=implicit-function-declaration",
		"-Wno-error=int-conversion", "-Wno-error=incompatible-pointer-types"}, sanitizeFlags...)
	flags = append(flags, r.p.BuildFlags()...)
	flags = append(flags, "-c")
	if msg := r.build(ctx, "prog.o", []string{"prog.c"}, flags); msg != "" {
		r.failed = msg
		return msg
	}
	r.ready = true
	return ""
}

// build compiles inputs to out in the replay's directory; it returns why
// it could not, or "".
func (r *safetyReplay) build(ctx context.Context, out string, inputs, flags []string) string {
	cr, err := r.cc.Build(ctx, r.dir, out, inputs, flags...)
	if err != nil {
		return "gcc: " + err.Error()
	}
	if !cr.OK {
		msg := strings.TrimSpace(cr.Diagnostics)
		if len(msg) > 300 {
			msg = msg[:300]
		}
		return "gcc failed: " + msg
	}
	return ""
}

// run replays one counterexample of site s. It returns whether the
// sanitizers reported the site's property at its line, and the report
// (or why not).
func (r *safetyReplay) run(ctx context.Context, s *symex.Site, d *symex.CexData) (ok bool, why, ub string) {
	if msg := r.prepare(ctx); msg != "" {
		return false, msg, ""
	}
	r.runs++
	h := harness(d, func(fn string) bool { return strings.Contains(string(r.src), fn) }, r.tr.Defined, r.tr.Bodiless, r.tr.Opts.MallocMayFail)
	hname := fmt.Sprintf("harness%d.c", r.runs)
	bin := fmt.Sprintf("prog%d", r.runs)
	if err := os.WriteFile(filepath.Join(r.dir, hname), []byte(h), 0o644); err != nil {
		return false, err.Error(), ""
	}
	flags := append([]string{"-std=gnu11", "-O0", "-w"}, sanitizeFlags...)
	if msg := r.build(ctx, bin, []string{"prog.o", hname, "-lm"}, flags); msg != "" {
		return false, msg, ""
	}
	defer os.Remove(filepath.Join(r.dir, bin))
	rt := r.c.opts.ReplayTimeout
	if rt <= 0 {
		rt = 10 * time.Second
	}
	// No address-space limit: the address sanitizer reserves terabytes
	// of shadow memory it never touches.
	rr, err := proc.Run(ctx, &proc.Cmd{Path: filepath.Join(r.dir, bin), Dir: r.dir, Env: sanitizerEnv,
		Stdin: []byte(d.Cex.Stdin), Timeout: rt, MaxOutput: 1 << 20,
		Limits: proc.Limits{CPUSeconds: uint64(rt/time.Second) + 1}})
	if err != nil && rr == nil {
		return false, "run: " + err.Error(), ""
	}
	if rr.TimedOut {
		return false, "the program ran out of time", ""
	}
	rep, ok := parseSanitizer(string(rr.Stderr), r.name)
	switch {
	case ok:
		if rep.prop != s.Prop {
			return false, fmt.Sprintf("the sanitizer reported another error first: %s at line %d", rep.msg, rep.line), fmt.Sprintf("%s at line %d", rep.msg, rep.line)
		}
		if rep.line < s.Line || rep.line > s.EndLine {
			return false, fmt.Sprintf("the sanitizer reported %s at line %d, not %d", rep.prop, rep.line, s.Line), fmt.Sprintf("%s at line %d", rep.msg, rep.line)
		}
		if rep.line == s.Line && r.crowded(s) && !s.InSpan(rep.col) {
			return false, fmt.Sprintf("the sanitizer reported %s at column %d of line %d, outside %s", rep.prop, rep.col, rep.line, s.Text), fmt.Sprintf("%s at line %d", rep.msg, rep.line)
		}
		return true, fmt.Sprintf("%s:%d: %s", r.name, rep.line, rep.msg), ""
	case rr.ExitCode == exitInfeasible:
		return false, "an assertion failed before the site on the replayed run", ""
	case rr.ExitCode < 0:
		return false, "the program was killed by " + rr.Signal + " without a sanitizer report", ""
	}
	return false, fmt.Sprintf("the program exited with status %d without a sanitizer report", rr.ExitCode), ""
}

// crowded reports whether another site of the same property shares s's
// line: then the sanitizer's column must fall on s. (Alone on its line,
// the line is enough: gcc sometimes gives the column of the declaration
// that holds the operation.)
func (r *safetyReplay) crowded(s *symex.Site) bool {
	for _, o := range r.rec.Sites {
		if o != s && o.Prop == s.Prop && o.Line == s.Line {
			return true
		}
	}
	return false
}

// A sanReport is the first error a sanitizer reported.
type sanReport struct {
	prop Property // "" when of no property here
	line int
	col  int // 0 when the report gives none
	msg  string
}

var (
	ubsanRe = regexp.MustCompile(`(?m)^(.*?):(\d+):(\d+): runtime error: (.*)$`)
	asanRe  = regexp.MustCompile(`ERROR: AddressSanitizer: (\S+)(?: on (?:unknown )?address (0x[0-9a-f]+))?`)
)

// parseSanitizer reads the first report in a run's stderr. name is the
// program's file name as the #line directive gave it.
func parseSanitizer(stderr, name string) (sanReport, bool) {
	u := ubsanRe.FindStringSubmatchIndex(stderr)
	a := asanRe.FindStringSubmatchIndex(stderr)
	if u != nil && (a == nil || u[0] < a[0]) {
		line, _ := strconv.Atoi(stderr[u[4]:u[5]])
		col, _ := strconv.Atoi(stderr[u[6]:u[7]])
		msg := stderr[u[8]:u[9]]
		return sanReport{prop: ubsanProperty(msg), line: line, col: col, msg: msg}, true
	}
	if a == nil {
		return sanReport{}, false
	}
	kind := stderr[a[2]:a[3]]
	rep := sanReport{msg: "AddressSanitizer: " + kind}
	switch {
	case strings.Contains(kind, "buffer-overflow") || strings.Contains(kind, "buffer-underflow"):
		rep.prop = ArrayBounds
	case kind == "SEGV":
		addr := uint64(1 << 63)
		if a[4] >= 0 {
			addr, _ = strconv.ParseUint(strings.TrimPrefix(stderr[a[4]:a[5]], "0x"), 16, 64)
		}
		if addr < 4096 {
			rep.prop = NullDereference
		}
	}
	// the first stack frame in the program's own file gives the line
	frame := regexp.MustCompile(`#\d+ 0x[0-9a-f]+ in \S+ (?:\S*/)?` + regexp.QuoteMeta(name) + `:(\d+)`)
	if m := frame.FindStringSubmatch(stderr[a[0]:]); m != nil {
		rep.line, _ = strconv.Atoi(m[1])
	}
	return rep, true
}

func ubsanProperty(msg string) Property {
	switch {
	case strings.HasPrefix(msg, "division by zero"):
		return DivisionByZero
	case strings.HasPrefix(msg, "signed integer overflow"), strings.HasPrefix(msg, "negation of"),
		strings.HasPrefix(msg, "division of"):
		return SignedOverflow
	case strings.HasPrefix(msg, "shift exponent"), strings.HasPrefix(msg, "left shift of"):
		return Shift
	case strings.Contains(msg, "out of bounds for type"):
		return ArrayBounds
	case strings.Contains(msg, "null pointer"):
		return NullDereference
	}
	return ""
}
