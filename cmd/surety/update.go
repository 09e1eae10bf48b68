package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/incremental"
	"github.com/suretydev/surety/smt"
)

func init() {
	register(&command{
		name:  "update",
		usage: "surety update [--since REV] [--goal TEXT] [--top N] [--plan] [--state DIR] [--json] PATH...",
		short: "redo only what a change touches: changed contracts, callers of changed contracts, functions relevant to the goal",
		run:   runUpdate,
	})
}

func runUpdate(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("update", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	since := fs.String("since", "", "compare with this git revision instead of the last run's snapshot")
	goal := fs.String("goal", "", "what the change is for (default with --since: the commit messages)")
	top := fs.Int("top", 10, "reconsider this many functions most relevant to the goal")
	planOnly := fs.Bool("plan", false, "print the plan and stop: ask nothing")
	state := fs.String("state", ".surety", "directory of the contract records and the snapshot")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	var mf modelFlags
	mf.register(fs)
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
	if err := checkNamed(ctx, paths); err != nil {
		return fail(e, "update", err)
	}
	opts := &surety.UpdateOptions{State: *state, Since: *since, Goal: *goal, PlanOnly: *planOnly,
		Relevance: &incremental.RelevanceOptions{Top: *top}}
	var m *meteredModel
	if !*planOnly {
		var err error
		if ctx, m, err = mf.model(ctx, e); err != nil {
			return fail(e, "update", err)
		}
		opts.Model = m
		if solvers := smt.Available(); len(solvers) > 0 {
			opts.Solver = smt.Portfolio(solvers...)
		}
		// Nothing is asked before the state is known to have a place.
		if err := checkOutDir("state", *state, mf.estimate); err != nil {
			return fail(e, "update", err)
		}
		if mf.estimate {
			// Update deletes the records it will redo and saves the
			// snapshot; an estimate writes nothing, so it works on a
			// scratch copy of the state.
			scratch, err := scratchState(*state)
			if err != nil {
				return fail(e, "update", err)
			}
			defer os.RemoveAll(scratch)
			opts.State = scratch
		}
	}
	res, err := surety.Update(ctx, paths, opts)
	if rerr := m.refused(); rerr != nil {
		return failRefused(e, "update", rerr)
	}
	if err != nil {
		return fail(e, "update", err)
	}
	if res.Total == 0 {
		return fail(e, "update", fmt.Errorf("no function found in %s", strings.Join(paths, " ")))
	}
	status := 0
	if res.Contracts != nil && !mf.estimate {
		status = reportsStatus(e, "update", res.Reports)
		if len(res.Contracts.Errors) > 0 && status == 0 {
			status = 1
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return fail(e, "update", err)
		}
		return status
	}
	if res.Goal != "" {
		fmt.Fprintf(e.stdout, "goal: %s\n", res.Goal)
		if res.LowConfidence {
			if res.Reranked {
				fmt.Fprintln(e.stdout, "no function scores well against the goal by its words; the model chose the relevant ones")
			} else {
				fmt.Fprintln(e.stdout, "no function scores well against the goal; none is added for relevance")
			}
		}
	}
	plan := res.Plan
	if res.Final != nil {
		plan = res.Final
	}
	plan.Write(e.stdout)
	if res.Contracts != nil {
		fmt.Fprintf(e.stdout, "contracts: %d asked, %d reused; reasoned again about %d of %d functions\n",
			res.Contracts.Asked, res.Contracts.Reused, len(res.Reports), res.Total)
		for _, r := range res.Reports {
			fmt.Fprintf(e.stdout, "  %-8s %s\n", r.Verdict, r.Name)
			for _, b := range r.Bugs {
				fmt.Fprintf(e.stdout, "           potential bug at %s: %s\n", b.Exit, b.ExitText)
			}
		}
		for _, msg := range res.Contracts.Errors {
			fmt.Fprintln(e.stderr, "surety update:", msg)
		}
		printUsage(e.stdout, m.report())
	}
	return status
}

// checkNamed checks, without parsing, that each path named on the command
// line can be read as surety update will: it is there, it is a directory
// or a regular file of a language surety reads, and a file is text. The
// error names the path.
func checkNamed(ctx context.Context, paths []string) error {
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return pathError(p, err)
		}
		if info.IsDir() {
			continue
		}
		if !info.Mode().IsRegular() {
			return pathError(p, fmt.Errorf("%w (%s)", frontend.ErrNotRegular, frontend.Kind(info.Mode())))
		}
		if frontend.ForPath(p) == nil {
			return pathError(p, frontend.ErrNoParser)
		}
		data, err := frontend.ReadFile(ctx, p)
		if err == nil {
			err = frontend.CheckText(data)
		}
		if err != nil {
			return pathError(p, err)
		}
	}
	return nil
}

// scratchState copies what surety update reads of the state directory
// (the contract records and the snapshot) into a new temporary directory.
func scratchState(state string) (string, error) {
	dir, err := os.MkdirTemp("", "surety-estimate-")
	if err != nil {
		return "", err
	}
	copyFile := func(from, to string) error {
		data, err := os.ReadFile(from)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	}
	err = copyFile(filepath.Join(state, "snapshot.json"), filepath.Join(dir, "snapshot.json"))
	if err == nil {
		err = os.MkdirAll(filepath.Join(dir, "contracts"), 0o755)
	}
	if err == nil {
		var entries []os.DirEntry
		entries, err = os.ReadDir(filepath.Join(state, "contracts"))
		if errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
		for _, en := range entries {
			if err != nil {
				break
			}
			if en.Type().IsRegular() {
				err = copyFile(filepath.Join(state, "contracts", en.Name()), filepath.Join(dir, "contracts", en.Name()))
			}
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}
