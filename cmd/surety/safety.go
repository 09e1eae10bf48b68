package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native"
)

func init() {
	register(&command{
		name:  "safety",
		usage: "surety safety [--k 5] [--properties array-bounds,division-by-zero,null-dereference,shift,signed-overflow] [--timeout 60s] [--json] FILE.c",
		short: "Check a C program for undefined behaviour at every operation (native engine); exit 1 when a violation replays under gcc's sanitizers.",
		run:   runSafety,
	})
}

func runSafety(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("safety", flag.ContinueOnError)
	k := fs.Int("k", bmc.DefaultK, "unwind bound for loops and recursion")
	props := fs.String("properties", "", "comma-separated properties to check (default: all)")
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each claim")
	asJSON := fs.Bool("json", false, "print the claims as JSON")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usage(e, "surety safety [flags] FILE.c")
	}
	if *k <= 0 {
		return fail(e, "safety", fmt.Errorf("--k %d: want a bound of at least 1", *k))
	}
	if err := positive("timeout", *timeout); err != nil {
		return fail(e, "safety", err)
	}
	ps, err := native.ParseProperties(*props)
	if err != nil {
		return fail(e, "safety", err)
	}
	rep, err := surety.Safety(ctx, fs.Arg(0), &surety.SafetyOptions{K: *k, Properties: ps, Timeout: *timeout})
	if err != nil {
		return fail(e, "safety", err)
	}
	if err := show(e, *asJSON, rep); err != nil {
		return fail(e, "safety", err)
	}
	return exitIf(rep.Summary.Falsified > 0)
}
