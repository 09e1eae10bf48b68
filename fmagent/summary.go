package fmagent

import (
	"fmt"
	"io"
)

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
