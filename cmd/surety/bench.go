package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/suretydev/surety/svrun"
	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/svcomp"
)

func runBench(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	k := fs.Int("k", bmc.DefaultK, "first unwind bound (at least 1)")
	maxK := fs.Int("max-k", 64, "largest unwind bound tried when a bound is not complete")
	engines := fs.String("engines", "", "comma-separated engines (default: every one available here); esbmc-kind adds ESBMC's k-induction")
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each check (positive)")
	budget := fs.Duration("task-timeout", 0, "time budget of each task, wall clock (0: none); a task that spends it is unknown")
	witness := fs.String("witness", "", "directory for a verification witness (format 2.0) of each definitive verdict")
	asJSON := fs.Bool("json", false, "print the table as JSON")
	induction := fs.Bool("induction", true, "let the native engine prove a bounded answer for every execution by k-induction")
	workers := fs.Int("workers", 0, "checks of a task run at once (0: one per CPU)")
	var nf natsFlags
	nf.register(fs, "URL of a NATS server whose workers (surety worker) run the tasks; default: this process, one task after another")
	if code, ok := parseArgs(e, fs, args, 1); !ok {
		return code
	}
	if *k < 1 || *maxK < *k || *timeout <= 0 || *budget < 0 {
		return fail(e, "bench", fmt.Errorf("want --k at least 1, --max-k at least --k, --timeout positive, --task-timeout not negative"))
	}
	if err := notNegative("workers", *workers, "0: one per CPU"); err != nil {
		return fail(e, "bench", err)
	}
	defer nf.close()
	runner, err := nf.runner(e, "surety bench")
	if err != nil {
		return fail(e, "bench", err)
	}
	opts := &svrun.TaskOptions{MaxK: *maxK, WitnessDir: *witness, Budget: *budget, Runner: runner,
		Facts: viverra.FactsOptions{K: *k, Timeout: *timeout, Workers: *workers, Engines: splitList(*engines), NoInduction: !*induction}}
	// Each task's verdict goes to stderr as it comes, with --json too: a
	// run over hundreds of tasks takes hours, and stdout gets the table.
	tab, err := svrun.Bench(ctx, fs.Arg(0), opts, svrun.TaskProgress(e.stderr))
	return finish(e, "bench", *asJSON, tab, err, func(t *svcomp.Table) bool { return t.WrongTrue+t.WrongFalse > 0 })
}
