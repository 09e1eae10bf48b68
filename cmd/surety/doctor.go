package main

import (
	"context"
	"flag"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/bmc"
)

func runDoctor(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each engine check")
	if code, ok := parseArgs(e, fs, args, 0); !ok {
		return code
	}
	if err := positive("timeout", *timeout); err != nil {
		return fail(e, "doctor", err)
	}
	rep, err := surety.WriteDoctor(ctx, e.stdout, &surety.DoctorOptions{Timeout: *timeout})
	if err != nil {
		return fail(e, "doctor", err)
	}
	return exitIf(!rep.OK())
}
