// Package contract derives function contracts from what callers expect,
// FM-Agent's technique 1, generated top-down over the layers of the call
// graph (technique 2).
//
// Terms:
//
//   - A Condition is one clause, in natural language and optionally with a
//     formal form (an SMT-LIB 2 term over the function's parameters and
//     its result, "result").
//   - A Contract holds a function's requires and ensures clauses.
//   - An Expectation is Definition 1 of FM-Agent: at a call site, caller F1
//     expects {P} F2 {Q}: F1's code guarantees P just before the call, and
//     F1's code after the call needs Q.
//   - The merge rule: the contract a function must meet for all its callers
//     has as pre-condition the disjunction of the callers' pre-conditions
//     (the strongest requires every call site can still establish) and as
//     post-condition the conjunction of their post-conditions. A Merger
//     applies it: ExactMerge (the default) does it exactly when every
//     clause is formal and fixes the contract; otherwise, and always with
//     ModelMerge, the model does it in the generation prompt, may rephrase
//     to remove redundancy, and must report a conflict between callers
//     rather than hide it. A Merger of one's own plugs in through
//     Options.Merger.
//
// Generate walks the layers of a callgraph.Condensation: an entry function's
// contract comes from domain knowledge and its body; in the same request the
// model writes, from this caller's point of view, the expected
// specifications of its callees. An internal function's contract comes from
// domain knowledge, the expectations of all its callers and its body, so a
// wrong body cannot write its own contract: the gap between what callers
// need and what the body does is the bug. The functions of one recursive
// component are done together, each given the bodies of its callers inside
// the cycle in place of the expectations they cannot have yet.
//
// Domain knowledge is cut by component before use (CutKnowledge), so a
// prompt carries only what is relevant to its function's part of the system.
//
// Each function's Record (its contract, the expectations it holds of its
// callees, where its body is) is one JSON file in a Store, written
// atomically; a run that stops can be resumed and redoes only what is
// missing or whose body changed.
//
// Contracts written by a language model are the model's claims: a Record
// says which model wrote it and with which prompt version, and nothing in
// this package treats them as proved.
package contract
