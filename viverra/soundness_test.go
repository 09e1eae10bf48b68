package viverra

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// A probe is a small C program of testdata/soundness whose truth was
// settled by running it, never by what an engine said. Its comments say:
//
//	// truth: holds|fails|undefined   every assertion (or "truth a2:" one)
//	// run: nondet=1,-2 stdin="5\n"  one run: __VERIFIER_nondet_* values, stdin
//	// assumes: malloc never fails   a fact must list this assumption
//
// "holds" is the author's reasoning, checked on every run given (none may
// fail); "fails" must be shown by one of the runs; "undefined" (undefined
// behaviour, a program that does not compile) allows no verdict but
// UNKNOWN.
type probe struct {
	file    string
	src     []byte
	truth   map[string]string // by label; "" for every assertion
	byLine  map[int]string    // truth written on an assertion's own line
	runs    []probeRun
	assumes []string
}

type probeRun struct {
	nondet []string
	stdin  string
}

var (
	truthRE     = regexp.MustCompile(`(?m)^// truth(?: (a\d+))?: (holds|fails|undefined)\s*$`)
	lineTruthRE = regexp.MustCompile(`\S.*//.*\btruth:\s*(holds|fails)`)
	bareRunRE   = regexp.MustCompile(`^\s*((?:-?\d+\s*)*)(?:stdin\s+("(?:[^"\\]|\\.)*"))?\s*$`)
	runRE       = regexp.MustCompile(`(?m)^// run:(.*)$`)
	assumesRE   = regexp.MustCompile(`(?m)^// assumes: (.*)$`)
	nondetRE    = regexp.MustCompile(`nondet=(\S*)`)
	stdinRE     = regexp.MustCompile(`stdin=("(?:[^"\\]|\\.)*")`)
)

func loadProbe(t *testing.T, file string) *probe {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := &probe{file: file, src: src, truth: map[string]string{}, byLine: map[int]string{}}
	for _, m := range truthRE.FindAllStringSubmatch(string(src), -1) {
		p.truth[m[1]] = m[2]
	}
	for i, line := range strings.Split(string(src), "\n") {
		if m := lineTruthRE.FindStringSubmatch(line); m != nil {
			p.byLine[i+1] = m[1]
		}
	}
	for _, m := range runRE.FindAllStringSubmatch(string(src), -1) {
		var r probeRun
		// bmc/native's form: "// run: 5 -3 stdin \"ab\"".
		if b := bareRunRE.FindStringSubmatch(m[1]); b != nil && !strings.Contains(m[1], "=") {
			r.nondet = strings.Fields(b[1])
			if b[2] != "" {
				if r.stdin, err = strconv.Unquote(b[2]); err != nil {
					t.Fatalf("%s: stdin %s: %v", file, b[2], err)
				}
			}
			p.runs = append(p.runs, r)
			continue
		}
		if n := nondetRE.FindStringSubmatch(m[1]); n != nil && n[1] != "" {
			r.nondet = strings.Split(n[1], ",")
		}
		if s := stdinRE.FindStringSubmatch(m[1]); s != nil {
			if r.stdin, err = strconv.Unquote(s[1]); err != nil {
				t.Fatalf("%s: stdin %s: %v", file, s[1], err)
			}
		}
		p.runs = append(p.runs, r)
	}
	for _, m := range assumesRE.FindAllStringSubmatch(string(src), -1) {
		p.assumes = append(p.assumes, m[1])
	}
	if len(p.truth) == 0 && len(p.byLine) == 0 {
		t.Fatalf("%s: no // truth: line", file)
	}
	if len(p.runs) == 0 {
		p.runs = []probeRun{{}} // one run without input
	}
	return p
}

func (p *probe) truthOf(a bmc.Assertion) string {
	if t, ok := p.truth[a.Label()]; ok {
		return t
	}
	if t, ok := p.byLine[a.SrcLine]; ok {
		return t
	}
	if t, ok := p.truth[""]; ok {
		return t
	}
	return "unstated"
}

