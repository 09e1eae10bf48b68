package llm

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
	if mm, ok := m.(*MeteredModel); ok && mm != nil {
		m = mm.Model
	}
	mt, ok := m.(*Meter)
	if !ok || mt == nil || r == nil {
		return false
	}
	mt.Add(r)
	return true
}
