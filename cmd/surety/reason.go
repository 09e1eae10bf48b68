package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/internal/files"

	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/smt"
)

func runReason(ctx context.Context, e *env, args []string) int {
	fs := newFlags("reason")
	opts := &fmagent.ReasonOptions{Progress: progressPrinter(e, "reason")}
	fs.intVar(&opts.BlockLines, "block-lines", 10, 1, "most source lines grouped into one block (one model request)")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	fs.StringVar(&opts.Contracts, "contracts", fmagent.State("").Contracts(), "directory of the contract records written by surety contracts")
	fs.outVar(&opts.Out, "out", fmagent.State("").Reason(), "file the reports are written to, for surety confirm", files.CheckOutFile)
	solverName := new(string)
	fs.choiceVar(solverName, "solver", "z3", "SMT solver for closed formulas: "+strings.Join(smt.Names(), ", ")+", or none (every check stays in natural language)", append(smt.Names(), "none")...)
	mf := modelVars(fs, e, &opts.DryRun, "URL of a NATS server (JetStream): each function's Hoare pass is a job for its workers (surety worker, with the same SURETY_MODEL; not in replay or estimate), "+
		"and its key-value store keeps the model replies instead of --cache")
	defer mf.close()
	if code, ok := parseArgs(e, fs, args, someArgs); !ok {
		return code
	}
	var err error
	opts.Solver, err = smt.Open(*solverName)
	if errors.Is(err, proc.ErrNotFound) {
		err = fmt.Errorf("%w (or use --solver none)", err)
	}
	if err != nil {
		return fail(e, "reason", err)
	}
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
	if opts.DryRun {
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
