package selftest

import (
	"fmt"
	"io"

	"github.com/suretydev/surety/internal/files"
)

// WriteText writes the report for people: the counts of each path, then
// each wrong verdict with the program kept for it.
func (r *Report) WriteText(w io.Writer) error {
	ew := &files.ErrWriter{W: w}
	fmt.Fprintf(ew, "%d programs (%d without truth, skipped); seconds per program: median %.1f, max %.1f\n",
		r.Programs, r.NoTruth, r.MedianSeconds, r.MaxSeconds)
	fmt.Fprintf(ew, "%-16s %8s %10s %6s %7s %6s %6s %9s\n", "path", "programs", "assertions", "right", "unknown", "WRONG", "errors", "seconds")
	for _, c := range r.Counts {
		fmt.Fprintf(ew, "%-16s %8d %10d %6d %7d %6d %6d %9.1f\n", c.Path, c.Programs, c.Assertions, c.Right, c.Unknown, c.Wrong, c.Errors, c.Seconds)
	}
	for _, x := range r.Wrong {
		what := x.Pred
		if x.Assertion < 0 {
			what = "the task"
		}
		fmt.Fprintf(ew, "WRONG %s: %s line %d %q: %s, truth %s; %s\n  %s\n", x.Path, x.Program, x.Line, what, x.Verdict, x.Truth, x.Reason, x.File)
	}
	return ew.Err
}
