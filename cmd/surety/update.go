package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/internal/files"

	"github.com/suretydev/surety/incremental"
	"github.com/suretydev/surety/smt"
)

func runUpdate(ctx context.Context, e *env, args []string) int {
	fs := newFlags("update")
	rel := &incremental.RelevanceOptions{}
	opts := &fmagent.UpdateOptions{Relevance: rel, Progress: progressPrinter(e, "update")}
	fs.StringVar(&opts.Since, "since", "", "compare with this git revision instead of the last run's snapshot")
	fs.StringVar(&opts.Goal, "goal", "", "what the change is for (default with --since: the commit messages)")
	fs.intVar(&rel.Top, "top", 10, 0, "reconsider this many functions most relevant to the goal (0: 10)")
	fs.BoolVar(&opts.PlanOnly, "plan", false, "print the plan and stop: ask nothing")
	fs.outVar((*string)(&opts.State), "state", fmagent.State("").Dir(), "directory of the contract records and the snapshot", files.CheckOutDir)
	asJSON := fs.Bool("json", false, "print the result as JSON")
	mf := modelVars(fs, e, &opts.DryRun, "")
	defer mf.close()
	if code, ok := parseArgs(e, fs, args, anyArgs); !ok {
		return code
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if !opts.PlanOnly {
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
	if res.Contracts != nil && !opts.DryRun {
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
