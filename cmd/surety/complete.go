package main

import (
	"context"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/complete"
)

func runComplete(ctx context.Context, e *env, args []string) int {
	fs := newFlags("complete")
	vo := &complete.VerifierOptions{}
	opts := &surety.CompleteOptions{Check: &complete.Options{VerifierOptions: vo}}
	asJSON := fs.Bool("json", false, "print the report as JSON, witnesses included")
	fs.durationVar(&opts.Timeout, "timeout", 0, "bound on the whole check (0: none)")
	fs.durationVar(&vo.TimeLimit, "time-limit", 0, "verification time limit per lemma (0: 20s)")
	fs.StringVar(&vo.Program, "dafny", "", "the dafny program (default: dafny on PATH)")
	if code, ok := parseArgs(e, fs, args, 1); !ok {
		return code
	}
	rep, err := surety.Complete(ctx, fs.Arg(0), opts)
	return finish(e, "complete", *asJSON, rep, err, (*complete.Report).Under)
}
