package main

import (
	"context"
	"flag"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/complete/dafny"
)

func init() {
	register(&command{
		name:  "complete",
		usage: "surety complete [--json] [--timeout D] [--time-limit D] [--dafny PATH] FILE.dfy",
		short: "Check that each Dafny contract determines a unique result, or show a witness of two results it accepts (exit 1 on [UNDER]).",
		run:   runComplete,
	})
}

func runComplete(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("complete", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the report as JSON, witnesses included")
	timeout := fs.Duration("timeout", 0, "bound on the whole check (0: none)")
	limit := fs.Duration("time-limit", 0, "verification time limit per lemma (0: 20s)")
	dafnyPath := fs.String("dafny", "", "the dafny program (default: dafny on PATH)")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usage(e, "surety complete [--json] [--timeout D] FILE.dfy")
	}
	if err := firstError(notNegative("timeout", *timeout, "0: none"), notNegative("time-limit", *limit, "0: 20s")); err != nil {
		return fail(e, "complete", err)
	}
	rep, err := surety.Complete(ctx, fs.Arg(0), &surety.CompleteOptions{Timeout: *timeout,
		Check: &complete.Options{DafnyOptions: &dafny.Options{Dafny: *dafnyPath, TimeLimit: *limit}}})
	if err != nil {
		return fail(e, "complete", err)
	}
	if err := show(e, *asJSON, rep); err != nil {
		return fail(e, "complete", err)
	}
	return exitIf(rep.Under())
}
