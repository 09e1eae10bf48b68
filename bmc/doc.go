// Package bmc turns the assertions of a C program into verified facts, the
// verification half of VIVERRA (Algorithm 2 and Definitions 2-7 of the
// VIVERRA paper).
//
// Terms:
//
//   - An Assertion is VIVERRA's triple <f, l, phi>: the enclosing function f,
//     the logical line l and the predicate phi. The logical line is counted
//     over the assertion-free skeleton of f (Definition 2): the function's
//     non-blank source lines with every assertion statement removed. An
//     assertion at logical line l sits after the l-th skeleton line of its
//     function, so l does not change when assertions are added or removed.
//     A call site's logical line is the skeleton line that holds it; the
//     assertions of a callee come before the caller's assertions at lines
//     >= the call's line (VIVERRA's CGTraversal).
//   - A Query asks one Checker whether one target assertion holds on every
//     k-bounded execution (Definition 3) of the program in which a set of
//     assertions is turned into assumptions (Definition 5, Asm(P, S)) and
//     every other assertion is removed.
//   - A Checker is a bounded model checker (ESBMC in bmc/esbmc, CBMC in
//     bmc/cbmc, the native engine in bmc/native) answering VERIFIED,
//     FALSIFIED with a counterexample, or UNKNOWN with its reason.
//   - VerifyAll is Algorithm 2: each assertion in order is checked alone and,
//     failing that, assuming every earlier assertion. Its outcome is the
//     implication graph IG (IG[i] is the set S of assertions assumed when a_i
//     was verified; empty for a standalone proof), the falsified set F, and
//     for each fact its dependency closure Deps (Definition 7), the set of
//     unverified "root" assertions it rests on (Theorem 2).
//   - A fact is bound-complete when its check also passed with unwinding
//     assertions on: no loop of the program (under the fact's assumptions)
//     can run more than k times, so the fact holds on every execution, not
//     only on the k-bounded ones.
//
// Checkers register by name from their package's init, as database/sql
// drivers and every surety plug-in do (package registry):
//
//	func init() { bmc.Register("esbmc", New(nil)) }
//
// so that importing bmc/esbmc (often blank) makes it available to Lookup
// and Names. The name must be the checker's Name(). A program, or a test,
// may register more checkers under names of their own (a CBMC with another
// solver, a fake); core APIs take Checker values, the registry serves the
// command line's --engines.
//
// VerifyAll runs its checks on a pool of goroutines, or, given
// Options.Runner, as jobs of kind CheckKind (package work) on other
// processes and machines (work/nats's workers, `surety facts --nats`):
// a job carries the query and names the checker by its registered engines,
// and a check that needs another's answer is sent only once that answer
// is in, so the report is the pool's.
//
// Verdicts are never stronger than their evidence: a fact says its bound, a
// conditional fact says its conditions, and UNKNOWN is a first-class answer.
package bmc
