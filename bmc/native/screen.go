package native

import (
	"context"
	"fmt"
	"slices"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// The engine starts at main, stops where main returns or exit is called,
// and checks each assertion's predicate where the assertion stands. Two
// kinds of program break that, and the engine says so by itself rather
// than leave it to the facts pipeline's screen (bmc.Prescan), which a
// user of the engine alone does not run:
//
//   - Code run outside main's straight line: constructor and destructor
//     functions, cleanup and ifunc attributes, handlers registered with
//     atexit, on_exit or at_quick_exit. What a constructor does to the
//     state main starts from, and the assertions of code run after main,
//     are in no check, so no VERIFIED (at a bound or complete) stands:
//     the answer is UNKNOWN, naming the construct and its line. A
//     FALSIFIED stands, being a replayed run of the program as compiled
//     (constructors and all) that fails the assertion.
//   - Changes to assert: NDEBUG defined before <assert.h> (in the file,
//     or by -D in Program.Compile), assert defined to check nothing, or
//     the program's own assert (a macro of its own, #undef assert). The
//     engine and the replay check the predicate as the standard assert
//     does, which is not what the program as compiled does; so no
//     FALSIFIED stands on such a program (with asserts compiled out no run
//     fails one), except an unwinding counterexample, which is about a
//     loop, not the assertion. A VERIFIED stands where the asserts are
//     compiled out: no run of the program as compiled fails an assertion
//     it does not check, and the predicate holds where it stands on every
//     run the answer covers; the answer lists that as an assumption, and
//     carries the hazard. Where assert is the program's own, it may do
//     what the engine does not model (count its calls, change the state
//     later assertions read), and the answer is UNKNOWN.
//
// Safety, which claims the absence of undefined behaviour at the sites
// its runs from main reach, refuses both kinds of program outright (an
// error naming the construct and its line, as for a construct it cannot
// translate; safetyRefusal): a constructor may do undefined behaviour
// before main, or leave main a state in which a site VERIFIED is not
// safe, and a destructor's or exit handler's sites are in no claim; and
// Safety assumes every assertion, so where assert does not stop a run
// (compiled out, or the program's own), the runs past a failing assertion
// are in no claim.
//
// Library functions that call the program back (qsort, bsearch) are not
// refused here: the engine models them (symex's sort.go), and its answers
// list the modelling among their assumptions.

// outsideMain are the constructs of bmc.Prescan that run code outside
// main's straight line.
var outsideMain = []string{"constructor", "destructor", "cleanup", "ifunc", "exit handler"}

// assertChanged are the constructs of bmc.Prescan that change what an
// assert statement does.
var assertChanged = []string{"NDEBUG", "assert macro"}

// A screen is what the engine found in a program that it does not model:
// code outside main, and changes to assert.
type screen struct {
	outside, asserts []bmc.Hazard
}

// screened returns the screen of a program, shared by its queries.
func (c *Checker) screened(ctx context.Context, p *bmc.Program) (*screen, error) {
	src, _ := sourceKey(p)
	return c.screens.get(src, c.cacheSize(), func() (*screen, error) {
		s, err := bmc.Prescan(ctx, p, &bmc.PrescanOptions{NoCompile: true})
		if err != nil {
			return nil, err
		}
		sc := &screen{}
		for _, h := range s.Hazards {
			switch {
			case slices.Contains(outsideMain, h.Construct):
				sc.outside = append(sc.outside, h)
			case slices.Contains(assertChanged, h.Construct):
				sc.asserts = append(sc.asserts, h)
			}
		}
		return sc, nil
	})
}

// vet weakens res, the engine's answer on a program with this screen, to
// what its evidence supports (see above).
func (sc *screen) vet(res *bmc.Result) *bmc.Result {
	if sc == nil || res.Status == bmc.Unknown {
		return res
	}
	unknown := func(h bmc.Hazard, hs []bmc.Hazard, why string) *bmc.Result {
		r := &bmc.Result{Engine: res.Engine, Hazards: hs, Duration: res.Duration,
			Reason: fmt.Sprintf("unsupported: %s at line %d: %s; %s", h.Construct, h.Line, h.Detail, why)}
		if res.Status == bmc.Falsified {
			r.Counterexample = res.Counterexample
		}
		return r
	}
	if len(sc.outside) > 0 && !(res.Status == bmc.Falsified && res.Replayed) {
		return unknown(sc.outside[0], sc.outside, "the engine runs main only, not this code, so its "+res.Status.String()+" would not cover the program's runs")
	}
	if len(sc.asserts) == 0 {
		return res
	}
	h := sc.asserts[0]
	unchecked := true
	for _, x := range sc.asserts {
		if !x.Unchecked {
			h, unchecked = x, false
			break
		}
	}
	switch {
	case res.Status == bmc.Falsified && res.Unwound:
		return res
	case res.Status == bmc.Falsified && unchecked:
		return unknown(h, sc.asserts, "the engine found a run on which the predicate is false, which the program as compiled does not evaluate")
	case res.Status == bmc.Falsified:
		return unknown(h, sc.asserts, "the engine and the replay check the predicate as the standard assert does, not what the program's own assert does")
	case !unchecked:
		return unknown(h, sc.asserts, "the program's own assert may do what the engine does not model (change the state later assertions read)")
	}
	out := *res
	out.Hazards = sc.asserts
	out.Assumptions = sortedUnion(res.Assumptions, []string{fmt.Sprintf(
		"the assertion is compiled out (%s at line %d): the answer is of its predicate, which the program as compiled does not check", h.Construct, h.Line)})
	return &out
}

// safetyRefusal returns the error of Safety on a program of this screen
// (see above), or nil: code outside main always refuses it, a change to
// assert only where the program has assertions (Safety assumes them).
func (sc *screen) safetyRefusal(p *bmc.Program) error {
	var h bmc.Hazard
	var why string
	switch {
	case len(sc.outside) > 0:
		h, why = sc.outside[0], "the safety check runs main only, so the undefined behaviour of this code, and what it does to the state main starts from, would be in no claim"
	case len(sc.asserts) > 0 && len(p.Asserts) > 0:
		h, why = sc.asserts[0], "the safety check assumes every assertion stops a run that fails it, which the program as compiled does not do"
	default:
		return nil
	}
	return fmt.Errorf("%w: %s; %s", ctree.Unsupported(h.Line, "%s", h.Construct), h.Detail, why)
}
