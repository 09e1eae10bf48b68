// Package smttest is the conformance kit of smt.Solver plug-ins: TestSolver
// asks a solver small queries whose answers are known without any solver,
// and fails on every answer they contradict. Every solver of package smt
// runs it (TestConformance there, on each registered solver that can run
// here), and a solver written out of tree is held to the same answers:
//
//	package yices_test
//
//	import (
//		"testing"
//
//		"github.com/suretydev/surety/smt/smttest"
//		"example.com/yices"
//	)
//
//	func TestConformance(t *testing.T) {
//		smttest.TestSolver(t, yices.New(nil), nil)
//	}
//
// The cases are Go values of this package (Cases), so the test needs no
// files.
//
// # Cases
//
// Each case is a script in one of four logics, QF_BV, QF_LIA, QF_ABV and
// QF_FP, with its answer and how that answer is known:
//
//   - The bit-vector cases are formulas over one or two 8-bit constants
//     (multiplication that wraps, division by zero as SMT-LIB 2.6 defines
//     it, shifts past the width, signed division and remainders, extract
//     and concat), each with a Go twin evaluated on every assignment: the
//     count of solutions decides sat or unsat, for the formula and for its
//     negation. One more factors a product of two primes in 16 bits.
//   - The integer, array and floating-point cases carry their argument
//     (3x + 6y = 7 has no integer solution since 3 divides the left side;
//     read over write; 0.1 + 0.2 is not 0.3 in float64), confirmed in Go
//     where Go can compute it (float arithmetic, directed rounding through
//     math/big).
//
// A sat answer's model is checked three ways: in Go (Case.Holds evaluates
// the script on the values decoded into smt.Value), by the solver itself
// (the script with each value asserted equal to its term must stay sat,
// so the solver reads back what it printed), and, for a case with at most
// four solutions, by enumeration (each model found is blocked and the
// solver asked again, until unsat after exactly that many).
//
// # What fails
//
//   - a wrong answer: sat of an unsat case, unsat of a sat case, a model
//     that does not satisfy the script, an enumeration that ends early or
//     late;
//   - unknown or an error on a case of a logic the solver decides: these
//     are small, easy scripts. A solver that does not decide a logic names
//     it in Options.Unsupported, with the reason; its cases are still
//     asked, but only a wrong answer fails;
//   - on the hard instance (factoring a 64-bit product of two primes)
//     with a tiny Options.Timeout: an error, an unknown whose reason is not
//     "timeout", an answer later than the limit and a grace, or a wrong sat
//     or unsat (a right one is fine);
//   - a Check on the hard instance whose context is cancelled that does
//     not return within the grace with an error matching
//     context.Canceled, or that leaves a process running (counted by
//     internal/proc and, on Linux, among this process's children in
//     /proc);
//   - a wrong answer, unknown or error among checks made at once from many
//     goroutines on the same Solver.
//
// Why: surety trusts a solver's sat and unsat (bmc/native turns them into
// verdicts) and reads its models as counterexamples; a solver that errs on
// scripts this small would err on surety's formulas, silently.
package smttest
