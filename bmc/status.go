package bmc

import (
	"fmt"
	"time"
)

// Status is a Checker's answer to one Query. The zero value is Unknown.
type Status int

const (
	// Unknown: no verdict (timeout, resource limit, unsupported construct).
	Unknown Status = iota
	// Verified: the target holds on every k-bounded execution of the query.
	Verified
	// Falsified: a k-bounded execution violates the target.
	Falsified
)

var statusNames = [...]string{"UNKNOWN", "VERIFIED", "FALSIFIED"}

func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// MarshalText makes Status a string in JSON.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (s *Status) UnmarshalText(b []byte) error {
	for i, n := range statusNames {
		if n == string(b) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("bmc: unknown status %q", b)
}

// A Result is a Checker's answer to one Query.
type Result struct {
	Status Status `json:"status"`
	// Engine names the checker (and configuration) that answered.
	Engine string `json:"engine"`
	// Reason explains an UNKNOWN: "timeout", "unsupported: <construct> at
	// line N", "resource", ... Empty otherwise.
	Reason string `json:"reason,omitempty"`
	// Counterexample is set for FALSIFIED when the engine gave one.
	Counterexample *Counterexample `json:"counterexample,omitempty"`
	// BoundComplete is set on a VERIFIED answer to a query with
	// UnwindingAssertions: no loop exceeds K, so the target holds on every
	// execution, not only on k-bounded ones.
	BoundComplete bool `json:"bound_complete,omitempty"`
	// Induction is set on a VERIFIED answer with BoundComplete that
	// k-induction proved, not a complete unwinding: the K of its step case.
	Induction int `json:"induction,omitempty"`
	// Proof names how a VERIFIED answer with BoundComplete was proved,
	// when neither a complete unwinding nor k-induction did: "recursion
	// summaries", "one run" (the program reads no input). Like an
	// induction, such a proof needs no bound, so an unwinding
	// counterexample does not contest it (Combine).
	Proof string `json:"proof,omitempty"`
	// Unwound is set on a FALSIFIED answer to a query with
	// UnwindingAssertions that shows a loop or recursion running more than
	// K times, not a violation of the target: it weakens a bounded answer
	// and contradicts no proof for every execution.
	Unwound bool `json:"unwound,omitempty"`
	// Invariants are loop invariants an induction proved and used, in C:
	// a correctness witness can carry them.
	Invariants []Invariant   `json:"invariants,omitempty"`
	Duration   time.Duration `json:"duration_ns"`
	// Disagreement is set by the portfolio when two engines gave opposite
	// definitive answers (VERIFIED and FALSIFIED) to the same query. The
	// portfolio then answers UNKNOWN: it never picks a side silently.
	Disagreement []EngineAnswer `json:"disagreement,omitempty"`
	// WrongClaims are the engines' proofs for every execution that a run
	// of the program refuted (Combine): a FALSIFIED answer whose run fails
	// the target, or an unwinding counterexample that a run confirmed
	// against a complete unwinding. They are findings against those
	// engines, reported beside the answer the evidence gave.
	WrongClaims []EngineAnswer `json:"wrong_claims,omitempty"`
	// Replayed is set on a FALSIFIED answer whose counterexample the
	// engine itself reproduced by running the compiled program. VerifyAll
	// replays every other FALSIFIED answer before it believes it.
	Replayed bool `json:"replayed,omitempty"`
	// Assumptions are the modelling assumptions the answer depends on, in
	// words ("malloc never fails"), sorted. A VERIFIED answer holds only on
	// the executions that these assumptions allow.
	Assumptions []string `json:"assumptions,omitempty"`
	// Hazards are what the engine found in the program that no engine
	// models faithfully (an evaluation order C leaves open that changes a
	// value, say): like the screen's (Prescan), they keep every assertion
	// of the program from being a fact, whatever another engine answers.
	Hazards []Hazard `json:"hazards,omitempty"`
}

// An EngineAnswer is one engine's status, kept when engines disagree.
type EngineAnswer struct {
	Engine string `json:"engine"`
	Status Status `json:"status"`
	// BoundComplete is set when the answer was a VERIFIED for every
	// execution, not only the k-bounded ones.
	BoundComplete bool `json:"bound_complete,omitempty"`
}

// A Counterexample is a k-bounded execution that violates the target.
type Counterexample struct {
	// Inputs are the nondeterministic values in the order consumed.
	Inputs []Input `json:"inputs,omitempty"`
	// Stdin is the stdin text that reproduces the execution, when its
	// input came from stdin and the engine said what was read.
	Stdin string `json:"stdin,omitempty"`
	// Steps is the path: the physical lines visited, in order.
	Steps []Step `json:"steps,omitempty"`
}

// An Input is one nondeterministic value of a counterexample.
type Input struct {
	// Name says where the value came from: "scanf#1",
	// "__VERIFIER_nondet_int#3", "x" (an uninitialised variable)...
	Name string `json:"name"`
	// Value is the value as a C literal.
	Value string `json:"value"`
	Line  int    `json:"line,omitempty"`
	// Uninit marks the value of a local variable Name declared without
	// an initialiser on Line, read before any assignment: C leaves it
	// indeterminate, the verifiers let it be any value of its type. One
	// such input is listed for each execution of the declaration on the
	// counterexample's path, in order (see InitUninit).
	Uninit bool `json:"uninit,omitempty"`
}

// A Step is one point of a counterexample's path.
type Step struct {
	Func string `json:"func,omitempty"`
	Line int    `json:"line"` // physical line in the source, 1-based
	Note string `json:"note,omitempty"`
}

// An Invariant is a C expression that holds at the head of a loop (before
// its condition is evaluated) on every execution.
type Invariant struct {
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Function string `json:"function"`
	Expr     string `json:"expr"`
}
