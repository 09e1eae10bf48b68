// Package hoare is FM-Agent's natural-language Hoare pass (techniques 3 to
// 5): starting from a function's pre-condition, a language model writes the
// condition that holds after each block of statements, and at every exit
// the pass checks that the condition implies the function's
// post-condition. An exit where it does not is a potential bug, reported
// with the chain of conditions that led to it.
//
// The pass follows the paper's steps:
//
//   - Input per function: its body (the statement tree of package
//     frontend), its contract, and the expected specifications of its
//     callees, which are assumed to hold (compositional reasoning).
//   - Forward: the first block's pre-condition is the function's; each
//     later one is the previous post-condition. Statements are grouped into
//     blocks at syntax boundaries, up to Options.BlockLines lines, so the
//     model is asked far fewer times than there are statements.
//   - Branches: each branch is reasoned with its condition, or its
//     negation, added; the condition after the branch is the disjunction of
//     the branches' conditions.
//   - Loops, post-condition first (technique 4): the model states what holds
//     after the loop, then proposes an invariant, which must pass the three
//     checks (implied by the loop's pre-condition; maintained by one
//     iteration; with the negated loop condition, implies the
//     post-condition). When no invariant passes within a limit, another
//     post-condition is tried. The outcome records which checks passed and
//     how each was decided.
//   - Exits: at every return, throw or exit, and at the end of the body, the
//     condition must imply the function's post-condition. Every failing
//     exit is reported, not only the first.
//   - Formulas (technique 5): each implication is first translated by the
//     model into SMT-LIB. If the formula uses an uninterpreted function, the
//     sentence was too vague to formalise, and the check stays in natural
//     language, recording why; otherwise a solver decides it, and the check
//     records that the solver did.
//
// The steps that need judgement go through a Stepper: Reason walks the
// body and asks it for each block's post-condition, each loop's
// post-condition and invariant, whether an iteration keeps the invariant,
// and whether a condition implies another. ModelStepper, the default, asks
// the language model as above; a researcher replaces one step by embedding
// it and defining that method, or drives the steps alone, block by block.
//
// Every check says who decided it: "solver" (a proof or a counterexample
// from an SMT solver, sound for the formula as translated, which the model
// wrote) or "model" (the language model's judgement). A Report's verdict
// is therefore an LLM-backed verdict, and says so.
package hoare
