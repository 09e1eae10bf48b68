package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/internal/files"

	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/registry"
	"github.com/suretydev/surety/smt"
)

func runReason(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("reason", flag.ContinueOnError)
	blockLines := fs.Int("block-lines", 10, "most source lines grouped into one block (one model request)")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	contracts := fs.String("contracts", fmagent.State("").Contracts(), "directory of the contract records written by surety contracts")
	out := fs.String("out", fmagent.State("").Reason(), "file the reports are written to, for surety confirm")
	solverName := fs.String("solver", "z3", "SMT solver for closed formulas: "+strings.Join(smt.Names(), ", ")+", or none (every check stays in natural language)")
	var mf modelFlags
	mf.register(fs)
	fs.Lookup("nats").Usage = "URL of a NATS server (JetStream): each function's Hoare pass is a job for its workers (surety worker, with the same SURETY_MODEL; not in replay or estimate), " +
		"and its key-value store keeps the model replies instead of --cache"
	defer mf.close()
	if code, ok := parseArgs(e, fs, args, someArgs); !ok {
		return code
	}
	if err := firstError(atLeast("block-lines", *blockLines, 1), mf.check(), checkOut("out", files.CheckOutFile, *out)); err != nil {
		return fail(e, "reason", err)
	}
	solver, err := smt.Open(*solverName)
	switch {
	case errors.Is(err, registry.ErrUnknown):
		err = fmt.Errorf("unknown solver %q (want %s or none)", *solverName, strings.Join(smt.Names(), ", "))
	case errors.Is(err, proc.ErrNotFound):
		err = fmt.Errorf("%w (or use --solver none)", err)
	}
	if err != nil {
		return fail(e, "reason", err)
	}
	opts := &fmagent.ReasonOptions{Solver: solver, BlockLines: *blockLines, Contracts: *contracts, Out: *out,
		DryRun: mf.estimate, Progress: progressPrinter(e, "reason")}
	// With --nats, the work is handed out to the workers (not that of an
	// estimate or a replay: it asks no model).
	if opts.Runner, err = mf.runner(e, "reason"); err != nil {
		return fail(e, "reason", err)
	}
	res, err := fmagent.Reason(mf.open(ctx, e, &opts.Model), fs.Args(), opts)
	if code, done := mf.failed(e, "reason", err); done {
		return code
	}
	if *asJSON {
		res.File().Encode(e.stdout)
	} else {
		fmagent.WriteReasonText(e.stdout, res.Reports, mf.m.By)
		mf.m.WriteUsage(e.stdout)
	}
	if mf.estimate {
		return 0
	}
	return reportsStatus(e, "reason", res.Reports)
}

// reportsStatus is the exit status of a run that reasoned about reports:
// 1 for a MISMATCH or an ERROR among verdicts, but 2 when every function
// ended in ERROR (the run failed; a line on stderr gives the first
// reason), else 0.
func reportsStatus(e *env, name string, reports []*hoare.Report) int {
	failed, all, first := fmagent.ReportsFailed(reports)
	if all {
		fmt.Fprintf(e.stderr, "surety %s: every function failed (%d ERROR); the first: %s\n", name, len(reports), first)
		return 2
	}
	return exitIf(failed)
}
