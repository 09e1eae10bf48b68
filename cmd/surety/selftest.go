package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/suretydev/surety/internal/atomicfile"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/selftest"
)

// selftestReport prints a selftest.Report for people.
type selftestReport struct{ *selftest.Report }

func (r selftestReport) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "%d programs (%d without truth, skipped); seconds per program: median %.1f, max %.1f\n",
		r.Programs, r.NoTruth, r.MedianSeconds, r.MaxSeconds)
	fmt.Fprintf(ew, "%-16s %8s %10s %6s %7s %6s %6s %9s\n", "path", "programs", "assertions", "right", "unknown", "WRONG", "errors", "seconds")
	for _, c := range r.Counts {
		fmt.Fprintf(ew, "%-16s %8d %10d %6d %7d %6d %6d %9.1f\n", c.Path, c.Programs, c.Assertions, c.Right, c.Unknown, c.Wrong, c.Errors, c.Seconds)
	}
	for _, x := range r.Wrong {
		what := x.Pred
		if x.Assertion < 0 {
			what = "the task"
		}
		fmt.Fprintf(ew, "WRONG %s: %s line %d %q: %s, truth %s; %s\n  %s\n", x.Path, x.Program, x.Line, what, x.Verdict, x.Truth, x.Reason, x.File)
	}
	return ew.err
}

// errWriter keeps the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	_, e.err = e.w.Write(p)
	return len(p), nil
}

func runSelftest(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("selftest", flag.ContinueOnError)
	seed := fs.Int64("seed", 1, "seed of the first program (program j has seed SEED+j)")
	count := fs.Int("count", 10, "how many programs (at least 1)")
	csmith := fs.Bool("csmith", false, "make every other program a Csmith program (needs csmith and libcsmith-dev)")
	inputs := fs.Bool("inputs", false, "make every fourth program read an input (0..7), its truth from a run on each")
	engines := fs.String("engines", "", "comma-separated engines to run alone (default: native, esbmc and run, where available)")
	paths := fs.String("paths", "", "comma-separated paths to take (default: all; see selftest.Paths)")
	k := fs.Int("k", bmc.DefaultK, "unwind bound (at least 1)")
	timeout := fs.Duration("timeout", 0, "time budget of each check (0: 30s)")
	workers := fs.Int("workers", 1, "programs checked at once (at least 1)")
	keep := fs.String("keep", "", "directory for the programs of wrong verdicts (default: a new temporary directory)")
	state := fs.String("state", "", "file of finished programs (JSON lines): appended as each program ends, read back to resume a run")
	reduce := fs.String("reduce", "", "reduce one wrong verdict of each kind (path, verdict, truth) with cvise into this directory")
	reduceBudget := fs.Duration("reduce-budget", 0, "with --reduce: how long cvise may run on each (0: 20m)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	interesting := fs.String("interesting", "", "internal: cvise's test; a wrong verdict as JSON, with FILE.c as the argument")
	var nf natsFlags
	nf.register(fs, "URL of a NATS server whose workers (surety worker) check the programs, one job each (--workers and --keep are then the workers' business: --keep is a directory on each worker's machine); default: this process")
	nargs := 0
	if len(args) > 0 && containsFlag(args, "interesting") {
		nargs = 1
	}
	if code, ok := parseArgs(e, fs, args, nargs, "surety selftest [flags]"); !ok {
		return code
	}
	if err := firstError(atLeast("count", *count, 1), atLeast("k", *k, 1), atLeast("workers", *workers, 1),
		check(*timeout >= 0, "timeout", *timeout, "must not be negative")); err != nil {
		return fail(e, "selftest", err)
	}
	opts := &selftest.Options{Seed: *seed, Count: *count, Csmith: *csmith, Inputs: *inputs, Engines: splitList(*engines), Paths: splitList(*paths),
		K: *k, Timeout: *timeout, Workers: *workers, Keep: *keep}
	if *interesting != "" {
		var w selftest.Wrong
		if err := json.Unmarshal([]byte(*interesting), &w); err != nil {
			return fail(e, "selftest", err)
		}
		src, err := os.ReadFile(fs.Arg(0))
		if err != nil {
			return fail(e, "selftest", err)
		}
		ok, err := selftest.Interesting(ctx, src, w, opts)
		if err != nil {
			return fail(e, "selftest", err)
		}
		return exitIf(!ok)
	}
	var done []*selftest.ProgramResult
	var out *os.File
	if *state != "" {
		var err error
		if done, err = readState(*state); err != nil {
			return fail(e, "selftest", err)
		}
		if out, err = openState(*state); err != nil {
			return fail(e, "selftest", err)
		}
		defer out.Close()
	}
	seen := map[string]bool{}
	for _, pr := range done {
		seen[pr.Name] = true
	}
	opts.Skip = func(name string) bool { return seen[name] }
	var mu sync.Mutex
	n, wrong := len(done), 0
	for _, pr := range done {
		wrong += len(pr.Wrong)
	}
	opts.Progress = func(pr *selftest.ProgramResult) {
		mu.Lock()
		defer mu.Unlock()
		n++
		wrong += len(pr.Wrong)
		status := fmt.Sprintf("%d wrong", len(pr.Wrong))
		if pr.NoTruth != "" {
			status = "no truth: " + pr.NoTruth
		}
		fmt.Fprintf(e.stderr, "selftest: %d/%d %s %.1fs, %s; %d wrong so far\n", n, *count, pr.Name, pr.Seconds, status, wrong)
		if out != nil {
			b, _ := json.Marshal(pr)
			out.Write(append(b, '\n'))
		}
	}
	runner, closeRunner, err := nf.runner(e, func(format string, args ...any) {
		fmt.Fprintf(e.stderr, "selftest: nats: %s\n", fmt.Sprintf(format, args...))
	})
	if err != nil {
		return fail(e, "selftest", err)
	}
	defer closeRunner()
	var rep *selftest.Report
	if runner != nil {
		rep, err = selftest.RunJobs(ctx, opts, runner)
	} else {
		rep, err = selftest.Run(ctx, opts)
	}
	if err != nil {
		return fail(e, "selftest", err)
	}
	if len(done) > 0 {
		rep = selftest.Summarize(append(done, rep.Results...))
	}
	if *reduce != "" {
		if err := reduceAll(ctx, e, rep, opts, *reduce, *reduceBudget); err != nil {
			return fail(e, "selftest", err)
		}
	}
	if !*asJSON {
		rep.Results = nil
	}
	return finish(e, "selftest", *asJSON, selftestReport{rep}, nil, func(r selftestReport) bool { return len(r.Wrong) > 0 })
}

// MarshalJSON writes the report itself.
func (r selftestReport) MarshalJSON() ([]byte, error) { return json.Marshal(r.Report) }

func containsFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "-"+name || a == "--"+name || len(a) > len(name)+2 && (a[:len(name)+3] == "--"+name+"=" || a[:len(name)+2] == "-"+name+"=") {
			return true
		}
	}
	return false
}

