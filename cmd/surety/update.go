package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/internal/files"

	"github.com/suretydev/surety/incremental"
	"github.com/suretydev/surety/smt"
)

func runUpdate(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("update", flag.ContinueOnError)
	since := fs.String("since", "", "compare with this git revision instead of the last run's snapshot")
	goal := fs.String("goal", "", "what the change is for (default with --since: the commit messages)")
	top := fs.Int("top", 10, "reconsider this many functions most relevant to the goal")
	planOnly := fs.Bool("plan", false, "print the plan and stop: ask nothing")
	state := fs.String("state", fmagent.State("").Dir(), "directory of the contract records and the snapshot")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	var mf modelFlags
	mf.register(fs)
	defer mf.close()
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if err := firstError(notNegative("top", *top, "0: 10"), mf.check()); err != nil {
		return fail(e, "update", err)
	}
	if err := checkOut("state", files.CheckOutDir, *state); err != nil && !*planOnly {
		return fail(e, "update", err)
	}
	opts := &fmagent.UpdateOptions{State: fmagent.State(*state), Since: *since, Goal: *goal, PlanOnly: *planOnly,
		Relevance: &incremental.RelevanceOptions{Top: *top}, DryRun: mf.estimate, Progress: progressPrinter(e, "update")}
	if !*planOnly {
		ctx = mf.open(ctx, e, &opts.Model)
		if ss := smt.Available(); len(ss) > 0 {
			opts.Solver = smt.Portfolio(ss...)
		}
	}
	res, err := fmagent.Update(ctx, paths, opts)
	if code, done := mf.failed(e, "update", err); done {
		return code
	}
	if res.Total == 0 {
		return fail(e, "update", fmt.Errorf("no function found in %s", strings.Join(paths, " ")))
	}
	status := 0
	if res.Contracts != nil && !mf.estimate {
		status = max(reportsStatus(e, "update", res.Reports), exitIf(len(res.Contracts.Errors) > 0))
	}
	if err := show(e, *asJSON, res); err != nil {
		return fail(e, "update", err)
	}
	if res.Contracts != nil && !*asJSON {
		for _, msg := range res.Contracts.Errors {
			fmt.Fprintln(e.stderr, "surety update:", msg)
		}
		mf.m.WriteUsage(e.stdout)
	}
	return status
}
