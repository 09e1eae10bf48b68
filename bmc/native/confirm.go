package native

import (
	"context"
	"fmt"
	"time"

	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/smt"
)

// A proof lists the unsat answers that a complete bound rests on: the
// violation check at the bound, and the unwinding check or the checks of
// a k-induction (inner bounds, Houdini's invariants, the step case). An
// answer of one solver is not evidence enough for a verdict that holds on
// every execution, so each is asked again of a solver that did not give
// it (confirm) before the bound is called complete.
type proof struct {
	steps []proofStep
}

type proofStep struct {
	what string // which check, for the reason when it is not confirmed
	tr   *symex.Translation
	add  string // what the check adds to tr's script
	by   string // the solver that answered unsat
}

// add records an unsat answer the proof rests on; p may be nil.
func (p *proof) add(what string, tr *symex.Translation, add string, sr *smt.Result) {
	if p == nil || sr == nil || sr.Status != smt.Unsat {
		return
	}
	p.steps = append(p.steps, proofStep{what: what, tr: tr, add: add, by: sr.Solver})
}

// singleSolver is the assumption of a complete bound that no second
// solver was there to confirm.
const singleSolver = "the proof was checked by one solver"

// confirm asks each step of p again, of an installed solver other than
// the one that answered it (z3 first for bit-vectors, Bitwuzla for
// floating point). It returns why the proof does not stand ("" when every
// step is confirmed) and the assumption to list when no other solver is
// installed or Options.Solver is set.
func (c *Checker) confirm(ctx context.Context, p *proof, deadline time.Time) (why, assumption string, err error) {
	for _, st := range p.steps {
		s := c.confirmer(st.tr.FP, st.by)
		if s == nil {
			assumption = singleSolver
			continue
		}
		sr, err := c.solve(ctx, &prefixed{Solver: s, script: st.tr.Script.String()}, st.add, nil, time.Until(deadline))
		if err != nil {
			return "", "", err
		}
		switch sr.Status {
		case smt.Unsat:
			continue
		case smt.Sat:
			return fmt.Sprintf("%s: %s answered unsat, %s sat; no verdict", st.what, st.by, s.Name()), "", nil
		default:
			return fmt.Sprintf("%s: %s's unsat not confirmed by %s: %s", st.what, st.by, s.Name(), sr.Reason), "", nil
		}
	}
	return "", assumption, nil
}

// confirmer is the solver that checks an answer of by, or nil.
func (c *Checker) confirmer(fp bool, by string) smt.Solver {
	if c.opts.Solver != nil {
		return nil
	}
	order := []string{"z3", "cvc5", "bitwuzla"}
	if fp {
		order = []string{"bitwuzla", "cvc5", "z3"}
	}
	for _, s := range smt.Installed(order...) {
		if s.Name() != by {
			return s
		}
	}
	return nil
}
