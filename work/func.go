package work

import (
	"context"
	"encoding/json"
	"fmt"
)

// A Kind is a registered job kind whose input and output are Go values
// that travel as JSON: In is the job's input, Out its output. Func makes
// one. Its zero value names no kind and makes no jobs that run.
type Kind[In, Out any] struct {
	name string
}

// Func registers, with Register, the handler of kind that decodes a job's
// input as JSON into an In, calls fn with it, and encodes fn's Out as
// JSON: the handler of every job kind of surety. fn's error becomes the
// job's Err, as it is, with the Out fn returned beside it as the Output
// (what a failed job spent, for the caller to count); a job whose input does not decode fails without
// calling fn. Func panics as Register does (kind empty or registered
// already, fn nil). Call it from an init function, or in a package
// variable's initializer.
func Func[In, Out any](kind string, fn func(ctx context.Context, in In) (Out, error)) Kind[In, Out] {
	var h Handler
	if fn != nil { // a nil fn gives a nil Handler, for Register to refuse
		h = func(ctx context.Context, b []byte) ([]byte, error) {
			var in In
			if err := json.Unmarshal(b, &in); err != nil {
				return nil, fmt.Errorf("work: %s job: its input: %w", kind, err)
			}
			out, err := fn(ctx, in)
			if err != nil {
				// What fn returned beside its error goes with it (Result.Output).
				if b, merr := json.Marshal(out); merr == nil {
					return b, err
				}
				return nil, err
			}
			b, err = json.Marshal(out)
			if err != nil {
				return nil, fmt.Errorf("work: %s job: its output: %w", kind, err)
			}
			return b, nil
		}
	}
	Register(kind, h)
	return Kind[In, Out]{name: kind}
}

// Name is the kind's name, as Func registered it.
func (k Kind[In, Out]) Name() string { return k.name }

// Job returns the job of this kind with the input in, encoded as JSON
// (with its ID, as NewJob gives it). Its error is encoding/json's, when
// in cannot be encoded.
func (k Kind[In, Out]) Job(in In) (Job, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return Job{}, err
	}
	return NewJob(k.name, b), nil
}