// violates compiles the query's program (target a checked assertion,
// assumptions exits of their own) and reports whether any given run
// violates the target.
func (p *probe) violates(t *testing.T, q *bmc.Query) bool {
	dir := t.TempDir()
	prog := "#include <stdio.h>\n#include <stdlib.h>\n" +
		"#define __truth_assert(c) ((c) ? (void)0 : (fputs(\"TRUTH-VIOLATED\\n\", stderr), fflush(stderr), _Exit(86)))\n" +
		"#define __truth_assume(c) ((c) ? (void)0 : _Exit(87))\n#line 1 \"probe.c\"\n" +
		string(q.Render("__truth_assert", "__truth_assume"))
	var h strings.Builder
	h.WriteString("static long long v[64]; static int n, i;\nvoid __truth_init(long long *xs, int k) { for (n = 0; n < k; n++) v[n] = xs[n]; }\n")
	h.WriteString("static long long next(void) { return i < n ? v[i++] : 0; }\n")
	for suffix, ct := range map[string]string{"int": "int", "uint": "unsigned", "char": "char", "uchar": "unsigned char",
		"short": "short", "long": "long", "ulong": "unsigned long", "bool": "_Bool"} {
		fn := "__VERIFIER_nondet_" + suffix
		if strings.Contains(string(p.src), fn) && q.Program.Func(fn) == nil {
			fmt.Fprintf(&h, "%s %s(void) { return (%s)next(); }\n", ct, fn, ct)
		}
	}
	for _, fn := range []string{"reach_error", "__VERIFIER_error"} {
		if strings.Contains(string(p.src), fn) && q.Program.Func(fn) == nil {
			fmt.Fprintf(&h, "void %s(void) { abort(); }\n", fn)
		}
	}
	if strings.Contains(string(p.src), "__VERIFIER_assume") && q.Program.Func("__VERIFIER_assume") == nil {
		h.WriteString("void __VERIFIER_assume(int c) { if (!c) _Exit(87); }\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "probe.c"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	violated := false
	for k, r := range p.runs {
		var init strings.Builder
		init.WriteString("long long __truth_xs[] = {0")
		for _, v := range r.nondet {
			init.WriteString(", " + v + "LL")
		}
		fmt.Fprintf(&init, "};\nvoid __truth_init(long long *, int);\n__attribute__((constructor)) static void __truth_start(void) { __truth_init(__truth_xs + 1, %d); }\n", len(r.nondet))
		if err := os.WriteFile(filepath.Join(dir, "harness.c"), []byte(h.String()+init.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		bin := filepath.Join(dir, fmt.Sprintf("probe%d", k))
		if out, err := exec.Command("gcc", "-std=gnu11", "-O0", "-w", "-o", bin, filepath.Join(dir, "probe.c"), filepath.Join(dir, "harness.c")).CombinedOutput(); err != nil {
			t.Fatalf("%s: gcc: %v\n%s", p.file, err, out)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bin)
		cmd.Stdin = strings.NewReader(r.stdin)
		out, _ := cmd.CombinedOutput()
		cancel()
		if strings.Contains(string(out), "TRUTH-VIOLATED") {
			violated = true
		}
	}
	return violated
}

// TestSoundness runs the facts pipeline, with every engine installed
// here, on each probe, and fails on any verdict its truth contradicts:
// a fact (VERIFIED, C-VERIFIED) of an assertion that fails or whose
// program is undefined, a FALSIFIED one that holds, a fact without the
// assumption it rests on. The truths themselves are checked first by
// compiling and running each probe.
func TestSoundness(t *testing.T) {
	for _, prog := range []string{"gcc", "z3", "cvc5"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("needs %s", prog)
		}
	}
	if testing.Short() {
		t.Skip("runs every engine on every probe")
	}
	// The probes of this package, and the native engine's own (run here
	// through the whole pipeline, with every engine).
	files, _ := filepath.Glob("../testdata/soundness/*.c")
	native, _ := filepath.Glob("../bmc/native/testdata/soundness/*.c")
	files = append(files, native...)
	if len(files) < 60 {
		t.Fatalf("%d probes, want at least 60", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".c")
		if strings.HasPrefix(file, "../bmc/") {
			name = "native/" + name
		}
		t.Run(name, func(t *testing.T) {
			pr := loadProbe(t, file)
			p, err := bmc.ParseProgram(file, pr.src)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Asserts) == 0 {
				t.Fatal("no assertion")
			}
			// The truth, by running the program.
			for _, a := range p.Asserts {
				truth := pr.truthOf(a)
				if truth == "undefined" || truth == "unstated" {
					continue
				}
				v := pr.violates(t, &bmc.Query{Program: p, Target: a.Index})
				if truth == "fails" && !v {
					t.Fatalf("%s says fails, and no run given fails it", a.Label())
				}
				if truth == "holds" && v {
					t.Fatalf("%s says holds, and a run given fails it", a.Label())
				}
			}
			res, err := Facts(context.Background(), file, pr.src, &FactsOptions{Audit: "off", Timeout: 60 * time.Second})
			if err != nil {
				if pr.truth[""] == "undefined" {
					t.Logf("no verdict, an error: %v", err)
					return
				}
				t.Fatal(err)
			}
			for _, f := range res.Report.Facts {
				truth := pr.truthOf(f.Assertion)
				t.Logf("%s %s: %s [%s] %s (truth: %s)", f.Label(), f.Pred, f.Status, f.Engine, f.Reason, truth)
				switch {
				case f.Status.Fact() && truth != "holds" && !(truth == "fails" && f.Status == bmc.VerdictCVerified &&
					!pr.violates(t, &bmc.Query{Program: p, Target: f.Index, Assume: f.IG})):
					t.Errorf("WRONG: %s %s is %s, truth %s", f.Label(), f.Pred, f.Status, truth)
				case f.Status == bmc.VerdictFalsified && truth != "fails":
					t.Errorf("WRONG: %s %s is FALSIFIED, truth %s", f.Label(), f.Pred, truth)
				}
				if f.Status.Fact() {
					for _, want := range pr.assumes {
						if !containsSub(res.Report.Assumptions, want) {
							t.Errorf("%s is a fact, and the report does not assume %q: %q", f.Label(), want, res.Report.Assumptions)
						}
					}
				}
			}
		})
	}
}

func containsSub(ss []string, sub string) bool {
	for _, s := range ss {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
