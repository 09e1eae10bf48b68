package symex

import (
	"slices"
	"sort"
)

// An Assumption is a modelling assumption a translation depends on: a
// behaviour of the C library, or the absence of an undefined behaviour,
// that the formula takes for granted. The translation records each one
// the program at hand gives a reason for (a call of malloc, a memory
// access the model cannot show to be in bounds, ...), and every VERIFIED
// answer lists them in words (bmc.Result.Assumptions): the answer holds
// only on the executions they allow. A FALSIFIED answer rests on a real
// run of the program instead, and lists none of these; it lists the
// values its run gave locals declared without an initialiser, which
// only the verifiers' reading of C gives them (bmc.UninitReads).
type Assumption int

// The assumptions, in no particular order; their words sort them.
const (
	// asmMallocOK: malloc and calloc return a new block, never NULL
	// (Options.MallocMayFail turns it off).
	asmMallocOK Assumption = iota
	// asmInBounds: the program's own memory accesses stay inside live
	// objects. The model keeps objects apart, so an access out of bounds
	// or through a dangling pointer cannot reach another object as it can
	// in a real run.
	AsmInBounds
	// asmLibInBounds: the same for the accesses of modelled library
	// functions (strcpy, memcpy, strlen, ...), which Safety does not check.
	AsmLibInBounds
	// asmNoDangling: no access goes through a pointer to a local of a
	// call that has returned (Safety does not check it either).
	asmNoDangling
	// asmNoUseAfterFree: a block is not used after free; the model makes
	// its contents unconstrained but never lets a later allocation reuse it.
	asmNoUseAfterFree
	// asmRandRange: rand returns any value in [0, 2147483647], glibc's
	// RAND_MAX (the model does not follow glibc's generator).
	asmRandRange
	// asmStickyEOF: once a read of stdin has met the end of input, every
	// later read meets it too, as glibc 2.28 and later make it.
	asmStickyEOF
	// AsmFuncPtr: a call through a function pointer calls a function
	// whose address the program takes, or NULL (which ends the run): not
	// an uninitialised or otherwise invalid pointer.
	AsmFuncPtr
	// asmNoOverflow: signed arithmetic does not overflow. Only a step case
	// of k-induction that was asked to assumes it (Induction.NoOverflow):
	// the proof then covers every run up to its first signed overflow,
	// after which C defines nothing.
	asmNoOverflow
	numAssumptions
)

// assumptionWords are the assumptions in words, as results list them.
var assumptionWords = [numAssumptions]string{
	asmMallocOK:       "malloc never fails",
	AsmInBounds:       "memory accesses stay within live objects (out-of-bounds and dangling accesses are undefined behaviour, not modelled)",
	AsmLibInBounds:    "memory accesses stay within live objects (out-of-bounds and dangling accesses are undefined behaviour, not modelled)",
	asmNoDangling:     "memory accesses stay within live objects (out-of-bounds and dangling accesses are undefined behaviour, not modelled)",
	asmNoUseAfterFree: "memory is not used after it is freed",
	asmRandRange:      "rand returns any value in [0, RAND_MAX] with RAND_MAX = 2147483647 (glibc)",
	asmStickyEOF:      "the end of stdin is final: after a read meets it, later reads do too (glibc 2.28 and later)",
	asmNoOverflow:     "signed arithmetic does not overflow (undefined behaviour in C): the proof past the bound covers each run up to its first signed overflow",
	AsmFuncPtr:        "a call through a function pointer calls a function of its type whose address the program takes, or NULL (calls through an uninitialised or invalid pointer are undefined behaviour, not modelled)",
}

// note records that the translation depends on assumption a.
func (x *sym) note(a Assumption) {
	if x.lib > 0 && a == AsmInBounds {
		a = AsmLibInBounds
	}
	x.tr.Assumes[a] = true
}

// Assumptions lists the translation's assumptions in words, sorted and
// without repeats: those it noted, and those of extra; skip leaves some
// out (Safety checks the program's own accesses itself). Nil when there
// are none. The translation is not modified (queries share it).
func (tr *Translation) Assumptions(extra []Assumption, skip ...Assumption) []string {
	seen := map[string]bool{}
	var out []string
	for a := Assumption(0); a < numAssumptions; a++ {
		if !tr.Assumes[a] && !slices.Contains(extra, a) || slices.Contains(skip, a) {
			continue
		}
		w := assumptionWords[a]
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, w := range tr.Notes {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}
