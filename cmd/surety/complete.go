package main

import (
	"context"
	"flag"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/complete"
)

func runComplete(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("complete", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the report as JSON, witnesses included")
	timeout := fs.Duration("timeout", 0, "bound on the whole check (0: none)")
	limit := fs.Duration("time-limit", 0, "verification time limit per lemma (0: 20s)")
	dafnyPath := fs.String("dafny", "", "the dafny program (default: dafny on PATH)")
	if code, ok := parseArgs(e, fs, args, 1); !ok {
		return code
	}
	if err := firstError(notNegative("timeout", *timeout, "0: none"), notNegative("time-limit", *limit, "0: 20s")); err != nil {
		return fail(e, "complete", err)
	}
	rep, err := surety.Complete(ctx, fs.Arg(0), &surety.CompleteOptions{Timeout: *timeout,
		Check: &complete.Options{VerifierOptions: &complete.VerifierOptions{Program: *dafnyPath, TimeLimit: *limit}}})
	return finish(e, "complete", *asJSON, rep, err, (*complete.Report).Under)
}
