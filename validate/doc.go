// Package validate gathers confirming evidence: it confirms a suspected
// bug by a test, and it confirms that a proved contract is too weak by a
// witness.
//
// # Bug confirmation
//
// FM-Agent technique 6. A Suspect is only a suspicion:
// the Hoare pass cannot tell a wrong body from a wrong contract or a weak
// step of reasoning. Confirm asks a model (the test writer) for an input to
// the whole system from its entry point (a C program for a compiler, a
// query for a database, a main for a library), builds and runs it in a
// sandbox, and lets an oracle decide whether the bug showed. Up to
// ConfirmOptions.Attempts tests are tried, each told why the previous one
// did not trigger. Only a triggered bug is Confirmed, with the test that
// shows it; the rest stay Unconfirmed.
//
// The oracle, strongest evidence first:
//
//   - crash: the system was killed by a signal, or printed a sanitizer or
//     panic report; observed directly.
//   - hang: the system ran past its time limit; observed directly.
//   - reference: the same test given to a reference implementation (gcc
//     for a C compiler) had a different outcome: one succeeded and the
//     other failed, or, when the test is run, their output or exit status
//     differ.
//   - contract: with no reference, the model judges the outcome against
//     the contract's claim. Such a verdict is marked JudgedByContract: the
//     contract, itself written by a model, judges its own bug report, so
//     it is weaker evidence and says it is the model's.
//
// # Contract completeness (dafny-complete's technique)
//
// A contract with precondition R and postcondition E is complete when it
// determines the result: for every input x and results a, b,
// R(x) ∧ E(x, a) ∧ E(x, b) ⇒ a == b. CheckComplete asks Dafny in four
// passes over the whole file, each one Dafny run however many methods,
// inputs and neighbours there are:
//
//  1. Uniqueness: one lemma per method, requires R, E(a), E(b), ensures
//     a == b, with no proof hints. Proved: CompleteOK.
//  2. Small valid inputs: small values are enumerated per parameter type;
//     an input is kept when Dafny proves R on it.
//  3. Execution: the methods are compiled by Dafny and run on the kept
//     inputs; results are printed in a typed form that reads back
//     unambiguously.
//  4. Witnesses: for each actual result a, neighbouring results b (±1,
//     negation, zero, flipped booleans, next and previous characters,
//     dropped, added, changed and swapped elements, reversed and empty
//     sequences, one tuple component changed, another datatype
//     constructor), each asking Dafny to prove R(x) ∧ E(x, a) ∧ E(x, b).
//     Proved: CompleteUnder with the CompleteWitness.
//
// Passes 2 and 4 write one lemma per method whose clauses are guarded by a
// case number, "ensures suretyCase == j ==> C_j", one per line: a proved
// clause cannot help prove another (Dafny assumes a proved postcondition
// for the ones after it, but never with a different case number), and each
// failure is pinned on its clause by its line. Dafny's error limit is set
// far above the number of clauses and a run that reaches it is not
// trusted, so an unreported failure is never read as a proof. One lemma per
// method rather than per case matters: Dafny 2.3 pays a fixed cost per
// procedure, and a method's check stays a few Dafny start-ups.
//
// Neither a proof nor a witness gives CompleteInconclusive: the contract may
// be complete with a uniqueness proof that needs induction, or weak in a way
// the neighbour rules miss. A witness is never reported without Dafny's
// proof, so CompleteUnder is certain; CompleteOK is as certain as Dafny.
// Supported types: int, nat, bool, char, string, seq<T>, tuples, several
// results, datatypes without type parameters. Methods inside modules or
// classes, with type parameters, or touching the heap get CompleteSkip.
//
// # Allowed freedom
//
// When several results are legitimately acceptable (which index of a
// duplicated element a search returns), say so with a relation between two
// acceptable results r1 and r2 (tuples of the results when there are
// several), either as an attribute or as a comment on the lines just above
// the declaration:
//
//	method {:loose "r1 >= 0 <==> r2 >= 0"} Find(a: seq<int>, x: int) returns (i: int)
//
//	// surety:loose (r1, r2) => r1 >= 0 <==> r2 >= 0
//	method Find(a: seq<int>, x: int) returns (i: int)
//
// The freedom is then checked as stated: the uniqueness lemma proves
// loose(a, b) instead of a == b, and a witness must fall outside it.
package validate
