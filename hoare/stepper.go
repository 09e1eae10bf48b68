package hoare

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/smt"
)

// A Stepper takes the steps of the pass that need judgement: the condition
// after a block of statements, a loop's post-condition and invariant,
// whether one iteration keeps the invariant, and whether one condition
// implies another. Reason walks the body itself (grouping statements into
// blocks, splitting at branches, joining their conditions, searching for
// loop invariants, checking every exit) and asks its Stepper at each step,
// one step at a time, in source order.
//
// ModelStepper, the default, asks a language model each step as FM-Agent
// does. A researcher replaces one step by embedding *ModelStepper in a type
// of their own and defining that method, replaces them all by implementing
// the interface, or drives the steps alone, block by block (see the
// examples).
//
// A method returns an error only when it could not take the step (the
// model gave no valid reply, a budget is spent, the context ended); Reason
// then ends with verdict ERROR, or returns the context's error. A result
// returned with an error may still carry the Cost spent, and Reason counts
// it. A Stepper given in Options is used by every Reason call with those
// Options, concurrently if Reason is.
type Stepper interface {
	// Block returns the condition that holds after s.Stmts run from s.Pre.
	Block(ctx context.Context, s *BlockStep) (*Proposal, error)
	// LoopPost proposes the condition that holds after the loop finishes,
	// other than every one in s.Rejected.
	LoopPost(ctx context.Context, s *LoopStep) (*Proposal, error)
	// Invariant proposes a loop invariant that justifies s.Post, other
	// than every one in s.Rejected.
	Invariant(ctx context.Context, s *LoopStep) (*Proposal, error)
	// Maintained judges whether one iteration of the loop keeps
	// s.Invariant.
	Maintained(ctx context.Context, s *LoopStep) (*Judgement, error)
	// Implies decides whether s.Premise implies s.Goal.
	Implies(ctx context.Context, s *Implication) (*Judgement, error)
}

// A BlockStep is a group of straight-line statements of one function.
type BlockStep struct {
	// In is the function reasoned about, with its source and contract.
	In *Input
	// Stmts are the statements, in source order; never empty.
	Stmts []*frontend.Stmt
	// Pre is the condition that holds before the first statement.
	Pre string
	// Exit names the exit the last statement takes ("return", "abnormal
	// exit (panic, abort or exit)"); empty when the block does not leave
	// the function.
	Exit string
}

// Span returns the source range of the block, from its first statement to
// its last.
func (s *BlockStep) Span() frontend.Span {
	span := s.Stmts[0].Span
	last := s.Stmts[len(s.Stmts)-1].Span
	span.EndLine, span.EndByte = last.EndLine, last.EndByte
	return span
}

// A LoopStep is one loop of a function, at one step of the search for its
// post-condition and invariant (technique 4).
type LoopStep struct {
	In   *Input
	Loop *frontend.Stmt
	// Pre is the condition that holds before the loop.
	Pre string
	// Cond is the loop's condition, or, for a loop without one, a sentence
	// saying it ends only by break, return or exit.
	Cond string
	// Post is, for Invariant and Maintained, the post-condition the
	// invariant must justify.
	Post string
	// Invariant is, for Maintained, the invariant to check.
	Invariant string
	// Rejected are, for LoopPost and Invariant, the earlier proposals that
	// failed, each with why.
	Rejected []string
}

// An Implication is one check: does Premise imply Goal? What names it for
// the report ("exit at line 12: return x", "invariant: implied by the
// loop's pre-condition").
type Implication struct {
	In                  *Input
	What, Premise, Goal string
}

// A Cost is what a step spent asking a model.
type Cost struct {
	Requests int       `json:"requests"`
	Usage    llm.Usage `json:"usage"`
}

func (c *Cost) add(d Cost) {
	c.Requests += d.Requests
	c.Usage.PromptTokens += d.Usage.PromptTokens
	c.Usage.CompletionTokens += d.Usage.CompletionTokens
}

// A Proposal is a condition a Stepper wrote: a post-condition or an
// invariant.
type Proposal struct {
	Text string
	Cost
}

