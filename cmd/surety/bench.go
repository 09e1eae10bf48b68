package main

import (
	"context"

	"github.com/suretydev/surety/svrun"

	"github.com/suretydev/surety/svcomp"
)

func runBench(ctx context.Context, e *env, args []string) int {
	fs := newFlags("bench")
	opts := &svrun.TaskOptions{}
	checkVars(fs, &opts.Facts, "checks of a task run at once (0: one per CPU)")
	fs.Lookup("engines").Usage += "; esbmc-kind adds ESBMC's k-induction"
	fs.IntVar(&opts.MaxK, "max-k", 64, "largest unwind bound tried when a bound is not complete (at least --k)")
	fs.check(func() error { return check(opts.MaxK >= opts.Facts.K, "max-k", opts.MaxK, "must be at least --k") })
	fs.durationVar(&opts.Budget, "task-timeout", 0, "time budget of each task, wall clock (0: none); a task that spends it is unknown")
	fs.StringVar(&opts.WitnessDir, "witness", "", "directory for a verification witness (format 2.0) of each definitive verdict")
	asJSON := fs.Bool("json", false, "print the table as JSON")
	nc := natsVar(fs, e, "URL of a NATS server whose workers (surety worker) run the tasks; default: this process, one task after another")
	defer nc.Close()
	if code, ok := parseArgs(e, fs, args, 1); !ok {
		return code
	}
	var err error
	if opts.Runner, err = runner(e, nc, "surety bench"); err != nil {
		return fail(e, "bench", err)
	}
	// Each task's verdict goes to stderr as it comes, with --json too: a
	// run over hundreds of tasks takes hours, and stdout gets the table.
	tab, err := svrun.Bench(ctx, fs.Arg(0), opts, svrun.TaskProgress(e.stderr))
	return finish(e, "bench", *asJSON, tab, err, func(t *svcomp.Table) bool { return t.WrongTrue+t.WrongFalse > 0 })
}
