// Package audit asks whether a verified fact says anything.
//
// A bounded model checker's VERIFIED is true of the executions it
// considered, and can still mislead: VIVERRA would print //FACT[k=5] on an
// assertion that no execution within the bound reaches (dead code, a branch
// an earlier assumption closed, a loop the bound cuts off before the
// assertion), and on one so weak that the code could be wrong in many ways
// and the fact would still hold. Neither is a lie by the model checker;
// both mislead a developer who trusts the comment.
//
// Every claim of the audit says what it rests on, and is never stronger
// than that: a run of the program (a real execution built by gcc, through
// Options.Runner), a counterexample (a checker's FALSIFIED, replayed as
// the portfolio replays every FALSIFIED), a complete proof (VERIFIED with
// Result.BoundComplete: every loop and recursion fully unwound at the
// bound, or the native engine's k-induction, Result.Induction), or a
// bounded answer (VERIFIED within the bound only, which speaks of the
// executions within the bound and of no other).
//
// Reachability. For every VERIFIED and C-VERIFIED fact:
//
//   - When a run of the program evaluated the assertion (Options.Runner,
//     Observation.Reached), it is "reachable", Why "reached on a run"
//     (WhyRun), and no query is asked. A run is an execution: such an
//     assertion is never VACUOUS, however long the loops before it. For a
//     C-VERIFIED fact the run counts when no run failed an assertion the
//     fact assumes.
//   - Otherwise the cover query: the assertion replaced by assert(0),
//     checked under the same assumptions (the fact's dependency closure)
//     at the same bound, with the same engines. FALSIFIED means an
//     execution within the bound reaches it: "reachable", Why "".
//   - VERIFIED means no execution within the bound reaches it, so the fact
//     says nothing: VACUOUS, never printed as a fact (bmc.Audit.Vacuous).
//     Why says what more queries showed, at the larger bound K'
//     (Options.LargerBound):
//     WhyBound, "cut by the bound": the cover query at K' found an
//     execution that reaches it (or the native engine's run past K' did);
//     WhyDead, "unreachable code": the cover query at K' with unwinding
//     assertions is VERIFIED with a complete bound, without assumptions: a
//     proof that no execution at all reaches it (with assumptions, the same
//     proof is asked again without them);
//     WhyAssumptions, "closed by assumptions": that proof holds with the
//     assumptions, and the cover query without them finds an execution
//     within the bound;
//     WhyLonger, "not reached within the bound, nor within a larger one":
//     no proof, because a loop runs longer than K' (or the larger bound
//     was not complete, or gave no verdict, as the reason says). Whether a
//     longer execution reaches the assertion is open; the code may well be
//     live, and the audit does not call it unreachable.
//   - A program that uses what no engine models and a run meets (an
//     atexit or on_exit handler, a constructor or destructor, errno,
//     signals, setjmp, qsort's and bsearch's callbacks, threads) gets no
//     VACUOUS from the engines: the cover query's VERIFIED may only mean
//     the engines do not see the code run, and the status is "unknown".
//
// Strength by mutation. For each fact, small mutants are made of the code
// it depends on: a comparison or arithmetic operator replaced, a constant
// off by one, a condition negated, a statement deleted. The code it
// depends on is the backward slice of the assertion's predicate (slice.go):
// the assignments to the names it reads, through globals, calls (into the
// callee's body: a global a called function assigns, the values a
// function returns, an array a function fills through its parameter) and
// the conditions around them, found syntactically over names. It is
// conservative: a write through a pointer is always in it, and so is a call
// that passes a name of the slice. The per-fact budget is spread evenly
// over the slice first, and only what is left goes to the rest of the
// program (Mutant.Slice says which).
//
// Each mutant is decided as cheaply as the evidence allows:
//
//   - rejected by a run: a run of the mutant (Options.Runner, on the
//     mutant schema with the mutant's variant) failed the assertion
//     (Observation.Failed; for a C-VERIFIED fact, Seen.First, a run on
//     which every other assertion held first). No solver is asked.
//   - survived by a run: the mutant's runs are every execution there is
//     (Observation.Complete: the program reads no input and its run ended
//     normally), reached the assertion and left it true.
//   - otherwise the checker, at the fact's bound, with unwinding
//     assertions: FALSIFIED rejects it (a replayed counterexample; an
//     unwinding failure or an unreplayed answer sends the mutant to the
//     plain query, whose FALSIFIED is replayed); VERIFIED with a complete
//     bound makes it survive ("proof"); VERIFIED within the bound only
//     leaves it undecided (Strength.Bounded), neither survivor nor
//     rejection: a change that shows only past the bound is not a change the
//     fact missed. Unless VerifyAll found the fact's own bound complete
//     (bmc.Options.BoundCheck, on by default in surety facts), the mutant
//     is asked only the plain query, as many queries as a plain audit, and
//     its VERIFIED is bounded.
//
// A fact that rejects no mutant is weak when the survivors of its slice
// number at least MinMutants (five by default), or are every mutant of a
// smaller slice; Strength.Why names the survivors and whether each count
// rests on a proof or on a complete run. A survivor outside the slice
// counts only when the assertion reads no code at all (assert(1)): a
// change the assertion cannot see says nothing of it. Equivalent mutants (that
// change nothing the assertion reads, as deleting a store no path reads
// again) can make a fact look weaker than it is, never stronger: a weak
// mark is a prompt to look, a strong one is evidence. A per-program
// budget bounds the mutants.
//
// One front end for all mutants. The mutants of every fact are written
// into one program, a mutant schema (bmc.Switch): each changed expression
// e becomes ((__surety_variant == j) ? (e') : (e)), each deleted statement
// s becomes { if (__surety_variant != j) s }, lines unchanged. A mutant
// query is the schema with the switch fixed to j (bmc.Query.Variant).
// Engines that work on text see the rendered variant, the mutant itself;
// the native engine parses and type-checks the schema once and executes
// each variant symbolically with the switch a constant, so constant
// folding leaves exactly the formula of the mutant's own program. (Keeping
// the switch symbolic instead, one formula for every mutant, was measured
// and rejected: the formula doubles and the solver time grows by a
// quarter, while translation is 5 % of a query.) A change in a constant
// expression (an array size, a case label, a static initialiser) cannot be
// a run-time choice, and that mutant is checked as a program of its own.
package audit
