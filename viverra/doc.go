// Package viverra is VIVERRA's pipeline (arXiv 2605.14972): C programs
// whose assertions are checked by bounded model checkers, and only what is
// proved is kept, as facts.
//
// The steps, in the paper's order:
//
//  1. Co-specification (Synth): properties elicited from a description,
//     a verification-friendly program written with its assertions, the
//     bounds reduced (package cospec asks the model; Synth drives it).
//  2. VerifyAll (Facts): every assertion checked by a portfolio of
//     engines (Engines), standalone first and then assuming the earlier
//     ones in call-graph order, with the dependency closure of each
//     conditional fact (Algorithm 2, Definition 7; package bmc); every
//     verdict checked against runs of the program, and each fact audited
//     for reachability and strength (package bmc/audit).
//  3. Safety (Safety): undefined behaviour the native engine can show
//     at each operation, each violation confirmed by a sanitized run.
//
// Verified facts become //FACT[k=K] comments that name their bound and,
// for conditional facts, their conditions; every modelling assumption is
// listed with the verdict, and UNKNOWN is an honest answer.
package viverra
