// Package complete checks that a proved Dafny contract is complete
// (dafny-complete's technique): that it determines the result, or else
// shows a concrete witness of two different results it accepts.
//
// A contract with precondition R and postcondition E is complete when, for
// every input x and results a, b, R(x) ∧ E(x, a) ∧ E(x, b) ⇒ a == b. A
// verifier only guarantees what the contract asks, and an agent that
// writes both the code and the contract may ask for exactly as much as it
// manages to prove: "ensures |out| == CountGets(ops)" verifies and says
// nothing of which values come out. Check asks Dafny, in a few runs over
// the whole file, each one Dafny run however many methods, inputs and
// neighbours there are:
//
//  0. The file as given must verify, included files too. If it does not,
//     every method is Inconclusive, quoting Dafny's first error. Its
//     Dafny run goes beside step 1's, whose results are dropped (and its
//     run stopped) when the file does not verify.
//  1. Uniqueness: one lemma per method, requires R, E(a), E(b), ensures
//     a == b, with no proof hints; and small valid inputs: small values
//     are enumerated per parameter type (with sequences of distinct
//     elements, and for integers the declaration's own constants, so that
//     "requires 100 <= n < 1000" is met), and an input is kept when Dafny
//     proves R on it, in a lemma of its own. When none is, inputs come
//     from the file's own tests (the method's calls with literal
//     arguments in Main, a {:test} method or one named Test...) and from
//     a wider grid (a thousand inputs, the constants of the declaration
//     and of the predicates its precondition calls among the values, and
//     runs of values above them), both screened by a compiled copy of the
//     precondition in one compile-and-run, and again each proved valid
//     by Dafny in a lemma of its own. A uniqueness lemma that failed is
//     tried again by induction, in one Dafny run beside the runs of steps
//     2 and 3, once per sequence or string parameter (by its length) and
//     per nat parameter, as a lemma that calls itself on the smaller
//     input (the sequence without its first or last element, the number
//     less one) with the results cut alike (without their first or last
//     one or two elements, or whole), each call guarded by the
//     precondition and both postconditions of what it is given. Dafny
//     checks the recursion's termination and each call, so a variant that
//     verifies proves uniqueness; the verdict names the parameter
//     ("uniqueness proved by induction on s").
//     The failed uniqueness lemmas are also verified again, in one Dafny
//     run beside the input search, keeping the solver's counterexample
//     model (Dafny 2 and 3's /mv), for the methods whose parameters and
//     results are integers, booleans and characters: the model names an
//     input and two results it could not tell apart, often an input far
//     from every one tried (requires x - y == 123457). That input is run
//     with the others, and the model's result that differs from the
//     method's is the first candidate on it (step 3). A model is a hint,
//     never evidence: the input counts as valid only through the lemmas
//     of step 4 and 5, which prove the precondition on it, and is dropped
//     when uniqueness is proved by induction, so it never stands behind
//     an OK.
//  2. Execution: the methods are compiled by Dafny and run on the kept
//     inputs; results are printed in a typed form that reads back
//     unambiguously. This compile-and-run starts beside step 1's Dafny
//     run: a method with a precondition is called on every small input a
//     compiled copy of its precondition accepts, and takes the results of
//     the inputs step 1 proves valid. A method that misses one (or may not
//     terminate, or whose precondition does not compile) is run again
//     after step 1, where a method that hangs or fails is pinned on the
//     input it was running, and the others are run again without it.
//  3. Screen: for the methods whose uniqueness was not proved, a compiled
//     copy of the postcondition (the file's ghost functions and predicates
//     made compiled in the copy, where Dafny compiles them) is run, in one
//     program, on up to 160 other results per input: neighbours (±1,
//     negation, zero, flipped booleans, next and previous characters,
//     dropped, added, changed and swapped elements, reversed and empty
//     sequences, another datatype constructor), several results changed
//     together, reorderings and sub-sequences, the input's values,
//     elements, slices and indices, the results on other inputs, and the
//     declaration's constants. Only the ones it accepts go on; a
//     contract that does not compile goes on unscreened, with fewer.
//  4. Witnesses, in up to three rounds of inputs (the first, the next
//     two, the rest; one round when screened): a lemma per input proving
//     that the contract accepts what the method returned, and a lemma per
//     other result b proving R(x) ∧ E(x, b). Lemmas on concrete values
//     assert each element of a concrete sequence (proof steps, not
//     assumptions), so Dafny instantiates quantifiers over indices.
//  5. A candidate witness is verified again alone before it is reported:
//     two lemmas that bind the input and one result each and state every
//     requires and ensures clause as written. One that does not verify is
//     dropped and the next is tried.
//
// Every check is a lemma of its own, read from the outcome Dafny's trace
// gives that lemma. The clauses of one lemma cannot be read one by one:
// Dafny assumes a proved postcondition when it checks the next, and it
// stops reporting a long lemma's failures when it runs out of time, so an
// unreported failure would read as a proof (a sorted permutation of three
// ints was once "shown" to accept [0, 0, -1] for input 0, 0, 0 that way).
//
// # Verdicts
//
// Verdicts are never stronger than their evidence:
//
//   - OK: uniqueness proved, over a file that verifies and that assumes
//     nothing without proof (no body-less function, method, lemma or
//     predicate with a postcondition, no assume statement, no {:axiom} or
//     {:verify false}, here or in an included file: any of them can make a
//     proof vacuous, as a body-less "function Oracle(x: int): int ensures
//     false" proves every lemma), and a body that meets the contract on
//     some valid input. A method that terminates (no decreases *) and is
//     shown one input that meets its precondition has that from its own
//     proof: the file verifies, so on every valid input the contract
//     accepts what it returns. Its sampled results are then a cross-check:
//     one Dafny does not prove the contract accepts (an existential it
//     does not instantiate on concrete values) is reported, not a veto;
//     a run that fails on a valid input is. A method with decreases *
//     (partial correctness only: one that never returns meets any
//     contract) must return, on every sampled input, a result Dafny proves
//     the contract accepts. An unsatisfiable contract (ensures r > r) has
//     a vacuous uniqueness proof and no such sample; a precondition no
//     small input meets gives no sample either. A ghost function or
//     method, which cannot be run, stands on its verified body (it cannot
//     use decreases *).
//   - Under: a witness verified again alone, in a file with no function
//     axiom (which every proof assumes, the witness's included). A witness
//     does not mean a bug: it means the contract allows a choice, and
//     someone should decide whether that choice is intended.
//   - Inconclusive: anything else, with the reason: the contract may be
//     complete with a uniqueness proof beyond the inductions tried (two
//     sorted permutations of one multiset are equal, but the induction
//     goes by the results, not by a parameter), or weak in a way the
//     neighbour rules miss, or the evidence was not trusted.
//   - Skip: outside what the checker handles, with the reason.
//
// Complete is not correct: a contract can pin down a single, wrong result,
// and a postcondition "r == Model(x)" where Model reimplements the problem
// is always complete. The check removes contracts that are too weak, not
// ones that are mistaken.
//
// Supported types: int, nat, bool, char, string, seq<T>, tuples, several
// results, datatypes without type parameters. Methods inside modules or
// classes, with type parameters, or touching the heap get Skip. Generated
// lemmas reveal the file's opaque functions (a definition, not an
// assumption).
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
//
// # Reading the file, and the Dafny backend
//
// A file written for Dafny 4 (ghost predicate, a compiled function, for
// loops) is lowered to the older spelling when the Dafny installed is 2 or
// 3, before every run, every line where it was; Report.Lowered says what
// was rewritten, and a construct that cannot be lowered is ErrDialect,
// naming it and its line.
//
// The file is read by frontend/dafny (its functions and contracts, and its
// outline: includes, datatypes, attributes); the checker only slices the
// source along the spans it gives, and never writes the file. Dafny runs
// behind the Verifier interface, spelled in this package's own types
// (File, Verification, Execution, Dialect, Status, VerifierOptions);
// package complete/dafny is the adapter for Dafny 2.3 (Debian's) to 4.
// Verifiers register by name, as database/sql drivers and every surety
// plug-in do (package registry), from their own package's init: what
// registers is a Finder, which finds the verifier's program at run time,
//
//	func init() { complete.Register("dafny5", complete.FinderFunc(find)) }
//
// and Options.VerifierName chooses one when Options.Verifier is nil (""
// is "dafny"); Lookup and Names list them. This package registers none: a
// program imports the verifiers it wants, as cmd/surety does,
//
//	import _ "github.com/suretydev/surety/complete/dafny"
//
// and without it Check's error names that import. Package
// complete/completetest is the conformance kit a verifier runs from its
// tests.
package complete
