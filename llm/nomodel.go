package llm

import "errors"

// ErrNoModel is returned by a pipeline that has something to ask a
// language model and was given none. A pipeline checks its input first
// (paths, records, reports) and asks for the model only then, so that a
// command line can name a bad input before a missing model, and a run with
// nothing to ask needs no model at all.
var ErrNoModel = errors.New("surety: no language model given")
