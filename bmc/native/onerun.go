package native

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"
	"syscall"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/internal/proc"
)

// A program that reads no input (symex.InputFree) has one execution, and
// a run under gcc is that execution: where the formula cannot decide the
// target (a loop or recursion past the bound that no induction or
// summary closes, a formula too large or too hard), the run can. It
// decides VERIFIED for every execution when it ends without failing the
// target, under UBSan, which stops it at the undefined behaviour it sees
// (a run that met some is no evidence of what C defines), and under
// valgrind's memcheck, which reports every branch and output that an
// uninitialised value decides: the model gives such a value any value,
// so a run that used one is one execution of many. Without valgrind the
// run decides nothing. A run that
// fails the target is left to the checks that explain it (the unwinding
// check's replay says how deep); one that does not end in the replay's
// time, or is killed, decides nothing.

// oneRunAssumption is listed with a VERIFIED answer the run gave.
const oneRunAssumption = "the program reads no input: its one execution ran to its end under gcc (x86-64, -O0, UBSan) and valgrind's memcheck, with no undefined behaviour UBSan checks and no use of an uninitialised value, without failing the assertion"

// exitMemcheck is the exit status valgrind gives a run in which memcheck
// found an error.
const exitMemcheck = 99

// runOnce returns the answer of q's program's one execution, or nil.
func (c *Checker) runOnce(ctx context.Context, q *bmc.Query) *bmc.Result {
	if c.opts.NoInduction {
		return nil // answers stay bounded
	}
	cp, err := c.parsed(ctx, q.Program)
	if err != nil {
		return nil
	}
	if ok, _ := symex.InputFree(cp); !ok {
		return nil
	}
	vg, err := proc.LookPath("valgrind")
	if err != nil {
		return nil
	}
	src, sw := sourceKey(q.Program)
	render := q.Render("__surety_assert", "__surety_assume")
	h := sha256.Sum256([]byte(render))
	key := fmt.Sprintf("%s%s/variant=%d/%x", src, sw, q.Variant, h)
	ended, err := c.runs.get(key, c.cacheSize(), func() (bool, error) {
		tr := &symex.Translation{Defined: cp.Defined, Bodiless: cp.Bodiless}
		d := &symex.CexData{Cex: &bmc.Counterexample{}}
		wrap := []string{vg, "-q", "--error-exitcode=" + strconv.Itoa(exitMemcheck), "--leak-check=no", "--undef-value-errors=yes"}
		rr, _ := c.runReplayUnder(ctx, replayRun{wrap: wrap}, q.Program, render, tr, d, "", "", ubsanFlags...)
		if err := ctx.Err(); err != nil {
			return false, err // cut short: not kept
		}
		switch {
		case rr == nil, rr.TimedOut, rr.ExitCode == exitMemcheck, strings.Contains(string(rr.Stderr), "runtime error"):
			return false, nil
		case rr.ExitCode == exitViolated, rr.ExitCode < 0 && rr.Signal != syscall.SIGABRT.String():
			return false, nil
		}
		return true, nil
	})
	if err != nil || !ended {
		return nil
	}
	// It ended: by returning from main, by exit or abort (a dropped
	// assertion's reach_error), or at a failed assumption (an assumed
	// assertion), which no execution the query counts passes.
	asm := append([]string{oneRunAssumption}, cp.Notes...)
	res := &bmc.Result{Engine: c.Name(), Status: bmc.Verified, BoundComplete: q.UnwindingAssertions, Assumptions: asm,
		Reason: "the program's one execution, run under gcc, does not fail it"}
	if res.BoundComplete {
		res.Proof = "one run"
	}
	return res
}
