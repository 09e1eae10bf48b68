package main

import (
	"context"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native"
)

func runSafety(ctx context.Context, e *env, args []string) int {
	fs := newFlags("safety")
	opts := &viverra.SafetyOptions{}
	fs.intVar(&opts.K, "k", bmc.DefaultK, 1, "unwind bound for loops and recursion")
	props := fs.String("properties", "", "comma-separated properties to check (default: all)")
	fs.check(func() (err error) { opts.Properties, err = native.ParseProperties(*props); return err })
	fs.positiveVar(&opts.Timeout, "timeout", bmc.DefaultTimeout, "time budget of each claim")
	asJSON := fs.Bool("json", false, "print the claims as JSON")
	if code, ok := parseArgs(e, fs, args, 1); !ok {
		return code
	}
	rep, err := viverra.Safety(ctx, fs.Arg(0), opts)
	return finish(e, "safety", *asJSON, rep, err, func(r *viverra.SafetyReport) bool { return r.Summary.Falsified > 0 })
}
