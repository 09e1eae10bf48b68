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
// Reachability. For every VERIFIED and C-VERIFIED fact, the assertion is
// replaced by assert(0) and checked under the same assumptions (the fact's
// dependency closure) at the same bound, with the same engines: assert(0)
// FALSIFIED means some execution within the bound reaches the location (a
// cover query, the trick every bounded model checker supports). If it is
// VERIFIED, no execution reaches it, and the fact is VACUOUS: never
// printed as a fact. The report says why, by two more queries: reachable at
// a larger bound means the bound cut it off; reachable without the
// assumptions means the assumptions closed it; otherwise the code is
// unreachable.
//
// Strength by mutation. For each fact, small mutants are made of the code
// it speaks about (the statements of its function before it): a comparison
// or arithmetic operator replaced, a constant off by one, a condition
// negated, a statement deleted. The fact is checked on each mutant, under
// the same assumptions and bound. A mutant the fact rejects (FALSIFIED)
// shows the fact constrains that code. A fact that rejects none of at least
// five mutants decided either way is weak: it would hold of many wrong
// programs. Equivalent mutants (that change nothing observable) make a fact
// look weaker than it is, never stronger: a weak mark is a prompt to look,
// a strong one is evidence. A per-program budget bounds the queries.
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
