// Package surety makes agent-written code checkable.
//
// It brings three lines of work together in one library:
//
//   - FM-Agent's caller-driven contracts: a function's contract is derived
//     from what its callers expect, generated top-down over the layers of
//     the call graph, then checked by natural-language Hoare reasoning block
//     by block; a suspected bug is reported only when a generated test from
//     the system's entry point triggers it; after a change only what the
//     change touches is redone.
//   - VIVERRA's verified facts: a C program's assertions are checked by a
//     portfolio of bounded model checkers, standalone and then assuming all
//     earlier ones, and only what is proved is kept, as //FACT[k=K] comments
//     that name their bound and, for conditional facts, their conditions.
//   - dafny-complete's question: a proved contract may still say almost
//     nothing; surety proves that it determines a unique result, or finds two
//     different results that it accepts.
//
// The work is split into packages that each own one thing (see DESIGN.md):
// frontend (the language-neutral program model and the C, Rust, Dafny and
// Go frontends), callgraph (resolution, SCCs, layers, phases, scheduling),
// contract, hoare, smt, bmc (VerifyAll, the checker portfolio, ESBMC, CBMC
// and a native engine), validate (bug confirmation), complete (contract
// completeness), incremental, llm (the one door to language models) and
// cospec (VIVERRA's LLM stages). This package chains them into the
// end-to-end pipelines, one call per command of cmd/surety, which is a thin
// command line over it: Graph, Contracts, Reason, Confirm, Review (the
// three chained), Update, Facts, RunTask, Bench, Safety, Synth, Complete
// and Doctor. Each takes an options struct whose zero value is valid (a
// Model where it asks one: ErrNoModel otherwise), checks its input before
// asking anything, reports progress and warnings as Events, and returns a
// result that marshals to stable JSON.
//
// Verdicts are never stronger than their evidence: a bounded fact names its
// bound, a conditional fact its conditions, a language model's verdict says
// it is one, and UNKNOWN is an honest answer.
package surety
