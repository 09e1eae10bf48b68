package fmagent

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/progress"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/work"
)

// ConfirmOptions control Confirm. System needs a Build or a Run command;
// Model is needed as soon as there is a potential bug to confirm (see
// llm.ErrNoModel); the zero value of every other field is valid. Confirm does
// not modify it.
type ConfirmOptions struct {
	// Model writes the tests and, without a reference, judges them.
	Model llm.Model
	// System says how a test enters the system under test.
	System validate.TargetSystem
	// Attempts is the most tests tried per potential bug; 0 means 10.
	Attempts int
	// Runner runs the tests; nil means sandbox.New(nil) (see
	// validate.ConfirmOptions).
	Runner validate.Runner
	// Jobs, if not nil, confirms each potential bug as a job of kind
	// ConfirmKind (package work), on a worker with its own model and its
	// own sandbox; nil confirms them in this process. A worker runs the
	// System's commands in its sandbox's directory on its own machine, so
	// the system under test (and the reference) must be at the same paths
	// there. Model must be one a worker can open by name
	// (llm.JobModelName), and Runner nil or a *sandbox.Sandbox: anything
	// else is refused by name before any work. The reports are written
	// here, as each job's comes back.
	Jobs work.Runner
	// From is the reason file Reason wrote; "" means
	// ".surety/reason.json".
	From string
	// Out is the directory of the bug reports (one Markdown and one JSON
	// file per bug, and confirmed.sarif); "" means ".surety/bugs".
	Out string
	// Fresh confirms every potential bug again. By default a run resumes:
	// a bug an earlier run decided (confirmed or unconfirmed, not failed)
	// keeps its report in Out.
	Fresh bool
	// Root is the directory files are named relative to, as in
	// ReviewOptions; "" means frontend.ProjectRoot(paths).
	Root string
	// DryRun writes nothing: for a Model that only counts
	// (llm.NewEstimator).
	DryRun bool
	// Progress, if set, receives events: "load" warnings, and a "confirm"
	// event as each potential bug is decided.
	Progress func(progress.Event)
}

// A ConfirmResult is what Confirm did.
type ConfirmResult struct {
	// From is the reason file read.
	From string `json:"from"`
	// Attempts is the most tests tried per potential bug.
	Attempts int `json:"attempts"`
	// Bugs holds one entry per potential bug of the reports of functions
	// in the paths, in report order, each decided (Confirm returns early
	// with an error only when a decision could not be made).
	Bugs []*ConfirmedBug `json:"bugs"`
	// Files lists the reports written; nil in a dry run or when there was
	// nothing to confirm.
	Files *validate.BugReportFiles `json:"files,omitempty"`
}

// A ConfirmedBug is one potential bug and the decision on it.
type ConfirmedBug struct {
	Suspect      *validate.Suspect      `json:"suspect"`
	Confirmation *validate.Confirmation `json:"confirmation"`
	// Earlier marks a decision read from an earlier run's report.
	Earlier bool `json:"earlier,omitempty"`
}

// Confirmed counts the bugs a test confirmed.
func (r *ConfirmResult) Confirmed() int {
	n := 0
	for _, b := range r.Bugs {
		if b.Confirmation.Status == validate.Confirmed {
			n++
		}
	}
	return n
}

// Failed counts the bugs whose confirmation failed (ERROR) and gives the
// first one's reason on one line.
func (r *ConfirmResult) Failed() (n int, first string) {
	for _, b := range r.Bugs {
		if b.Confirmation.Status == validate.ConfirmFailed {
			if n == 0 {
				first = oneLine(b.Confirmation.Reason)
			}
			n++
		}
	}
	return n, first
}

// WriteText writes a line per decided bug for people: CONFIRMED with the
// attempt that did it and the oracle (saying when the model judged by the
// contract), else UNCONFIRMED or ERROR with the reason; a decision read
// from an earlier run says so first.
func (r *ConfirmResult) WriteText(w io.Writer) error {
	ew := &files.ErrWriter{W: w}
	for _, b := range r.Bugs {
		s, c := b.Suspect, b.Confirmation
		if b.Earlier {
			ew.Printf("(from an earlier run) ")
		}
		switch c.Status {
		case validate.Confirmed:
			v := c.Trigger.Verdict
			note := ""
			if v.JudgedByContract {
				note = " (judged by contract: the model's verdict)"
			}
			ew.Printf("CONFIRMED    %s at %s:%d by attempt %d/%d, %s oracle%s\n", s.Function, s.File, s.Line, c.Trigger.N, r.Attempts, v.Oracle, note)
		default:
			ew.Printf("%-12s %s at %s:%d: %s\n", map[validate.ConfirmStatus]string{validate.Unconfirmed: "UNCONFIRMED", validate.ConfirmFailed: "ERROR"}[c.Status], s.Function, s.File, s.Line, c.Reason)
		}
	}
	return ew.Err
}

