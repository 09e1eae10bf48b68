package hoare

import (
	"context"
	"errors"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/smt"
)

// A Verdict is the outcome of the pass on one function.
type Verdict string

// The verdicts, as FM-Agent's verdict files name them.
const (
	Match    Verdict = "MATCH"    // every exit's condition implies the post-condition
	Mismatch Verdict = "MISMATCH" // at least one exit does not: see Report.Bugs
	Error    Verdict = "ERROR"    // the pass could not finish: see Report.Reason
	Skipped  Verdict = "SKIPPED"  // not reasoned about (no body, no contract): see Report.Reason
)

// Who decided a check.
const (
	BySolver = "solver" // an SMT solver, on the model's translation of the condition
	ByModel  = "model"  // the language model, in natural language
)

// An Input is one function to reason about.
type Input struct {
	Func *frontend.Function
	// Source is the text of the function's file; spans index into it.
	Source []byte
	// Contract is the function's contract.
	Contract contract.Contract
	// Callees are the expected specifications of the functions it calls,
	// assumed to hold.
	Callees []contract.Expectation
	// CalleeNames maps callee IDs to readable names for prompts; optional.
	CalleeNames map[string]string
}

// Options control Reason. Model is required unless Stepper is set; the zero
// value of every other field is valid. Reason does not modify it.
type Options struct {
	Model llm.Model
	// Solver decides implications whose formulas are closed (no
	// uninterpreted function). nil keeps every check in natural language.
	Solver smt.Solver
	// Stepper takes each step of the pass; nil means a ModelStepper with
	// Model, Solver and Ask. With a Stepper, Model, Solver and Ask are not
	// used.
	Stepper Stepper
	// BlockLines is the most source lines grouped into one block; 0 means
	// 10. 1 asks about every statement on its own.
	BlockLines int
	// PostTries is how many loop post-conditions are tried; 0 means 3.
	PostTries int
	// InvariantTries is how many invariants are tried per post-condition;
	// 0 means 2.
	InvariantTries int
	// Ask controls the structured-reply repair loop.
	Ask *llm.AskOptions
}

func (o *Options) blockLines() int     { return orDefault(o.BlockLines, 10) }
func (o *Options) postTries() int      { return orDefault(o.PostTries, 3) }
func (o *Options) invariantTries() int { return orDefault(o.InvariantTries, 2) }

func orDefault(v, d int) int {
	if v <= 0 {
		return d
	}
	return v
}

// A Report is the outcome of the pass on one function. It marshals to
// stable JSON.
type Report struct {
	Function string  `json:"function"` // ID
	Name     string  `json:"name"`
	Verdict  Verdict `json:"verdict"`
	// Reason explains ERROR and SKIPPED.
	Reason string `json:"reason,omitempty"`
	// DecidedBy is "model" whenever any step of the pass was the model's
	// judgement, as it always is for the conditions themselves: the
	// verdict is an LLM's verdict.
	DecidedBy string `json:"decided_by"`
	// Steps are the conditions written, in the order of the pass.
	Steps []Step `json:"steps"`
	// Loops records the post-condition-first search at each loop.
	Loops []LoopOutcome `json:"loops,omitempty"`
	// Checks are the exit checks, in order.
	Checks []Check `json:"checks"`
	// Bugs are the exits whose condition does not imply the post-condition.
	Bugs []PotentialBug `json:"bugs,omitempty"`
	// Requests counts the model requests made.
	Requests int       `json:"requests"`
	Usage    llm.Usage `json:"usage"`
}

// A Step is one block reasoned about: its pre- and post-condition.
type Step struct {
	Span frontend.Span `json:"span"`
	Kind string        `json:"kind"` // "block", "then", "else", "case", "loop", "join"
	Pre  string        `json:"pre"`
	Post string        `json:"post"`
}

