package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/internal/files"

	"github.com/suretydev/surety/validate/sandbox"
)

func runConfirm(ctx context.Context, e *env, args []string) int {
	fs := newFlags("confirm")
	opts := &fmagent.ConfirmOptions{Progress: progressPrinter(e, "confirm")}
	fs.intVar(&opts.Attempts, "attempts", 10, 1, "tests tried per potential bug before it is left unconfirmed")
	fs.StringVar(&opts.System.Build, "build", "", "shell command building the test with the system under test; {test} is the test file")
	fs.StringVar(&opts.System.Run, "run", "", "shell command running what --build produced (or feeding the test to the system)")
	fs.StringVar(&opts.System.Reference, "reference", "", "shell command running the test on a reference implementation; without it the model judges against the contract")
	fs.StringVar(&opts.System.Entry, "entry", "", "what a test is, for the test writer (\"a C program for the compiler under test\")")
	fs.StringVar(&opts.From, "from", fmagent.State("").Reason(), "the reports written by surety reason")
	fs.outVar(&opts.Out, "out", fmagent.State("").Bugs(), "directory of the bug reports", files.CheckOutDir)
	sb := &sandbox.Options{}
	fs.positiveVar(&sb.Limits.Timeout, "timeout", 30*time.Second, "wall-clock limit of each build, run or reference step")
	fs.BoolVar(&sb.AllowNetwork, "allow-network", false, "let tests use the network (by default they run in a network namespace of their own)")
	fs.BoolVar(&sb.AllowWrites, "allow-writes", false, "let tests write outside their directory (for machines without mount namespaces)")
	fs.BoolVar(&opts.Fresh, "fresh", false, "confirm every potential bug again, ignoring the reports of an earlier run in --out")
	mf := modelVars(fs, e, &opts.DryRun, "URL of a NATS server (JetStream): each potential bug is a job for its workers (surety worker, with the same SURETY_MODEL and the system under test at the same paths; not in replay or estimate), "+
		"and its key-value store keeps the model replies instead of --cache")
	defer mf.close()
	if code, ok := parseArgs(e, fs, args, someArgs); !ok {
		return code
	}
	if opts.System.Build == "" && opts.System.Run == "" {
		return usage(e, "confirm")
	}
	opts.Runner = sandbox.New(sb)
	// With --nats, the work is handed out to the workers (not that of an
	// estimate or a replay: it asks no model).
	var err error
	if opts.Jobs, err = mf.runner(e, "confirm"); err != nil {
		return fail(e, "confirm", err)
	}
	res, err := fmagent.Confirm(mf.open(ctx, e, &opts.Model), fs.Args(), opts)
	if res != nil {
		res.WriteText(e.stdout)
	}
	var syntax *json.SyntaxError
	var badType *json.UnmarshalTypeError
	switch {
	case errors.Is(err, fmagent.ErrNoReasonFile):
		err = fmt.Errorf("no %s: run surety reason first", opts.From)
	case err != nil && strings.HasPrefix(err.Error(), opts.From+": ") && !errors.As(err, &syntax) && !errors.As(err, &badType):
		err = fmt.Errorf("--from %w", err)
	}
	if code, done := mf.failed(e, "confirm", err); done {
		return code
	}
	res.WriteSummary(e.stdout, opts.Out, opts.DryRun)
	if len(res.Bugs) == 0 {
		return 0
	}
	mf.m.WriteUsage(e.stdout)
	// Every bug failed (none confirmed then): no finding, but a failed run.
	if failed, first := res.Failed(); failed == len(res.Bugs) && !opts.DryRun {
		fmt.Fprintf(e.stderr, "surety confirm: every potential bug failed (%d ERROR); the first: %s\n", failed, first)
		return 2
	}
	return exitIf(res.Confirmed() > 0 && !opts.DryRun)
}
