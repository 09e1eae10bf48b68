package fmagent

import (
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/validate"
)

// Suspects turns the potential bugs of Hoare reports into the suspects
// package validate confirms with tests. validate does not know hoare: this
// is the one place where the two meet. The order is that of the reports
// and of their bugs.
func Suspects(reports []*hoare.Report) []*validate.Suspect {
	var out []*validate.Suspect
	for _, r := range reports {
		for i := range r.Bugs {
			out = append(out, Suspect(r, &r.Bugs[i]))
		}
	}
	return out
}

// Suspect turns one potential bug of report r into a suspect.
func Suspect(r *hoare.Report, b *hoare.PotentialBug) *validate.Suspect {
	return &validate.Suspect{
		Function: r.Name, File: b.Exit.File, Line: b.Exit.StartLine, Exit: b.ExitText,
		Claim: b.Post, Actual: b.Condition, Evidence: b.Chain,
		Trigger: b.Trigger, Counterexample: b.Counterexample,
	}
}
