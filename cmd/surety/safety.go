package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native"
	"github.com/suretydev/surety/frontend"
)

func init() {
	register(&command{
		name:  "safety",
		usage: "surety safety [--k 5] [--properties array-bounds,division-by-zero,null-dereference,shift,signed-overflow] [--timeout 60s] [--json] FILE.c",
		short: "Check a C program for undefined behaviour at every operation (native engine); exit 1 when a violation replays under gcc's sanitizers.",
		run:   runSafety,
	})
}

// safetyReport is the JSON form of surety safety's output.
type safetyReport struct {
	File    string         `json:"file"`
	K       int            `json:"k"`
	Claims  []native.Claim `json:"claims"`
	Summary safetySummary  `json:"summary"`
}

type safetySummary struct {
	Claims    int `json:"claims"`
	Verified  int `json:"verified"`
	Falsified int `json:"falsified"`
	Unknown   int `json:"unknown"`
}

func runSafety(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("safety", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	k := fs.Int("k", bmc.DefaultK, "unwind bound for loops and recursion")
	props := fs.String("properties", "", "comma-separated properties to check (default: all)")
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each claim")
	asJSON := fs.Bool("json", false, "print the claims as JSON")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "usage: surety safety [flags] FILE.c")
		return 2
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
	file := fs.Arg(0)
	// Only a regular text file is read: a FIFO or a device named by
	// mistake is an error, not a hang.
	src, err := frontend.ReadFile(ctx, file)
	if err == nil {
		err = frontend.CheckText(src)
	}
	if err != nil {
		return fail(e, "safety", pathError(file, err))
	}
	p, err := bmc.ParseProgram(file, src)
	if err != nil {
		return fail(e, "safety", err)
	}
	claims, err := native.New(nil).Safety(ctx, p, &native.SafetyOptions{K: *k, Properties: ps, Timeout: *timeout})
	if err != nil {
		return fail(e, "safety", err)
	}
	rep := safetyReport{File: file, K: *k, Claims: claims}
	for _, c := range claims {
		rep.Summary.Claims++
		switch c.Status {
		case bmc.Verified:
			rep.Summary.Verified++
		case bmc.Falsified:
			rep.Summary.Falsified++
		default:
			rep.Summary.Unknown++
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return fail(e, "safety", err)
		}
	} else {
		writeSafety(e, &rep)
	}
	if rep.Summary.Falsified > 0 {
		return 1
	}
	return 0
}

func writeSafety(e *env, rep *safetyReport) {
	w := e.stdout
	for _, c := range rep.Claims {
		in := ""
		if c.Func != "" {
			in = " (in " + c.Func + ")"
		}
		fmt.Fprintf(w, "%s:%d: %s: %s: %s%s\n", rep.File, c.Line, c.Property, c.Status, c.Expr, in)
		if c.Reason != "" {
			fmt.Fprintf(w, "    %s\n", c.Reason)
		}
		if c.Status != bmc.Falsified || c.Counterexample == nil {
			continue
		}
		if len(c.Counterexample.Inputs) > 0 {
			var ins []string
			for _, in := range c.Counterexample.Inputs {
				ins = append(ins, in.Name+"="+in.Value)
			}
			fmt.Fprintf(w, "    inputs: %s\n", strings.Join(ins, " "))
		}
		if c.Counterexample.Stdin != "" {
			fmt.Fprintf(w, "    stdin: %s\n", strconv.Quote(c.Counterexample.Stdin))
		}
	}
	s := rep.Summary
	bound := ""
	if s.Verified > 0 {
		bound = ", bound complete"
		for _, c := range rep.Claims {
			if c.Status == bmc.Verified && !c.BoundComplete {
				bound = ", k-bounded: a loop can run longer"
			}
		}
	}
	fmt.Fprintf(w, "safety (k=%d%s): %d claims: %d verified, %d falsified, %d unknown\n", rep.K, bound, s.Claims, s.Verified, s.Falsified, s.Unknown)
}
