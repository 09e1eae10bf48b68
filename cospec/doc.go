// Package cospec is the front half of VIVERRA (Algorithm 1 of the VIVERRA
// paper): from a natural-language task description to a C program whose
// verified assertions are embedded as facts. It asks a language model for
// every stage but verification, which is package bmc's.
//
// Terms:
//
//   - Properties (Pi) are numbered natural-language safety and correctness
//     properties elicited from the description (appendix C.1).
//   - P0 is the program synthesized under verification-friendly rules: no
//     recursion, no dynamic memory, no floating point, bounded loops with
//     their bounds as #define constants (appendix C.2). It must compile;
//     the compiler's errors are sent back until it does.
//   - P+ is P0 annotated with assert statements expressing the properties
//     (appendix C.3). Without its assertions, #include lines and helper
//     functions (new functions used only inside assertions) it must be P0
//     token for token; a reply that changed anything else is sent back.
//   - Pk+ is P+ after bound reduction: the model names the integer #define
//     constants to lower so that no loop runs more than k times, and only
//     those values change (by construction: the reply is a list of names
//     and values, applied here).
//   - The report is bmc.VerifyAll on Pk+. The mapping links each assertion
//     to the property it expresses. A fact is a VERIFIED or C-VERIFIED
//     assertion; its translation (appendix C.4) is one sentence that says
//     no more than the predicate, checked where it can be (one line, the
//     prefix "At this point in the program, ", no number the predicate
//     lacks).
//   - The final program is P+ with its original bounds, each fact's
//     sentence in place of its assertion under VIVERRA's tag
//     (//FACT[k=K] or //FACT[k=K, cond: ...]), other assertions removed,
//     and a header stating the bound, the lowered constants and the
//     unverified assertions that conditional facts rest on.
//
// Each stage's prompt is an embedded template in prompts/ with a version
// that is part of the cache key; JSON replies have a schema. Verdicts come
// from the checker only; the sentences and the mapping are a model's and
// the Result says so.
//
// Why: generated code is opaque; a fact a model checker established within
// a stated bound is something a reviewer can rely on, and co-generating the
// assertions with the code gives the checker something to check.
package cospec
