package surety

import (
	"context"
	"fmt"
	"time"

	"github.com/suretydev/surety/complete"
)

// CompleteOptions control Complete. The zero value is valid; nil means
// the defaults. Complete does not modify it.
type CompleteOptions struct {
	// Check is passed to complete.Check (the verifier, Dafny's time limit,
	// how many inputs and neighbours are tried); nil means its defaults.
	Check *complete.Options
	// Timeout bounds the whole check; 0 means none. A check stopped by it
	// is an error saying how long it ran.
	Timeout time.Duration
}

// Complete asks dafny-complete's question of every method and function of
// the Dafny file at path: does its proved contract determine a unique
// result ([OK]), or does it accept two different results for one valid
// input ([UNDER], with the witness)? The report's Under says whether any
// contract is incomplete; complete.WriteText prints it for people, and it
// marshals to stable JSON. Only a regular file is read.
//
// Unless opts.Check names a Verifier, Dafny is found through the verifier
// registered as "dafny" (complete.Options.VerifierName), which this
// package does not import: import _ "github.com/suretydev/surety/complete/dafny",
// as cmd/surety does, or the error says so.
func Complete(ctx context.Context, path string, opts *CompleteOptions) (*complete.Report, error) {
	if opts == nil {
		opts = &CompleteOptions{}
	}
	if opts.Timeout < 0 {
		return nil, fmt.Errorf("surety: negative timeout %v", opts.Timeout)
	}
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	start := time.Now()
	rep, err := complete.Check(ctx, path, opts.Check)
	if err != nil {
		return nil, fmt.Errorf("%w (after %v)", err, time.Since(start).Round(time.Second))
	}
	return rep, nil
}
