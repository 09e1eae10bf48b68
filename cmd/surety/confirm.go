package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/internal/files"

	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
)

func runConfirm(ctx context.Context, e *env, args []string) int {
	flags := flag.NewFlagSet("confirm", flag.ContinueOnError)
	attempts := flags.Int("attempts", 10, "tests tried per potential bug before it is left unconfirmed")
	build := flags.String("build", "", "shell command building the test with the system under test; {test} is the test file")
	run := flags.String("run", "", "shell command running what --build produced (or feeding the test to the system)")
	reference := flags.String("reference", "", "shell command running the test on a reference implementation; without it the model judges against the contract")
	entry := flags.String("entry", "", "what a test is, for the test writer (\"a C program for the compiler under test\")")
	from := flags.String("from", fmagent.State("").Reason(), "the reports written by surety reason")
	out := flags.String("out", fmagent.State("").Bugs(), "directory of the bug reports")
	timeout := flags.Duration("timeout", 30*time.Second, "wall-clock limit of each build, run or reference step")
	allowNet := flags.Bool("allow-network", false, "let tests use the network (by default they run in a network namespace of their own)")
	allowWrites := flags.Bool("allow-writes", false, "let tests write outside their directory (for machines without mount namespaces)")
	fresh := flags.Bool("fresh", false, "confirm every potential bug again, ignoring the reports of an earlier run in --out")
	var mf modelFlags
	mf.register(flags)
	flags.Lookup("nats").Usage = "URL of a NATS server (JetStream): each potential bug is a job for its workers (surety worker, with the same SURETY_MODEL and the system under test at the same paths; not in replay or estimate), " +
		"and its key-value store keeps the model replies instead of --cache"
	defer mf.close()
	if code, ok := parseFlags(e, flags, args); !ok {
		return code
	}
	if flags.NArg() == 0 || (*build == "" && *run == "") {
		return usage(e, "confirm")
	}
	if err := firstError(atLeast("attempts", *attempts, 1), positive("timeout", *timeout), mf.check(), checkOut("out", files.CheckOutDir, *out)); err != nil {
		return fail(e, "confirm", err)
	}
	opts := &fmagent.ConfirmOptions{
		System:   validate.TargetSystem{Entry: *entry, Build: *build, Run: *run, Reference: *reference},
		Attempts: *attempts,
		Runner: sandbox.New(&sandbox.Options{Limits: sandbox.Limits{Timeout: *timeout},
			AllowNetwork: *allowNet, AllowWrites: *allowWrites}),
		From: *from, Out: *out, Fresh: *fresh, DryRun: mf.estimate, Progress: progressPrinter(e, "confirm"),
	}
	// With --nats, the work is handed out to the workers (not that of an
	// estimate or a replay: it asks no model).
	var err error
	if opts.Jobs, err = mf.runner(e, "confirm"); err != nil {
		return fail(e, "confirm", err)
	}
	res, err := fmagent.Confirm(mf.open(ctx, e, &opts.Model), flags.Args(), opts)
	if res != nil {
		res.WriteText(e.stdout)
	}
	var syntax *json.SyntaxError
	var badType *json.UnmarshalTypeError
	switch {
	case errors.Is(err, fmagent.ErrNoReasonFile):
		err = fmt.Errorf("no %s: run surety reason first", *from)
	case err != nil && strings.HasPrefix(err.Error(), *from+": ") && !errors.As(err, &syntax) && !errors.As(err, &badType):
		err = fmt.Errorf("--from %w", err)
	}
	if code, done := mf.failed(e, "confirm", err); done {
		return code
	}
	res.WriteSummary(e.stdout, *out, mf.estimate)
	if len(res.Bugs) == 0 {
		return 0
	}
	mf.m.WriteUsage(e.stdout)
	// Every bug failed (none confirmed then): no finding, but a failed run.
	if failed, first := res.Failed(); failed == len(res.Bugs) && !mf.estimate {
		fmt.Fprintf(e.stderr, "surety confirm: every potential bug failed (%d ERROR); the first: %s\n", failed, first)
		return 2
	}
	return exitIf(res.Confirmed() > 0 && !mf.estimate)
}
