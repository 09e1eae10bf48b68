package main

import (
	"context"
	"flag"
	"fmt"

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
		fmt.Fprintln(e.stderr, "usage: surety doctor [--timeout 60s]")
		return 2
	}
	if err := positive("timeout", *timeout); err != nil {
		return fail(e, "doctor", err)
	}
	// Each line as soon as it is known: a self-test can take a while.
	rep := &surety.DoctorReport{Programs: surety.FindPrograms(ctx)}
	fmt.Fprintln(e.stdout, "programs:")
	for _, p := range rep.Programs {
		fmt.Fprintf(e.stdout, "  %s\n", p)
	}
	fmt.Fprintln(e.stdout, "engines:")
	rep.Engines = surety.TestEngines(ctx, &surety.DoctorOptions{Timeout: *timeout}, func(c surety.EngineCheck) {
		fmt.Fprintf(e.stdout, "  %s\n", c)
	})
	if !rep.Ran() {
		fmt.Fprintln(e.stdout, "no verification engine available")
	}
	if !rep.OK() {
		return 1
	}
	return 0
}
