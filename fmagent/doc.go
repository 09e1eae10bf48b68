// Package fmagent is FM-Agent's pipeline (arXiv 2604.11556): Hoare-style
// reasoning over a large system written by agents, with contracts derived
// from what callers expect rather than from what the code does.
//
// The steps, each a function of this package, in the paper's order:
//
//  1. Layering (Graph): the call graph of the program, its strongly
//     connected components and the layers of top-down work (package
//     callgraph).
//  2. Contracts (Contracts): layer by layer from the entry points down,
//     each function's expected specification from its callers, merged
//     (pre-conditions by disjunction, post-conditions by conjunction);
//     recursion components together (package contract).
//  3. Reasoning (Reason, ReasonAll): the natural-language Hoare pass block
//     by block, loops post-condition first, formulas sent to an SMT solver
//     only when they are closed (package hoare).
//  4. Confirmation (Confirm): a suspected bug counts only when a test
//     generated from the system's entry triggers it (package validate).
//  5. Review (Review): steps 1 to 3 in one call, with the snapshot that
//     step 6 starts from.
//  6. Update (Update): after a change, only what it touches is redone
//     (package incremental).
//
// Which steps can be handed out as jobs (package work) to other processes
// and machines: step 2, each batch of a layer one job, a layer at a time
// (ContractsOptions.Runner, job kind contract.BatchKind: the layer order
// stays the barrier), step 3, each function one job
// (ReasonOptions.Runner, job kind ReasonKind), and step 4, each potential
// bug one job (ConfirmOptions.Jobs, job kind ConfirmKind: the worker runs
// the tests in a sandbox of its own, so the system under test must be at
// the same paths on its machine). A worker asks the model it opened
// itself (llm.SetWorkerModel), and each job returns its token use with
// its result, which the caller adds to its model's (llm.AddUsage), so the
// usage table is that of a run in one process. Step 6, and Review, run
// in the caller's process.
//
// Every function takes an options struct whose zero value is valid (a
// Model where it asks one: llm.ErrNoModel otherwise), checks its input
// before asking anything, reports progress as progress.Events and returns
// a result that marshals to stable JSON. A verdict of a language model
// says it is one.
package fmagent
