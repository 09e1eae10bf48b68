// Package smt talks to SMT solvers in SMT-LIB 2 text.
//
// Terms used here:
//
//   - A script is SMT-LIB 2 text holding declarations and assertions, without
//     (check-sat); a Query is a script, the terms whose values to report, and
//     a time limit.
//   - A Solver checks a Query by running a solver program (z3, cvc5,
//     boolector or bitwuzla) through internal/proc and answers a Result:
//     sat, unsat or unknown. Unknown is an honest answer and carries its
//     reason (for example "timeout"); a timeout is never an error.
//   - A model is the values of the requested terms when the answer is sat.
//     Each Value keeps the solver's own text and, where it can be decoded, a
//     Go value (an integer for ints and bit-vectors, a bool, a float64 for
//     floating point).
//   - A Portfolio runs several solvers at once and takes the first
//     definitive (sat or unsat) answer; if two solvers contradict each
//     other that is reported as a *DisagreementError, never resolved
//     silently. CrossCheck instead waits for every solver and answers only
//     what they agree on, for when one solver's word is not enough.
//   - A Session keeps one solver process alive for many related checks
//     (push, pop, assert, check), saving the start-up cost.
//
// The solvers differ, and this package hides what it can and says what it
// cannot:
//
//   - z3 runs as "z3 -in -smt2", its time limit given by -t: (per query)
//     or :timeout (per session check); after a timed-out check z3 4.8
//     refuses the next push, so a session spends that refusal on a probe.
//   - cvc5 runs as "cvc5 --lang smt2 --produce-models" with --tlimit-per.
//     It needs a logic: the script's, Options.Logic, or one inferred from
//     the script (QF_ combinations of A, UF, BV and FP; ALL as soon as
//     arithmetic or quantifiers appear). It stops at parse errors, so a
//     session restarts it on the commands accepted so far.
//   - boolector (1.5 on Debian) reads an older dialect (no declare-const,
//     set-option, get-value or define-fun) and prints its model as
//     "name bits" and "name[index] bits" lines. Scripts are rewritten for
//     it, values of compound terms are read through fresh constants defined
//     equal to them, and floating point is answered Unknown ("unsupported:
//     floating point") without running it. It has no sessions.
//   - bitwuzla comes from PyPI (pip install bitwuzla) as Python bindings
//     with no command-line program, so it runs as "python3 -c DRIVER"
//     (bitwuzla_driver.py, embedded), which reads the query as JSON on
//     stdin and answers in z3's and cvc5's reply format, so the same
//     reader serves all three. Its limit is TIME_LIMIT_PER. It decides
//     bit-vectors, arrays, floating point and uninterpreted functions, and
//     is far stronger than z3 and cvc5 on floating point (bmc/native gives
//     it the queries that have any); integer or real arithmetic is
//     answered Unknown ("unsupported: integer or real arithmetic") without
//     running it. It has no sessions.
//
// Solvers register by name, as database/sql drivers and every surety
// plug-in do (package registry): this package registers z3, cvc5,
// boolector and bitwuzla from its init, with default options, and a solver
// of another package calls
//
//	func init() { smt.Register("yices", New(nil)) }
//
// Lookup finds one by name and Names lists them, sorted; Open is the
// command line's choice of one ("none" is none, a solver that cannot run
// here is an error naming it); Available and Installed keep the registered
// solvers that can run here (a Solver says so through the optional Prober
// interface). Core APIs take Solver values; the registry serves the edge.
// Every solver is held to the same contract by the conformance kit,
// smttest.TestSolver (known sat and unsat answers in QF_BV, QF_LIA,
// QF_ABV and QF_FP with their models checked, timeouts, cancellation,
// concurrent use); a solver that does not decide a logic declares it in
// smttest.Options.Unsupported. TestConformance runs it on every
// registered solver that can run here.
//
// Solvers check their own time limits only now and then, so each process
// is also killed when it overruns the limit by a grace period; either way
// the answer is Unknown with Reason "timeout". Every process runs through
// internal/proc, in its own process group, killed on cancellation.
//
// The term builder (term.go) writes well-parenthesised SMT-LIB text for
// booleans, bit-vectors, arrays and floating point: the one term layer of
// the module, on which bmc/native builds its formulas (adding its constant
// folding and C's encodings on top). It holds the operators some caller
// uses; any other is written with App. Scripts may as well be written by
// hand.
//
// Why: bmc/native and hoare both need to ask a solver whether formulas are
// satisfiable and read back a counterexample, with timeouts and cancellation
// that never leave a process behind, and without trusting a single solver.
package smt
