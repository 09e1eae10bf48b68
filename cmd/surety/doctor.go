package main

import (
	"context"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/bmc"
)

func runDoctor(ctx context.Context, e *env, args []string) int {
	fs := newFlags("doctor")
	opts := &surety.DoctorOptions{}
	fs.positiveVar(&opts.Timeout, "timeout", bmc.DefaultTimeout, "time budget of each engine check")
	if code, ok := parseArgs(e, fs, args, 0); !ok {
		return code
	}
	rep, err := surety.WriteDoctor(ctx, e.stdout, opts)
	if err != nil {
		return fail(e, "doctor", err)
	}
	return exitIf(!rep.OK())
}
