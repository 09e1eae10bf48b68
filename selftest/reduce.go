package selftest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/atomicfile"
	"github.com/suretydev/surety/internal/proc"
)

// Interesting reports whether src, a program in the form the self-test
// writes (line 2 "#include <assert.h>"), still shows the wrong verdict w:
// it builds and runs with the same truth for w's assertion (found by its
// predicate), and w's path gives it the same verdict. It is cvise's
// interestingness test (Reduce).
func Interesting(ctx context.Context, src []byte, w Wrong, opts *Options) (bool, error) {
	if opts == nil {
		opts = &Options{}
	}
	dir, remove, err := proc.TempDir("selftest-interesting")
	if err != nil {
		return false, err
	}
	defer remove()
	// A reduced program keeps no undefined behaviour: cvise would
	// happily drop a return statement whose value is still used.
	b := &builder{dir: dir, flags: sanitize, timeout: 5 * time.Second}
	c, err := trace(ctx, b, w.Program, src)
	if err != nil {
		return false, nil // no truth: not interesting
	}
	if w.Assertion >= 0 {
		i := -1
		for k, a := range c.Asserts {
			if a.Pred == w.Pred {
				i = k
				break
			}
		}
		if i < 0 {
			return false, nil
		}
		t := c.Asserts[i]
		if (w.Truth == "fails") != t.Fails || (w.Truth == "reached") && !t.Reached {
			return false, nil
		}
	} else if (w.Truth == "false") != c.Fails() {
		return false, nil
	}
	pr := &ProgramResult{Name: w.Program}
	o := *opts
	j := &judge{ctx: ctx, opts: &o, c: c, dir: dir, keep: dir, pr: pr}
	j.run([]string{w.Path})
	for _, got := range pr.Wrong {
		if got.Path == w.Path && got.Pred == w.Pred && got.Verdict == w.Verdict {
			return true, nil
		}
	}
	return false, ctx.Err()
}

// sanitize are the gcc flags of the builds that Interesting runs: any
// undefined behaviour that gcc's sanitizers or warnings see stops the run.
var sanitize = []string{"-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-Werror=return-type",
	"-Werror=implicit-function-declaration", "-Werror=uninitialized", "-Werror=int-conversion"}

// ReduceOptions configure Reduce. The zero value is not enough: Self is
// required.
type ReduceOptions struct {
	// Self is the command, as argv, that runs the interestingness test:
	// Reduce appends "--interesting WRONG-JSON FILE" and takes exit 0 as
	// interesting (cmd/surety: "surety selftest").
	Self []string
	// Budget is how long cvise may run; 0 means 20 minutes. When it is
	// spent, the smallest interesting file so far is the result.
	Budget time.Duration
	// TestTimeout is cvise's limit on each test; 0 means 5 minutes.
	TestTimeout time.Duration
}

var assertLine = regexp.MustCompile(`^\s*assert\((.*)\);\s*$`)

// only keeps, of src's assertions, the one whose predicate is pred.
func only(src []byte, pred string) []byte {
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		if m := assertLine.FindStringSubmatch(l); m != nil && strings.Join(strings.Fields(m[1]), " ") != pred {
			lines[i] = ""
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// Reduce shrinks src, a program with the wrong verdict w, with cvise (the
// Debian package cvise), keeping w's interestingness (Interesting); the
// other assertions are dropped first. It returns the reduced program.
func Reduce(ctx context.Context, src []byte, w Wrong, opts *Options, ro *ReduceOptions) ([]byte, error) {
	if ro == nil || len(ro.Self) == 0 {
		return nil, fmt.Errorf("selftest: reduce: ReduceOptions.Self is required")
	}
	if w.Assertion >= 0 {
		if s := only(src, w.Pred); string(s) != string(src) {
			if ok, err := Interesting(ctx, s, w, opts); err != nil {
				return nil, err
			} else if ok {
				src = s
			}
		}
	}
	dir, remove, err := proc.TempDir("selftest-reduce")
	if err != nil {
		return nil, err
	}
	defer remove()
	file := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		return nil, err
	}
	spec, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	var script strings.Builder
	script.WriteString("#!/bin/sh\nexec")
	for _, a := range append(append([]string{}, ro.Self...), "--interesting", string(spec), "prog.c") {
		script.WriteString(" '" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	script.WriteString(" >/dev/null 2>&1\n")
	test := filepath.Join(dir, "interesting.sh")
	if err := os.WriteFile(test, []byte(script.String()), 0o755); err != nil {
		return nil, err
	}
	budget, tt := ro.Budget, ro.TestTimeout
	if budget == 0 {
		budget = 20 * time.Minute
	}
	if tt == 0 {
		tt = 5 * time.Minute
	}
	r, err := proc.Run(ctx, &proc.Cmd{Path: "cvise", Dir: dir, Timeout: budget,
		Args: []string{"--n", "1", "--timeout", fmt.Sprint(int(tt.Seconds())), "--tidy", test, "prog.c"}})
	if err != nil && (r == nil || !r.TimedOut) {
		return nil, fmt.Errorf("selftest: cvise: %w", err)
	}
	if !r.TimedOut && r.ExitCode != 0 {
		return nil, fmt.Errorf("selftest: cvise exited %d: %s", r.ExitCode, lastLine(r.Stderr))
	}
	out, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// ReduceAll reduces the first wrong verdict of each kind (path, verdict,
// truth, bounded or not) of rep into dir, as KIND.c, with cvise (Reduce);
// the cache path's wrong verdicts are left out (a cache serves what was
// computed: its programs are the facts path's). logf, if not nil, says what
// is reduced and what came of it; a reduction that fails is said there and
// skipped.
func ReduceAll(ctx context.Context, rep *Report, opts *Options, dir string, ro *ReduceOptions, logf func(format string, args ...any)) error {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	kinds := map[string]bool{}
	for _, w := range rep.Wrong {
		kind := fmt.Sprintf("%s-%s-%s-bounded=%t", w.Path, w.Verdict, w.Truth, w.Bounded)
		if kinds[kind] || w.Path == "cache/default" {
			continue
		}
		kinds[kind] = true
		src, err := os.ReadFile(filepath.Join(filepath.Dir(w.File), w.Program+".c"))
		if err != nil {
			return err
		}
		logf("reducing %s (%s) with cvise", w.Program, kind)
		small, err := Reduce(ctx, src, w, opts, ro)
		if err != nil {
			logf("reducing %s: %v", w.Program, err)
			continue
		}
		name := filepath.Join(dir, fileSafe(kind)+".c")
		if err := atomicfile.Write(name, small); err != nil {
			return err
		}
		logf("%s: %d bytes (from %d)", name, len(small), len(src))
	}
	return nil
}

// fileSafe replaces what a file name should not hold with '_'.
func fileSafe(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '=' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b)
}
