package llm

import "fmt"

// Token use of work done elsewhere: a job (package work) that asks a model
// runs on a worker with the worker's model (WorkerModel), measures its own
// requests with a Meter of its own (Metered(m, nil)), and returns that
// Meter's Report with its result; the process that handed out the job
// adds it to its model's figures (AddUsage), so that its usage table is
// the one of a run in its own process.

// Add counts the figures of r, per stage and item, as though its requests
// had gone through mt; the tokens of r's replies from the model count
// against mt's budget. r's Estimate, Budget and Source are not mt's and
// are ignored. It is safe for concurrent use.
func (mt *Meter) Add(r *Report) {
	if r == nil {
		return
	}
	for _, s := range r.Stages {
		for _, it := range s.Items {
			mt.led.add(s.Stage, it.Item, func(t *Tally) {
				t.add(it.Tally)
				mt.spent += it.Tokens() // led.mu is held by add
			})
		}
	}
}

// AddUsage counts r, the token use of requests asked elsewhere on m's
// behalf (a job's, on a worker), in m's figures as Meter.Add does, and
// reports whether it did: m must be a *Meter, or a *MeteredModel over one
// (as OpenModel opens it, not an estimate); for any other m, and for a nil
// r, it does nothing and returns false.
func AddUsage(m Model, r *Report) bool {
	mt := meterOf(m)
	if mt == nil || r == nil {
		return false
	}
	mt.Add(r)
	return true
}

// meterOf returns the Meter of m: m itself, or the one a MeteredModel
// wraps; nil for any other m.
func meterOf(m Model) *Meter {
	if mm, ok := m.(*MeteredModel); ok && mm != nil {
		m = mm.Model
	}
	mt, _ := m.(*Meter)
	return mt
}

// BudgetLeft returns the tokens m's budget has left, 0 when it is spent,
// and whether m has a budget at all: m must be a *Meter or a
// *MeteredModel over one. Work handed out on m's behalf carries what is
// left, so that a job on a worker stops asking where m would have, and
// the one who hands it out stops when nothing is left (BudgetSpent).
func BudgetLeft(m Model) (left int, limited bool) {
	mt := meterOf(m)
	if mt == nil || mt.budget <= 0 {
		return 0, false
	}
	return max(mt.budget-mt.Spent(), 0), true
}

// BudgetSpent returns an error wrapping ErrBudget, as m's own refusals
// do, when m has a budget and has spent it (its own requests and those
// counted by AddUsage); nil otherwise.
func BudgetSpent(m Model) error {
	mt := meterOf(m)
	if mt == nil || mt.budget <= 0 {
		return nil
	}
	if spent := mt.Spent(); spent >= mt.budget {
		return fmt.Errorf("%w: %d of %d tokens used", ErrBudget, spent, mt.budget)
	}
	return nil
}
