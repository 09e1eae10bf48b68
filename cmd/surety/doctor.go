package main

import (
	"context"
	"flag"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/bmc"
)

func init() {
	register(&command{
		name:  "doctor",
		usage: "surety doctor [--timeout 60s]",
		short: "Find the outside programs surety uses, print their versions, and check that each verification engine finds a planted bug and proves a correct program (exit 1 if any check fails).",
		run:   runDoctor,
	})
}

func runDoctor(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each engine check")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usage(e, "surety doctor [--timeout 60s]")
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