// Confirm confirms the potential bugs Reason reported (FM-Agent technique
// 6): for each potential bug of a function in paths, it writes tests that
// enter the system from its entry point, runs them in a sandbox, and lets
// an oracle (a crash, a hang, a reference implementation, or the model
// against the contract) decide whether one triggered the bug. Each
// decision is written to Out as it is made, so that a run stopped part-way
// resumes where it stopped (see ConfirmOptions.Fresh); the SARIF log of
// the confirmed bugs is written at the end.
//
// A missing reason file is ErrNoReasonFile. With no potential bug in the
// paths, the result has no Bugs and no model is needed. On an error after
// some bugs were decided, the result holds those.
func Confirm(ctx context.Context, paths []string, opts *ConfirmOptions) (*ConfirmResult, error) {
	if opts == nil {
		opts = &ConfirmOptions{}
	}
	if opts.System.Build == "" && opts.System.Run == "" {
		return nil, errors.New("surety: Confirm needs a Build or a Run command")
	}
	send := progress.Send(opts.Progress)
	root, err := projectRoot(opts.Root, paths)
	if err != nil {
		return nil, err
	}
	l, err := load(ctx, paths, &frontend.LoadOptions{Mode: 0, Root: root}, true, progress.Warn(send, "load"))
	if err != nil {
		return nil, err
	}
	from := opts.From
	if from == "" {
		from = State("").Reason()
	}
	rf, err := ReadReasonFile(ctx, from)
	if err != nil {
		return nil, err
	}
	in := map[string]bool{}
	for _, f := range l.prog.Files {
		for _, fn := range f.Functions {
			in[fn.ID()] = true
		}
	}
	var reports []*hoare.Report
	for _, r := range rf.Reports {
		if in[r.Function] {
			reports = append(reports, r)
		}
	}
	attempts := opts.Attempts
	if attempts <= 0 {
		attempts = 10
	}
	res := &ConfirmResult{From: from, Attempts: attempts}
	suspects := Suspects(reports)
	if len(suspects) == 0 {
		return res, nil
	}
	if opts.Model == nil {
		return nil, llm.ErrNoModel
	}
	out := opts.Out
	if out == "" {
		out = State("").Bugs()
	}
	// What cannot be sent to workers is refused before any work.
	var jobs *confirmJobs
	if opts.Jobs != nil {
		if jobs, err = opts.sendable(attempts); err != nil {
			return nil, err
		}
	}
	// Nothing is asked before the reports are known to have a place.
	if err := files.CheckOutDir(out, opts.DryRun); err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	// The decisions of an earlier run first, then the others, in this
	// process or as jobs; each is written as it is made.
	bugs := make([]*ConfirmedBug, len(suspects))
	var todo []int
	for i, s := range suspects {
		bugs[i] = &ConfirmedBug{Suspect: s}
		if !opts.Fresh {
			c, err := validate.ReadBugReport(out, s.ID())
			if err != nil {
				return res, fmt.Errorf("surety: %w", err)
			}
			if c != nil && c.Status != validate.ConfirmFailed {
				bugs[i].Confirmation, bugs[i].Earlier = c, true
			}
		}
		if bugs[i].Confirmation == nil {
			todo = append(todo, i)
		}
	}
	n := 0
	progressed := func(i int) {
		n++
		send(progress.Event{Stage: "confirm", Done: n, Total: len(suspects), Function: suspects[i].Function})
	}
	decided := func(i int, c *validate.Confirmation) error {
		if !opts.DryRun {
			if _, err := validate.WriteBugReport(out, c); err != nil {
				return fmt.Errorf("surety: %w", err)
			}
		}
		bugs[i].Confirmation = c
		progressed(i)
		return nil
	}
	// finish is res with the bugs decided, in suspect order.
	finish := func() *ConfirmResult {
		for _, b := range bugs {
			if b.Confirmation != nil {
				res.Bugs = append(res.Bugs, b)
			}
		}
		return res
	}
	for i, b := range bugs {
		if b.Earlier {
			progressed(i)
		}
	}
	if jobs != nil {
		todo, err = jobs.run(ctx, opts, suspects, todo, decided) // what the jobs left to this process
	}
	if err == nil {
		vopts := &validate.ConfirmOptions{Model: opts.Model, System: opts.System, Attempts: attempts, Runner: opts.Runner}
		for _, i := range todo {
			var c *validate.Confirmation
			if c, err = validate.Confirm(ctx, suspects[i], vopts); err != nil {
				err = fmt.Errorf("surety: %w", err)
				break
			}
			if err = decided(i, c); err != nil {
				break
			}
		}
	}
	res = finish()
	if err != nil {
		return res, err
	}
	var done []*validate.Confirmation
	for _, b := range res.Bugs {
		done = append(done, b.Confirmation)
	}
	if !opts.DryRun {
		if res.Files, err = validate.WriteBugReports(out, done); err != nil {
			return res, fmt.Errorf("surety: %w", err)
		}
	}
	return res, nil
}
