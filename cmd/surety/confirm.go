package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
)

func init() {
	register(&command{
		name: "confirm",
		usage: "surety confirm [--attempts N] [--build CMD] [--run CMD] [--reference CMD] [--entry TEXT] [--from FILE] [--out DIR] " +
			"[--timeout D] [--allow-network] [--allow-writes] [--budget TOKENS] PATH...",
		short: "confirm the potential bugs of surety reason by tests from the system's entry point; write reports and SARIF",
		run:   runConfirm,
	})
}

// confirmFailures counts the confirmations that failed (ERROR) and gives
// the first one's reason.
func confirmFailures(done []*validate.Confirmation) (n int, first string) {
	for _, c := range done {
		if c.Status == validate.ConfirmFailed {
			if n == 0 {
				first = oneLine(c.Reason)
			}
			n++
		}
	}
	return n, first
}

func runConfirm(ctx context.Context, e *env, args []string) int {
	flags := flag.NewFlagSet("confirm", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	attempts := flags.Int("attempts", 10, "tests tried per potential bug before it is left unconfirmed")
	build := flags.String("build", "", "shell command building the test with the system under test; {test} is the test file")
	run := flags.String("run", "", "shell command running what --build produced (or feeding the test to the system)")
	reference := flags.String("reference", "", "shell command running the test on a reference implementation; without it the model judges against the contract")
	entry := flags.String("entry", "", "what a test is, for the test writer (\"a C program for the compiler under test\")")
	from := flags.String("from", filepath.Join(".surety", "reason.json"), "the reports written by surety reason")
	out := flags.String("out", filepath.Join(".surety", "bugs"), "directory of the bug reports")
	timeout := flags.Duration("timeout", 30*time.Second, "wall-clock limit of each build, run or reference step")
	allowNet := flags.Bool("allow-network", false, "let tests use the network (by default they run in a network namespace of their own)")
	allowWrites := flags.Bool("allow-writes", false, "let tests write outside their directory (for machines without mount namespaces)")
	fresh := flags.Bool("fresh", false, "confirm every potential bug again, ignoring the reports of an earlier run in --out")
	var mf modelFlags
	mf.register(flags)
	if code, ok := parseFlags(e, flags, args); !ok {
		return code
	}
	if flags.NArg() == 0 || (*build == "" && *run == "") {
		fmt.Fprintln(e.stderr, "usage: surety confirm --build CMD and/or --run CMD [flags] PATH...")
		return 2
	}
	if err := firstError(atLeast("attempts", *attempts, 1), positive("timeout", *timeout), mf.check()); err != nil {
		return fail(e, "confirm", err)
	}
	// Named relative to the project root, as surety reason named them.
	root, err := frontend.ProjectRoot(flags.Args())
	if err != nil {
		return fail(e, "confirm", err)
	}
	prog, err := loadPaths(ctx, e, "confirm", flags.Args(), &frontend.LoadOptions{Root: root})
	if err != nil {
		return fail(e, "confirm", err)
	}
	data, err := frontend.ReadFile(ctx, *from)
	if errors.Is(err, fs.ErrNotExist) {
		return fail(e, "confirm", fmt.Errorf("no %s: run surety reason first", *from))
	}
	if err != nil {
		return fail(e, "confirm", fmt.Errorf("--from %w", pathError(*from, err)))
	}
	var rf reasonFile
	if err := json.Unmarshal(data, &rf); err != nil {
		return fail(e, "confirm", fmt.Errorf("%s: %w", *from, err))
	}
	inPaths := map[string]bool{}
	for _, f := range prog.Files {
		for _, fn := range f.Functions {
			inPaths[fn.ID()] = true
		}
	}
	var reports []*hoare.Report
	for _, r := range rf.Reports {
		if inPaths[r.Function] {
			reports = append(reports, r)
		}
	}
	suspects := surety.Suspects(reports)
	if len(suspects) == 0 {
		fmt.Fprintf(e.stdout, "no potential bugs in %s for these paths: nothing to confirm\n", *from)
		return 0
	}
	ctx, m, err := mf.model(ctx, e)
	if err != nil {
		return fail(e, "confirm", err)
	}
	// Nothing is asked before the reports are known to have a place.
	if err := checkOutDir("out", *out, mf.estimate); err != nil {
		return fail(e, "confirm", err)
	}
	opts := &validate.ConfirmOptions{
		Model:    m,
		System:   validate.TargetSystem{Entry: *entry, Build: *build, Run: *run, Reference: *reference},
		Attempts: *attempts,
		Runner: sandbox.New(&sandbox.Options{Limits: sandbox.Limits{Timeout: *timeout},
			AllowNetwork: *allowNet, AllowWrites: *allowWrites}),
	}
	var done []*validate.Confirmation
	confirmed := 0
	for _, s := range suspects {
		// A run stopped part-way resumes: a bug decided earlier (confirmed
		// or unconfirmed, not failed) keeps its report.
		var c *validate.Confirmation
		if !*fresh {
			if c, err = validate.ReadBugReport(*out, s.ID()); err != nil {
				return fail(e, "confirm", err)
			}
			if c != nil && c.Status == validate.ConfirmFailed {
				c = nil
			}
		}
		earlier := c != nil
		if c == nil {
			c, err = validate.Confirm(ctx, s, opts)
			if rerr := m.refused(); rerr != nil {
				return failRefused(e, "confirm", rerr)
			}
			if err != nil {
				return fail(e, "confirm", err)
			}
			if !mf.estimate { // an estimate writes nothing
				if _, err := validate.WriteBugReport(*out, c); err != nil {
					return fail(e, "confirm", err)
				}
			}
		}
		done = append(done, c)
		if earlier {
			fmt.Fprintf(e.stdout, "(from an earlier run) ")
		}
		switch c.Status {
		case validate.Confirmed:
			confirmed++
			v := c.Trigger.Verdict
			note := ""
			if v.JudgedByContract {
				note = " (judged by contract: the model's verdict)"
			}
			fmt.Fprintf(e.stdout, "CONFIRMED    %s at %s:%d by attempt %d/%d, %s oracle%s\n", s.Function, s.File, s.Line, c.Trigger.N, *attempts, v.Oracle, note)
		default:
			fmt.Fprintf(e.stdout, "%-12s %s at %s:%d: %s\n", map[validate.ConfirmStatus]string{validate.Unconfirmed: "UNCONFIRMED", validate.ConfirmFailed: "ERROR"}[c.Status], s.Function, s.File, s.Line, c.Reason)
		}
	}
	if mf.estimate {
		fmt.Fprintf(e.stdout, "%d potential bugs (an estimate: no report written)\n", len(done))
		printUsage(e.stdout, m.report())
		return 0
	}
	files, err := validate.WriteBugReports(*out, done)
	if err != nil {
		return fail(e, "confirm", err)
	}
	fmt.Fprintf(e.stdout, "%d potential bugs: %d confirmed, %d not; reports in %s, SARIF in %s\n",
		len(done), confirmed, len(done)-confirmed, *out, files.SARIF)
	printUsage(e.stdout, m.report())
	if confirmed > 0 {
		return 1
	}
	if failed, first := confirmFailures(done); failed == len(done) {
		fmt.Fprintf(e.stderr, "surety confirm: every potential bug failed (%d ERROR); the first: %s\n", failed, first)
		return 2
	}
	return 0
}
