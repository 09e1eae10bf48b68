package main

import (
	"context"
	"flag"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native"
)

func runSafety(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("safety", flag.ContinueOnError)
	k := fs.Int("k", bmc.DefaultK, "unwind bound for loops and recursion")
	props := fs.String("properties", "", "comma-separated properties to check (default: all)")
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each claim")
	asJSON := fs.Bool("json", false, "print the claims as JSON")
	if code, ok := parseArgs(e, fs, args, 1); !ok {
		return code
	}
	ps, err := native.ParseProperties(*props)
	if err = firstError(check(*k > 0, "k", *k, "want a bound of at least 1"), positive("timeout", *timeout), err); err != nil {
		return fail(e, "safety", err)
	}
	rep, err := viverra.Safety(ctx, fs.Arg(0), &viverra.SafetyOptions{K: *k, Properties: ps, Timeout: *timeout})
	return finish(e, "safety", *asJSON, rep, err, func(r *viverra.SafetyReport) bool { return r.Summary.Falsified > 0 })
}
