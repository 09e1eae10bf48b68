// Package bmctest is the conformance kit of bmc.Checker engines: it holds
// the soundness probes, small C programs whose truth was settled by
// running them under gcc, never by what an engine said, and TestChecker,
// which asks an engine about every assertion of every probe and fails on
// any answer the truth contradicts. Every engine of this module runs it
// (TestConformance in bmc/native, bmc/esbmc, bmc/cbmc and bmc/run), and
// an engine written out of tree is held to the same verdicts:
//
//	package myengine_test
//
//	import (
//		"testing"
//
//		"github.com/suretydev/surety/bmc/bmctest"
//		"example.com/myengine"
//	)
//
//	func TestConformance(t *testing.T) {
//		bmctest.TestChecker(t, myengine.New(), nil)
//	}
//
// The probes are embedded in this package (Probes), so the test needs no
// files of this module, only gcc on PATH to settle the truths.
//
// # Probes
//
// A probe is a C file of testdata/probes; its name is its path there
// without ".c" ("abs_intmin", "native/printf_n"). Its comments say:
//
//	// truth: holds|fails|undefined   the truth of every assertion
//	// truth a2: holds                the truth of one (a1 is the first)
//	assert(x > 0); // truth: fails    the truth of the assertion on that line
//	// run: nondet=1,-2 stdin="5\n"   one run: the values the nondet
//	                                  functions return, in order, and the
//	                                  stdin text (a Go string literal)
//	// run: 1 -2 stdin "5\n"          the same run, written the other way
//	// assumes: malloc never fails    a fact must list this assumption
//	// broken: malloc never fails     the assertion fails only where this
//	                                  assumption is broken: a fact listing
//	                                  it is accepted on a failing assertion
//	// k: 3                           the bound (default 5)
//
// Several run lines are several runs; none is one run without input.
// "holds" is the author's reasoning, checked on every run given (none may
// fail it); "fails" must be shown by one of the runs; "undefined"
// (undefined behaviour, a program gcc does not compile) allows no verdict
// but UNKNOWN. Other words on an assertion's line ("native: VERIFIED") are
// left to the engine's own tests (Options.Observe).
//
// # Verdicts
//
// TestChecker first settles each assertion's truth by compiling its query
// (the target an assertion, every other assertion removed, as
// bmc.Query.Render writes it) with gcc and running it on the probe's runs;
// a probe whose runs disagree with its truth fails the test, whatever the
// engine. Then it asks the engine each assertion alone, at the bound, and
// these answers are wrong:
//
//   - VERIFIED of an assertion of an undefined program;
//   - VERIFIED of an assertion that fails, unless the same query with
//     unwinding assertions on comes back FALSIFIED, with Result.Unwound or
//     a counterexample that replays (the bound is incomplete: the failure
//     lies past it), or the probe's broken assumption is among the answer's
//     assumptions; a VERIFIED with BoundComplete (the assertion holds on
//     every execution) of a failing assertion is always wrong;
//   - VERIFIED without an assumption the probe says a fact rests on;
//   - VERIFIED from a bmc.Refuter, which never proves;
//   - FALSIFIED (not Unwound) of an assertion that holds or of an
//     undefined program, and FALSIFIED whose counterexample bmc.Replay does
//     not reproduce.
//
// UNKNOWN is never wrong. An error from the engine fails the test, except
// on an undefined program (a program the engine cannot read).
//
// The kit holds an engine alone to the truths. The facts pipeline also
// screens each program (bmc.Prescan) and makes no fact of one with a
// hazard, so an engine's wrong answer on such a probe may never reach a
// user; the failure message says so, and an engine's test may name such
// probes in Options.Skip, with the reason.
package bmctest