// A Judgement is a decided check. Reason records Check with What, Premise
// and Goal set from the step, whatever the Stepper put there.
// Counterexample and Trigger, when a check fails at an exit, go into the
// potential bug: a state that reaches the exit and violates the goal, and a
// condition on the inputs that leads there.
type Judgement struct {
	Check          Check
	Counterexample string
	Trigger        string
	Cost
}

// ModelStepper is the default Stepper: each step is a prompt to Model, from
// the templates in prompts/hoare.tmpl, with a reply checked against the
// step's JSON schema. Implies translates the implication into SMT-LIB first
// and lets Solver decide a closed formula (technique 5); otherwise the model
// judges it in natural language. Model is required; the zero value of every
// other field is valid. A ModelStepper is safe for concurrent use.
type ModelStepper struct {
	Model llm.Model
	// Solver decides implications whose formulas are closed. nil keeps
	// every check in natural language.
	Solver smt.Solver
	// Ask controls the structured-reply repair loop.
	Ask *llm.AskOptions
}

// Block asks the model for the post-condition of the block.
func (m *ModelStepper) Block(ctx context.Context, s *BlockStep) (*Proposal, error) {
	var out struct {
		Post string `json:"post"`
	}
	cost, err := m.ask(ctx, s.In, "block", promptData{Pre: s.Pre, Code: code(s.In.Source, s.Stmts), Exit: s.Exit}, postSchema, &out)
	return &Proposal{Text: out.Post, Cost: cost}, err
}

// LoopPost asks the model what holds after the loop.
func (m *ModelStepper) LoopPost(ctx context.Context, s *LoopStep) (*Proposal, error) {
	var out struct {
		Post string `json:"post"`
	}
	d := loopData(s)
	d.Post = ""
	cost, err := m.ask(ctx, s.In, "loop-post", d, postSchema, &out)
	return &Proposal{Text: out.Post, Cost: cost}, err
}

// Invariant asks the model for an invariant that justifies s.Post.
func (m *ModelStepper) Invariant(ctx context.Context, s *LoopStep) (*Proposal, error) {
	var out struct {
		Invariant string `json:"invariant"`
	}
	cost, err := m.ask(ctx, s.In, "invariant", loopData(s), invariantSchema, &out)
	return &Proposal{Text: out.Invariant, Cost: cost}, err
}

// Maintained asks the model whether one iteration keeps s.Invariant; the
// model reasons over the body's code, not a formula.
func (m *ModelStepper) Maintained(ctx context.Context, s *LoopStep) (*Judgement, error) {
	d := loopData(s)
	d.Rejected = nil
	var j judgeReply
	cost, err := m.ask(ctx, s.In, "maintain", d, judgeSchema, &j)
	return &Judgement{
		Check: Check{Holds: j.Holds, DecidedBy: ByModel, Explanation: j.Explanation,
			WhySentences: "an iteration is reasoned about over the body's code, not as a formula"},
		Counterexample: j.Counterexample, Trigger: j.Trigger, Cost: cost,
	}, err
}

func loopData(s *LoopStep) promptData {
	return promptData{Pre: s.Pre, Code: code(s.In.Source, []*frontend.Stmt{s.Loop}), Cond: s.Cond, LoopKind: s.Loop.LoopKind,
		Post: s.Post, Invariant: s.Invariant, Rejected: s.Rejected}
}

// frame is the part of every prompt that describes the function: its name,
// contract and callees' expected specifications.
func frame(in *Input) promptData {
	d := promptData{Name: in.Func.QualifiedName(), Requires: conds(in.Contract.Requires), Ensures: conds(in.Contract.Ensures)}
	for _, e := range in.Callees {
		name := e.Callee
		if n, ok := in.CalleeNames[e.Callee]; ok {
			name = n
		}
		d.Callees = append(d.Callees, fmt.Sprintf("%s (call at line %d): requires %s; ensures %s", name, e.Line, conds(e.Pre), conds(e.Post)))
	}
	return d
}
