package main

import (
	"context"
	"flag"
	"os"

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
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	nargs := 0
	if *interesting != "" {
		nargs = 1 // cvise's test of the candidate FILE.c
	}
	if fs.NArg() != nargs {
		return usage(e, "selftest")
	}
	if err := firstError(atLeast("count", *count, 1), atLeast("k", *k, 1), atLeast("workers", *workers, 1),
		check(*timeout >= 0, "timeout", *timeout, "must not be negative")); err != nil {
		return fail(e, "selftest", err)
	}
	opts := &selftest.Options{Seed: *seed, Count: *count, Csmith: *csmith, Inputs: *inputs, Engines: splitList(*engines), Paths: splitList(*paths),
		K: *k, Timeout: *timeout, Workers: *workers, Keep: *keep}
	if *interesting != "" {
		ok, err := selftest.InterestingTest(ctx, *interesting, fs.Arg(0), opts)
		if err != nil {
			return fail(e, "selftest", err)
		}
		return exitIf(!ok)
	}
	defer nf.close()
	runner, err := nf.runner(e, "selftest: nats")
	if err != nil {
		return fail(e, "selftest", err)
	}
	rep, err := selftest.Soak(ctx, opts, &selftest.SoakOptions{State: *state, Runner: runner, Logf: e.logf("selftest")})
	if err != nil {
		return fail(e, "selftest", err)
	}
	if *reduce != "" {
		self, err := os.Executable()
		if err != nil {
			return fail(e, "selftest", err)
		}
		ro := &selftest.ReduceOptions{Self: []string{self, "selftest"}, Budget: *reduceBudget}
		if err := selftest.ReduceAll(ctx, rep, opts, *reduce, ro, e.logf("selftest")); err != nil {
			return fail(e, "selftest", err)
		}
	}
	if !*asJSON {
		rep.Results = nil
	}
	return finish(e, "selftest", *asJSON, rep, nil, func(r *selftest.Report) bool { return len(r.Wrong) > 0 })
}
