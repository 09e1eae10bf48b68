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
// R(x) ∧ E(x, a) ∧ E(x, b) ⇒ a == b. CheckComplete asks Dafny in a few
// runs over the whole file, each one Dafny run however many methods,
// inputs and neighbours there are:
//
//  0. The file as given must verify, included files too. If it does not,
//     every method is CompleteInconclusive, quoting Dafny's first error.
//  1. Uniqueness: one lemma per method, requires R, E(a), E(b), ensures
//     a == b, with no proof hints; and small valid inputs: small values
//     are enumerated per parameter type, and an input is kept when Dafny
//     proves R on it, in a lemma of its own.
//  2. Execution: the methods are compiled by Dafny and run on the kept
//     inputs; results are printed in a typed form that reads back
//     unambiguously. A method that hangs or fails is pinned on the input
//     it was running, and the others are run again without it.
//  3. Witnesses, in up to three rounds of inputs (the first, the next
//     two, the rest): a lemma per input proving that the contract accepts
//     what the method returned, and, for each actual result a, a lemma per
//     neighbouring result b (±1, negation, zero, flipped booleans, next and
//     previous characters, dropped, added, changed and swapped elements,
//     reversed and empty sequences, one tuple component changed, another
//     datatype constructor) proving R(x) ∧ E(x, b).
//  4. A candidate witness is verified again alone before it is reported:
//     two lemmas that bind the input and one result each and state every
//     requires and ensures clause as written. One that does not verify is
//     dropped and the next is tried.
//
// Every check is a lemma of its own, read from the outcome Dafny's trace
// gives that lemma. Clauses of one lemma cannot be read one by one: Dafny
// assumes a proved postcondition when it checks the next, and it stops
// reporting a long lemma's failures when it runs out of time, so an
// unreported failure would read as a proof.
//
// The verdicts, never stronger than their evidence:
//
//   - CompleteOK: uniqueness proved, over a file that verifies and that
//     assumes nothing without proof (no body-less function, method, lemma
//     or predicate with a postcondition, no assume statement, no {:axiom}
//     or {:verify false}, here or in an included file: any of them can make
//     a proof vacuous, as a body-less "function Oracle(x: int): int ensures
//     false" proves every lemma), and the method, run on every sampled
//     input, returned a result Dafny proves the contract accepts. An
//     unsatisfiable contract (ensures r > r) has a vacuous uniqueness proof
//     and no such sample; a precondition no small input meets gives no
//     sample either. A ghost function or method, which cannot be run,
//     stands on its verified body (it cannot use decreases *).
//   - CompleteUnder: a witness verified again alone, in a file with no
//     function axiom (which every proof assumes).
//   - CompleteInconclusive: anything else, with the reason: the contract
//     may be complete with a uniqueness proof that needs induction, or
//     weak in a way the neighbour rules miss, or the evidence was not
//     trusted.
//
// Supported types: int, nat, bool, char, string, seq<T>, tuples, several
// results, datatypes without type parameters. Methods inside modules or
// classes, with type parameters, or touching the heap get CompleteSkip.
// Generated lemmas reveal the file's opaque functions (a definition, not
// an assumption).
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
