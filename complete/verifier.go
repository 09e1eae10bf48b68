package complete

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// This file holds what a verifier implements and what it speaks in: the
// Verifier interface and the types of its answers. Adapters live in
// subpackages named after their program (complete/dafny) and register a
// Finder (registry.go) from their own init.

// A Verifier is the Dafny the checker runs, behind an interface so that a
// Dafny of another generation, or a recording in tests, can take its
// place. Package complete/dafny implements it for Dafny 2.3 to 4. Files
// are given by name and content; the first is the one verified or run,
// the others are there for it to include. A Verifier must be safe for
// concurrent use: the checker runs two at once at times. Every method
// stops promptly, with ctx's error wrapped, when ctx is cancelled. Package
// complete/completetest checks an implementation against this contract.
type Verifier interface {
	// Version is the version Dafny reported, for the report.
	Version() string
	// Dialect says how generated Dafny must be spelled.
	Dialect() Dialect
	// Verify verifies the first file and reports the outcome of each of
	// its lemmas, predicates and functions (a top-level declaration
	// starting its line: "lemma Name", "predicate Name", "function
	// Name", optionally "ghost" or "function method"), in source order,
	// named as declared. An outcome is Verified only when the verifier
	// said so for that very declaration; Unknown when nothing said. A
	// program that does not parse or type-check gives an error matching
	// ErrUnresolved, with the Verification and its Diagnostics.
	Verify(ctx context.Context, files ...File) (*Verification, error)
	// VerifyAll is Verify that verifies the included files too; the
	// checker asks it whether the user's file verifies as given
	// (Verification.Clean).
	VerifyAll(ctx context.Context, files ...File) (*Verification, error)
	// Run compiles the first file without verifying it and runs its
	// Main. Execution.Stdout is what the program printed; a non-zero exit
	// of the program is ExitCode, not an error. A program that does not
	// resolve or compile gives an error matching ErrUnresolved.
	Run(ctx context.Context, files ...File) (*Execution, error)
}

// A ModelVerifier is a Verifier that can also keep the counterexample
// models of the proofs that failed (Verification.Model), as
// complete/dafny's does. It is optional: without it, the proof pass runs
// Verify and no candidate comes from a model.
type ModelVerifier interface {
	VerifyModel(ctx context.Context, files ...File) (*Verification, error)
}

// ErrUnresolved is what a Verifier's error wraps when the program it was
// given does not parse or type-check (or, for Run, compile), so nothing
// was verified or run; the Diagnostics say where. Check reports the
// user's own file this way as ErrResolution.
var ErrUnresolved = errors.New("complete: program does not resolve")

// ErrNotFound is what a Finder's error matches (errors.Is) when the
// verifier's program, or one it needs (a solver), is not installed.
var ErrNotFound error = notFoundError{}

type notFoundError struct{}

func (notFoundError) Error() string { return "complete: verifier not found" }

// Unwrap makes ErrNotFound match internal/proc's not-found error too, as
// every surety error for a missing program does.
func (notFoundError) Unwrap() error { return proc.ErrNotFound }

// VerifierOptions configure the verifier a Finder finds. The zero value is
// valid; a nil pointer means the zero value. A Finder does not modify it.
type VerifierOptions struct {
	// Program is the verifier's program, a name on PATH or a path; ""
	// means the verifier's own default ("dafny" for "dafny").
	Program string
	// Solver is the SMT solver the verifier should run, where it takes
	// one (Dafny 2 and 3 take z3; Dafny 4 uses its own); "" means its
	// default ("z3" on PATH).
	Solver string
	// TimeLimit bounds the verification of each lemma; 0 means 20s.
	TimeLimit time.Duration
	// Timeout bounds a whole run (verification or compile-and-run); 0
	// means 10 minutes.
	Timeout time.Duration
	// Cores is the number of lemmas verified at once; 0 means 2.
	Cores int
}

// A File is a Dafny source given to a Verifier. Name is a plain file name
// ("check.dfy"); other files of a run may include it by that name.
type File struct {
	Name    string
	Content []byte
}

// A Dialect says how generated Dafny must be spelled.
type Dialect int

const (
	// Legacy is Dafny 2 and 3: compiled functions are "function method",
	// predicates are ghost by default.
	Legacy Dialect = iota
	// Modern is Dafny 4: functions are compiled by default, ghost ones say so.
	Modern
)

func (d Dialect) String() string {
	if d == Modern {
		return "dafny4"
	}
	return "dafny3"
}

// CompiledFunction is the keyword for a function that can be executed.
func (d Dialect) CompiledFunction() string {
	if d == Modern {
		return "function"
	}
	return "function method"
}

