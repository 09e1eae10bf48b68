package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/selftest"
)

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
	var st *selftest.State
	var done []*selftest.ProgramResult
	if *state != "" {
		var err error
		if st, err = selftest.OpenState(*state); err != nil {
			return fail(e, "selftest", err)
		}
		defer st.Close()
		done, opts.Skip = st.Done(), st.Skip
	}
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
		if st != nil {
			if err := st.Add(pr); err != nil {
				fmt.Fprintf(e.stderr, "selftest: %s not kept in %s: %v\n", pr.Name, *state, err)
			}
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
		self, err := os.Executable()
		if err != nil {
			return fail(e, "selftest", err)
		}
		logf := func(format string, args ...any) { fmt.Fprintf(e.stderr, "selftest: "+format+"\n", args...) }
		ro := &selftest.ReduceOptions{Self: []string{self, "selftest"}, Budget: *reduceBudget}
		if err := selftest.ReduceAll(ctx, rep, opts, *reduce, ro, logf); err != nil {
			return fail(e, "selftest", err)
		}
	}
	if !*asJSON {
		rep.Results = nil
	}
	return finish(e, "selftest", *asJSON, rep, nil, func(r *selftest.Report) bool { return len(r.Wrong) > 0 })
}
func containsFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "-"+name || a == "--"+name || len(a) > len(name)+2 && (a[:len(name)+3] == "--"+name+"=" || a[:len(name)+2] == "-"+name+"=") {
			return true
		}
	}
	return false
}
