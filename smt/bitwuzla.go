package smt

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
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

// interpreters caches, by the interpreter asked for, the executable that
// imports the bindings, or "" when they do not import.
var interpreters sync.Map // string -> string

// bitwuzlaPresent reports whether python imports the bindings; it asks
// each interpreter once.
func bitwuzlaPresent(python string) bool { return bitwuzlaPython(python) != "" }

// bitwuzlaPython returns the executable that python runs, when it imports
// the bindings, else "". Queries run that executable directly: python3 is
// often a shim (pyenv's is a chain of shell scripts) that costs half a
// CPU-second per start, more than most queries take.
func bitwuzlaPython(python string) string {
	if exe, seen := interpreters.Load(python); seen {
		return exe.(string)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := proc.Run(ctx, &proc.Cmd{Path: python, Args: []string{"-c", "import sys; del sys.path[0]; import bitwuzla; print(sys.executable)"}})
	exe := ""
	if err == nil && out.ExitCode == 0 {
		exe = python
		if p := strings.TrimSpace(string(out.Stdout)); filepath.IsAbs(p) {
			exe = p
		}
	}
	if err == nil || errors.Is(err, proc.ErrNotFound) {
		interpreters.Store(python, exe)
	}
	return exe
}