// GhostPredicate is the keyword for a specification-only predicate.
func (d Dialect) GhostPredicate() string {
	if d == Modern {
		return "ghost predicate"
	}
	return "predicate"
}

// Status is the verifier's outcome for one lemma.
type Status int

const (
	Unknown  Status = iota // the run ended before saying
	Verified               // proved within the time limit
	Failed                 // an error was reported inside the lemma
	TimedOut               // the time limit or resource limit was reached
)

var statusNames = [...]string{"unknown", "verified", "failed", "timed out"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// MarshalText makes Status a string in JSON.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// A Diagnostic is one message Dafny tied to a place.
type Diagnostic struct {
	File string `json:"file"` // the file name as Dafny printed it
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Msg  string `json:"msg"` // "Error: ...", "Timed out ...", "Related location: ..."
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s(%d,%d): %s", d.File, d.Line, d.Col, d.Msg)
}

// A LemmaResult is the outcome of one lemma of the verified file.
type LemmaResult struct {
	Name   string `json:"name"`
	Line   int    `json:"line"` // where the lemma starts in the verified file
	Status Status `json:"status"`
}

// A Verification is what one verifier run said.
type Verification struct {
	// Lemmas lists every lemma of the verified file in source order.
	Lemmas      []LemmaResult `json:"lemmas"`
	Diagnostics []Diagnostic  `json:"diagnostics,omitempty"`
	ExitCode    int           `json:"exit_code"`
	Duration    time.Duration `json:"duration"`
	// Finished says the verifier ran to its end and gave every proof
	// obligation a verdict, proved or failed: none timed out, ran out of
	// resources or was left inconclusive (Dafny's closing "verifier
	// finished with N verified, M errors" and nothing after it).
	Finished bool `json:"finished"`
	// Output is Dafny's standard output and error, for reports.
	Output string `json:"-"`
	// Model is the counterexample models of the failed proofs, as Dafny 2
	// and 3 write them with /mv (sections "*** MODEL" to "*** END_MODEL",
	// lines "name -> value"), when VerifyModel asked for them; empty
	// otherwise. A model is what the solver had when it gave up, a hint
	// and never evidence.
	Model string `json:"-"`
}

// Errors counts the errors and time-outs the verifier reported (not
// counting related locations).
func (v *Verification) Errors() int {
	n := 0
	for _, d := range v.Diagnostics {
		if strings.HasPrefix(d.Msg, "Error") || strings.HasPrefix(d.Msg, "Timed out") {
			n++
		}
	}
	return n
}

// Clean reports whether the run verified everything it was given: the
// verifier finished, exited 0, and reported no error and no time-out.
func (v *Verification) Clean() bool {
	return v.ExitCode == 0 && v.Errors() == 0 && v.Finished
}

// FirstError returns the error that comes first by file name, line and
// column (not by the order of output, which varies between runs when
// several procedures are verified at once), or, when no error had a
// position, a Diagnostic with Line 0 holding the last lines of Output.
// ok is false when there is no error at all.
func (v *Verification) FirstError() (d Diagnostic, ok bool) {
	for _, x := range v.Diagnostics {
		if !strings.HasPrefix(x.Msg, "Error") && !isTimeout(x.Msg) {
			continue
		}
		if !ok || x.File < d.File || x.File == d.File && (x.Line < d.Line || x.Line == d.Line && x.Col < d.Col) {
			d, ok = x, true
		}
	}
	if ok || v.Clean() {
		return d, ok
	}
	return Diagnostic{Msg: lastLines(v.Output, 3)}, true
}

// Status returns the outcome of the lemma called name, Unknown if there is
// no such lemma.
func (v *Verification) Status(name string) Status {
	for _, l := range v.Lemmas {
		if l.Name == name {
			return l.Status
		}
	}
	return Unknown
}

// An Execution is what one compile-and-run produced.
type Execution struct {
	// Stdout is the program's output, without the verifier's own banner
	// lines.
	Stdout   []byte        `json:"-"`
	Output   string        `json:"-"` // everything Dafny printed, for reports
	ExitCode int           `json:"exit_code"`
	Duration time.Duration `json:"duration"`
}

// Failure says in one line why the program stopped with a non-zero exit
// code: the exception Dafny 2 and 3 report ("System.IndexOutOfRangeException:
// Index was outside the bounds of the array."), else the last line of
// output.
func (ex *Execution) Failure() string {
	lines := strings.Split(ex.Output, "\n")
	for i, l := range lines {
		if strings.Contains(l, "Execution resulted in exception") && i+1 < len(lines) {
			return strings.TrimSpace(lines[i+1])
		}
	}
	return lastLines(ex.Output, 1)
}

func isTimeout(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "timed out") || strings.Contains(m, "out of resource")
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, " | ")
}
