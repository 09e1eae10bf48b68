package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/esbmc"
	"github.com/suretydev/surety/internal/proc"
)

func init() {
	register(&command{
		name:  "doctor",
		usage: "surety doctor [--timeout 60s]",
		short: "Find the outside programs surety uses, print their versions, and check that each verification engine finds a planted bug and proves a correct program (exit 1 if any check fails).",
		run:   runDoctor,
	})
}

// doctorPrograms are the outside programs and how each tells its version.
// A program with via set is a Python package run by that interpreter; it
// is missing when its version command fails.
var doctorPrograms = []struct {
	name string
	args []string
	use  string
	via  string
}{
	{"z3", []string{"--version"}, "SMT solver (smt, bmc/native, hoare)", ""},
	{"cvc5", []string{"--version"}, "SMT solver (smt, bmc/native)", ""},
	{"boolector", []string{"--version"}, "SMT solver (smt)", ""},
	{"bitwuzla", []string{"-c", "import sys; del sys.path[0]; import bitwuzla; print('bitwuzla', bitwuzla.version())"},
		"SMT solver, Python bindings (smt, bmc/native floating point)", "python3"},
	{"esbmc", []string{"--version"}, "bounded model checker (bmc/esbmc)", ""},
	{"cbmc", []string{"--version"}, "bounded model checker (bmc/cbmc)", ""},
	{"dafny", []string{"/version"}, "Dafny verifier (complete/dafny)", ""},
	{"gcc", []string{"--version"}, "C compiler (compile checks, tests)", ""},
}

func runDoctor(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
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
	fmt.Fprintln(e.stdout, "programs:")
	for _, p := range doctorPrograms {
		if p.via != "" {
			path, err := proc.LookPath(p.via)
			if err == nil {
				var res *proc.Result
				res, err = proc.Run(ctx, &proc.Cmd{Path: path, Args: p.args, Timeout: 30 * time.Second, MaxOutput: 1 << 16})
				if err == nil && res.ExitCode == 0 {
					fmt.Fprintf(e.stdout, "  %-10s %s  %s (%s)\n", p.name, strings.TrimSpace(string(res.Stdout)), path, p.use)
					continue
				}
			}
			fmt.Fprintf(e.stdout, "  %-10s missing    %s\n", p.name, p.use)
			continue
		}
		path, err := proc.LookPath(p.name)
		if err != nil && p.name == "esbmc" {
			path, err = esbmc.Find(ctx, "")
		}
		if err != nil {
			fmt.Fprintf(e.stdout, "  %-10s missing    %s\n", p.name, p.use)
			continue
		}
		fmt.Fprintf(e.stdout, "  %-10s %s  %s (%s)\n", p.name, version(ctx, path, p.args), path, p.use)
	}
	fmt.Fprintln(e.stdout, "engines:")
	failed, ran := false, 0
	for _, name := range bmc.Names() {
		c, _ := bmc.Lookup(name)
		if err := bmc.Available(ctx, c); err != nil {
			fmt.Fprintf(e.stdout, "  %-10s unavailable: %v\n", name, err)
			continue
		}
		ran++
		st := bmc.RunSelfTest(ctx, c, *timeout)
		if st.OK {
			fmt.Fprintf(e.stdout, "  %-10s ok: planted bug FALSIFIED, correct program VERIFIED (%s)\n", name, st.Duration.Round(time.Millisecond))
			continue
		}
		failed = true
		fmt.Fprintf(e.stdout, "  %-10s FAILED: %s\n", name, st.Err)
	}
	if ran == 0 {
		fmt.Fprintln(e.stdout, "no verification engine available")
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// version runs a program's version command and keeps its first line.
func version(ctx context.Context, path string, args []string) string {
	res, err := proc.Run(ctx, &proc.Cmd{Path: path, Args: args, Timeout: 30 * time.Second, MaxOutput: 1 << 16})
	if err != nil {
		return "(version unknown: " + err.Error() + ")"
	}
	out := strings.TrimSpace(string(res.Stdout))
	if out == "" {
		out = strings.TrimSpace(string(res.Stderr))
	}
	if i := strings.IndexByte(out, '\n'); i >= 0 {
		out = out[:i]
	}
	if out == "" {
		return "(no version output)"
	}
	return out
}
