// Package incremental decides what to redo after a change, FM-Agent's
// technique 7, so that a codebase reasoned about once is not reasoned
// about from scratch after every edit.
//
// A Snapshot records, per function, a hash of its body (normalised: comments
// and whitespace do not count), a hash of its contract, the specification
// functions its contract or body mentions, and its callees. Snapshots are
// stored beside the contract records and compared with a new one, or taken
// of an earlier revision read through a History (incremental/git is the
// adapter to git).
//
// The re-check rule (Plan): a function is reasoned about again when
//
//  1. it is new or its body changed,
//  2. its contract changed,
//  3. it calls a function whose contract changed, or
//  4. a specification function its contract or proof mentions changed
//     (the case FM-Agent lacks and modular verifiers such as Verus have).
//
// Contracts are updated caller before callee; a changed contract pushes
// changes down to its callees' expected specifications (contract.Generate
// redoes a callee whose caller was redone) and up to the expectations its
// callers hold. Contracts of removed functions are discarded.
//
// Relevance: an edit may miss a function that had to change, which is then
// neither modified nor new. Relevant scores every function against a
// stated goal (given, or taken from commit messages): modules first, then
// files, then functions, each a weighted sum of text overlap with the goal,
// the scores of its callers and callees, and the score of its type. The top
// N are reconsidered even though unchanged.
package incremental
