// Package smt talks to SMT solvers in SMT-LIB 2 text.
//
// Terms used here:
//
//   - A script is SMT-LIB 2 text holding declarations and assertions, without
//     (check-sat); a Query is a script, the terms whose values to report, and
//     a time limit.
//   - A Solver checks a Query by running a solver program (z3, cvc5 or
//     boolector) through internal/proc and answers a Result: sat, unsat or
//     unknown. Unknown is an honest answer and carries its reason (for
//     example "timeout"); a timeout is never an error.
//   - A model is the values of the requested terms when the answer is sat.
//     Each Value keeps the solver's own text and, where it can be decoded, a
//     Go value (an integer for ints and bit-vectors, a bool, a float64 for
//     floating point).
//   - A Portfolio runs several solvers at once and takes the first
//     definitive (sat or unsat) answer; if two solvers contradict each
//     other that is reported as a *DisagreementError, never resolved
//     silently.
//   - A Session keeps one solver process alive for many related checks
//     (push, pop, assert, check), saving the start-up cost.
//
// The term builder (term.go) writes well-parenthesised SMT-LIB text for
// booleans, bit-vectors, arrays and floating point; it is a thin text layer,
// and scripts may as well be written by hand.
//
// Why: bmc/native and hoare both need to ask a solver whether formulas are
// satisfiable and read back a counterexample, with timeouts and cancellation
// that never leave a process behind, and without trusting a single solver.
package smt
