package surety

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/suretydev/surety/svcomp"
)

// The one-line outcomes the command line prints after a pipeline, for a
// tool that embeds surety and prints as it does.

// WriteText writes the counts of a Contracts run for people: the
// functions, those asked and reused, and the components that failed.
func (r *ContractsResult) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "%d functions: %d asked, %d reused from %s, %d failed components\n",
		r.Functions, r.Asked, r.Reused, r.Out, len(r.Errors))
	return err
}

// WriteSummary writes the outcome of a Confirm run for people, in one
// line: that there was nothing to confirm, how many potential bugs a dry
// run (estimate) found, or how many were confirmed and where the reports
// are (out, the directory of ConfirmOptions.Out).
func (r *ConfirmResult) WriteSummary(w io.Writer, out string, estimate bool) error {
	var err error
	switch confirmed := r.Confirmed(); {
	case len(r.Bugs) == 0:
		_, err = fmt.Fprintf(w, "no potential bugs in %s for these paths: nothing to confirm\n", r.From)
	case estimate:
		_, err = fmt.Fprintf(w, "%d potential bugs (an estimate: no report written)\n", len(r.Bugs))
	default:
		sarif := ""
		if r.Files != nil {
			sarif = r.Files.SARIF
		}
		_, err = fmt.Fprintf(w, "%d potential bugs: %d confirmed, %d not; reports in %s, SARIF in %s\n",
			len(r.Bugs), confirmed, len(r.Bugs)-confirmed, out, sarif)
	}
	return err
}

// ProgramFile is where Synth writes the program with its facts: NAME.c in
// Out.
func (o *SynthOptions) ProgramFile() string { return filepath.Join(o.Out, o.Name+".c") }

// ReportFile is where Synth writes its JSON report: NAME.json in Out.
func (o *SynthOptions) ReportFile() string { return filepath.Join(o.Out, o.Name+".json") }

// StageProgress returns a cospec.Options.Progress for people: a line
// "WHAT: STAGE (ELAPSED)" on w as each stage starts, the time counted from
// the call.
func StageProgress(w io.Writer, what string) func(stage string) {
	started := time.Now()
	return func(stage string) {
		fmt.Fprintf(w, "%s: %-10s (%s)\n", what, stage, time.Since(started).Round(time.Millisecond))
	}
}

// WriteJSON writes v as indented JSON, with <, > and & as they are (C
// code reads better so): what the command line prints with --json.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// TaskProgress returns a Bench progress callback for people: a line
// "TASK: VERDICT (OUTCOME) CPU" on w as each task is answered, and for an
// unknown verdict why, so that a long run read before its table is
// printed (or after it was stopped) still says what stood in the way.
func TaskProgress(w io.Writer) func(*svcomp.Result) {
	return func(r *svcomp.Result) {
		why := ""
		if r.Verdict == svcomp.Unknown && r.Reason != "" {
			why = ": " + r.Reason
		}
		fmt.Fprintf(w, "%s: %s (%s) %.1fs CPU%s\n", r.Task, r.Verdict, r.Outcome, r.CPU.Seconds(), why)
	}
}

// A TaskVerdict is RunTask's answer on one task as it is printed: for
// people by the Result's WriteText, and by WriteJSON as SV-COMP's table of
// that one task.
type TaskVerdict struct{ *svcomp.Result }

// WriteJSON writes the table of the one task (svcomp.Tabulate) as JSON.
func (v TaskVerdict) WriteJSON(w io.Writer) error {
	return svcomp.Tabulate([]svcomp.Result{*v.Result}).WriteJSON(w)
}
