package smt

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// bitwuzlaDriver is run by Python with the bindings installed: Bitwuzla's
// PyPI package has no command-line program.
//
//go:embed bitwuzla_driver.py
var bitwuzlaDriver string

// Bitwuzla returns a Solver that runs Bitwuzla through its Python bindings
// (pip install bitwuzla): Options.Path is the Python interpreter, ""
// meaning "python3", and the bindings must import in it. Bitwuzla decides
// bit-vectors, arrays, floating point and uninterpreted functions; a query
// with integer or real arithmetic is answered Unknown with Reason
// "unsupported: integer or real arithmetic" without running it. It has no
// sessions. Options.Logic and Options.Args are not used.
func Bitwuzla(opts *Options) Solver { return &procSolver{name: "bitwuzla", opts: *opts.orZero()} }

// bitwuzlaQuery is what the driver reads on stdin.
type bitwuzlaQuery struct {
	Script    string   `json:"script"`
	Values    []string `json:"values"`
	TimeoutMS int64    `json:"timeout_ms"`
}

func bitwuzlaInput(q *Query) []byte {
	in := bitwuzlaQuery{Script: q.Script, Values: q.Values}
	if q.Timeout > 0 {
		in.TimeoutMS = max(1, q.Timeout.Milliseconds())
	}
	b, _ := json.Marshal(in) // strings only: cannot fail
	return b
}

// importable caches, by interpreter, whether the bindings import.
var importable sync.Map // string -> bool

// bitwuzlaPresent reports whether python imports the bindings; it asks
// each interpreter once.
func bitwuzlaPresent(python string) bool {
	if ok, seen := importable.Load(python); seen {
		return ok.(bool)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := proc.Run(ctx, &proc.Cmd{Path: python, Args: []string{"-c", "import sys; del sys.path[0]; import bitwuzla"}})
	ok := err == nil && out.ExitCode == 0
	if err == nil || errors.Is(err, proc.ErrNotFound) {
		importable.Store(python, ok)
	}
	return ok
}
