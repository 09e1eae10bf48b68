package svrun

import (
	"fmt"
	"io"

	"github.com/suretydev/surety/svcomp"
)

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
