package main

import (
	"context"
	"os"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/selftest"
)

func runSelftest(ctx context.Context, e *env, args []string) int {
	fs := newFlags("selftest")
	opts := &selftest.Options{}
	fs.Int64Var(&opts.Seed, "seed", 1, "seed of the first program (program j has seed SEED+j)")
	fs.intVar(&opts.Count, "count", 10, 1, "how many programs (at least 1)")
	fs.BoolVar(&opts.Csmith, "csmith", false, "make every other program a Csmith program (needs csmith and libcsmith-dev)")
	fs.BoolVar(&opts.CsmithStructs, "csmith-structs", false, "with --csmith: let Csmith's programs hold structs and bit-fields (the native engine reads them)")
	fs.BoolVar(&opts.Inputs, "inputs", false, "make every fourth program read an input (0..7), its truth from a run on each")
	fs.listVar(&opts.Engines, "engines", "comma-separated `list` of engines to run alone (default: native, esbmc and run, where available)")
	fs.listVar(&opts.Paths, "paths", "comma-separated `list` of paths to take (default: all; see selftest.Paths)")
	fs.intVar(&opts.K, "k", bmc.DefaultK, 1, "unwind bound (at least 1)")
	fs.durationVar(&opts.Timeout, "timeout", 0, "time budget of each check (0: 30s)")
	fs.intVar(&opts.Workers, "workers", 1, 1, "programs checked at once (at least 1)")
	fs.StringVar(&opts.Keep, "keep", "", "directory for the programs of wrong verdicts (default: a new temporary directory)")
	state := fs.String("state", "", "file of finished programs (JSON lines): appended as each program ends, read back to resume a run")
	reduce := fs.String("reduce", "", "reduce one wrong verdict of each kind (path, verdict, truth) with cvise into this directory")
	reduceBudget := fs.Duration("reduce-budget", 0, "with --reduce: how long cvise may run on each (0: 20m)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	interesting := fs.String("interesting", "", "internal: cvise's test; a wrong verdict as JSON, with FILE.c as the argument")
	nc := natsVar(fs, e, "URL of a NATS server whose workers (surety worker) check the programs, one job each (--workers and --keep are then the workers' business: --keep is a directory on each worker's machine); default: this process")
	if code, ok := parseArgs(e, fs, args, anyArgs); !ok {
		return code
	}
	if fs.NArg() != min(len(*interesting), 1) { // cvise's test takes the candidate FILE.c
		return usage(e, "selftest")
	}
	if *interesting != "" {
		ok, err := selftest.InterestingTest(ctx, *interesting, fs.Arg(0), opts)
		if err != nil {
			return fail(e, "selftest", err)
		}
		return exitIf(!ok)
	}
	defer nc.Close()
	runner, err := runner(e, nc, "selftest: nats")
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
