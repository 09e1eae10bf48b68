// Package symex is bmc/native's symbolic executor: it runs a program's
// typed tree (internal/ctree) from main and produces one SMT-LIB script
// (Translate, TranslateStep for a step case of k-induction). Each value is
// a term, each assignment a define-fun (SSA), each branch forks the state
// and joins it again with ite terms over the branch guards; loops are
// unwound K times, calls inlined, recursion cut at depth K. The
// Translation it returns holds, besides the script, the violation terms
// of every assertion, the unwinding sites, the inputs a counterexample is
// read from, the modelling assumptions the formula depends on and, when a
// SafetyRec is passed, every safety check site.
//
// A Translation is built once and only read afterwards, so concurrent
// queries share it. Solvers, replays and the public API live in
// bmc/native; see its package documentation for the semantics.
//
// Files by concern: sym.go (the executor and its run), state.go (states
// and merges), memory.go (objects, cells, pointers, loads and stores),
// heap.go (allocation, free, bounds), eval.go (expressions), exec.go
// (statements), loop.go (loops and unwinding sites), calls.go (user calls
// and the library dispatch), libc.go (string, memory and ctype models),
// input.go and eof.go (stdin), safetysites.go (safety instrumentation),
// induct.go and invariant.go (k-induction's step cases and candidate
// invariants), assume.go (modelling assumptions), cex.go (counterexamples),
// term.go and fold.go (SMT-LIB terms and their constant folding).
package symex