// readState reads the finished programs of an earlier run; a missing
// file is an empty run, and a last line cut short (the run was killed
// while writing it) is dropped.
func readState(path string) ([]*selftest.ProgramResult, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*selftest.ProgramResult
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var pr selftest.ProgramResult
		if json.Unmarshal(sc.Bytes(), &pr) == nil && pr.Name != "" {
			out = append(out, &pr)
		}
	}
	return out, sc.Err()
}

// openState opens the state file for appending. A run stopped in the
// middle of a line leaves it without its newline: one is added, so that
// the next program's line is whole (readState skips the broken one, and
// that program is checked again).
func openState(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && info.Size() > 0 {
		last := make([]byte, 1)
		if _, err = f.ReadAt(last, info.Size()-1); err == nil && last[0] != '\n' {
			_, err = f.Write([]byte{'\n'})
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// reduceAll reduces the first wrong verdict of each kind (path, verdict,
// truth, bounded or not) into dir, named after its kind.
func reduceAll(ctx context.Context, e *env, rep *selftest.Report, opts *selftest.Options, dir string, budget time.Duration) error {
	self, err := os.Executable()
	if err != nil {
		return err
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
		fmt.Fprintf(e.stderr, "selftest: reducing %s (%s) with cvise\n", w.Program, kind)
		small, err := selftest.Reduce(ctx, src, w, opts, &selftest.ReduceOptions{Self: []string{self, "selftest"}, Budget: budget})
		if err != nil {
			fmt.Fprintf(e.stderr, "selftest: reducing %s: %v\n", w.Program, err)
			continue
		}
		name := filepath.Join(dir, sanitize(kind)+".c")
		if err := atomicfile.Write(name, small); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "selftest: %s: %d bytes (from %d)\n", name, len(small), len(src))
	}
	return nil
}

func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '=' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b)
}
