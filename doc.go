// Package surety makes agent-written code checkable.
//
// It brings three lines of work together in one library, one package per
// technique, each following its document's steps:
//
//   - fmagent: FM-Agent's caller-driven contracts (arXiv 2604.11556): a
//     function's contract is derived from what its callers expect,
//     generated top-down over the layers of the call graph, then checked by
//     natural-language Hoare reasoning block by block; a suspected bug is
//     reported only when a generated test from the system's entry point
//     triggers it; after a change only what the change touches is redone.
//   - viverra: VIVERRA's verified facts (arXiv 2605.14972): a C program's
//     assertions are checked by a portfolio of bounded model checkers,
//     standalone and then assuming all earlier ones, and only what is
//     proved is kept, as //FACT[k=K] comments that name their bound and,
//     for conditional facts, their conditions.
//   - complete: dafny-complete's question: a proved contract may still say
//     almost nothing; surety proves that it determines a unique result, or
//     finds two different results that it accepts (Complete here runs it
//     on a file with the installed verifier).
//   - svrun: SV-COMP's verification tasks answered and scored.
//
// Beneath them: frontend (the language-neutral program model, with the C,
// Rust, Dafny and Go frontends), callgraph (resolution, SCCs, layers,
// phases, scheduling), contract, hoare, smt, bmc (VerifyAll, the checker
// portfolio, the ESBMC, CBMC, native and run engines), validate (bug
// confirmation), incremental, llm (the one door to language models),
// cospec (VIVERRA's LLM stages), work (one way to hand out independent
// jobs: a local pool or NATS JetStream), progress (the one progress event)
// and selftest (differential testing against gcc runs). cmd/surety is a
// thin command line over them.
//
// This package holds what every user needs whichever technique they
// take: the build's Version, Doctor (which outside programs and engines
// work here), and Complete.
//
// Verdicts are never stronger than their evidence: a bounded fact names its
// bound, a conditional fact its conditions, a language model's verdict says
// it is one, and UNKNOWN is an honest answer.
package surety