// A Check is one implication the pass decided.
type Check struct {
	What      string `json:"what"` // "exit at line 12", "invariant: maintained"...
	Premise   string `json:"premise"`
	Goal      string `json:"goal"`
	Holds     bool   `json:"holds"`
	DecidedBy string `json:"decided_by"`
	// Formula is the SMT-LIB translation when the solver decided.
	Formula string `json:"formula,omitempty"`
	// WhySentences says why the check stayed in natural language: the
	// uninterpreted functions found, a translation the solver rejected, or
	// no solver configured.
	WhySentences string `json:"why_sentences,omitempty"`
	// Explanation is the model's reasoning, or the solver's counterexample.
	Explanation string `json:"explanation,omitempty"`
}

// A LoopOutcome is the search for one loop's post-condition and invariant.
type LoopOutcome struct {
	Span     frontend.Span `json:"span"`
	Attempts []LoopAttempt `json:"attempts"`
	// Post is the post-condition the pass went on with; Found says whether
	// an invariant justified it. Without one, the pass goes on from the
	// weakest safe condition instead, and says so.
	Post  string `json:"post"`
	Found bool   `json:"found"`
}

// A LoopAttempt is one post-condition with the invariants tried for it.
type LoopAttempt struct {
	Post       string           `json:"post"`
	Invariants []InvariantTrial `json:"invariants"`
}

// An InvariantTrial is one candidate invariant and its three checks.
type InvariantTrial struct {
	Invariant  string `json:"invariant"`
	Initiation Check  `json:"initiation"` // loop pre-condition implies the invariant
	Maintained Check  `json:"maintained"` // one iteration keeps it
	Sufficient Check  `json:"sufficient"` // invariant and not condition imply the post-condition
	Valid      bool   `json:"valid"`
}

// A PotentialBug is an exit whose condition does not imply the
// post-condition: not yet a bug, a suspicion for package validate to
// confirm with a test.
type PotentialBug struct {
	Function string        `json:"function"`
	Exit     frontend.Span `json:"exit"`
	ExitText string        `json:"exit_text"`
	// Chain lists the conditions from the function's entry to the exit.
	Chain []string `json:"chain"`
	// Condition holds at the exit; Post is what the contract ensures.
	Condition string `json:"condition"`
	Post      string `json:"post"`
	// Counterexample sketches a state that reaches the exit and violates
	// the post-condition; Trigger is a condition on the inputs that leads
	// there.
	Counterexample string `json:"counterexample"`
	Trigger        string `json:"trigger"`
	DecidedBy      string `json:"decided_by"`
}

// Reason runs the pass on one function. A failure of the model (an
// invalid reply after repairs, a spent budget) gives a Report with verdict
// ERROR, not an error; the returned error is non-nil only for a cancelled
// context or unusable options.
func Reason(ctx context.Context, in *Input, opts *Options) (*Report, error) {
	if opts == nil || (opts.Model == nil && opts.Stepper == nil) {
		return nil, errors.New("hoare: Reason needs a Model or a Stepper")
	}
	fn := in.Func
	r := &Report{Function: fn.ID(), Name: fn.QualifiedName(), DecidedBy: ByModel}
	switch {
	case fn.Body == nil || !fn.Definition:
		r.Verdict, r.Reason = Skipped, "no body"
		return r, nil
	case len(in.Contract.Ensures) == 0:
		r.Verdict, r.Reason = Skipped, "the contract ensures nothing to check"
		return r, nil
	}
	p := &pass{in: in, opts: opts, r: r, ctx: ctx, stepper: opts.Stepper}
	if p.stepper == nil {
		p.stepper = &ModelStepper{Model: opts.Model, Solver: opts.Solver, Ask: opts.Ask}
	}
	err := p.run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		r.Verdict, r.Reason = Error, err.Error()
		return r, nil
	}
	r.Verdict = Match
	if len(r.Bugs) > 0 {
		r.Verdict = Mismatch
	}
	return r, nil
}
