package native

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/smt"
)

// An unwinding violation is claimed (FALSIFIED, as ESBMC and CBMC report a
// failed unwinding assertion) only when a real run shows it: the program is
// compiled with a counter on every loop (body entries of one execution of
// the loop) and on every function (activations on the stack), and run on
// the model's input; a counter past its bound ends the run with
// exitUnwound and says which loop or function it was. A violation that
// does not replay, or one of a library model's own bound (a string longer
// than the model unrolls), stays UNKNOWN.

const (
	exitUnwound   = 88
	unwoundMarker = "SURETY-UNWOUND"
)

// boundsHarness defines the counters' hooks; boundsPrelude declares them
// for the program.
const (
	boundsPrelude = `void __surety_unwound(const char *what, int line);
int *__surety_enter(int *depth, int max, int line);
void __surety_leave(int **depth);
`
	boundsHarness = `void __surety_unwound(const char *what, int line) { fprintf(stderr, "` + unwoundMarker + ` %s %d\n", what, line); fflush(stderr); _exit(88); }
int *__surety_enter(int *depth, int max, int line) { if (++*depth > max) __surety_unwound("recursion", line); return depth; }
void __surety_leave(int **depth) { --**depth; }
`
)

var unwoundRE = regexp.MustCompile(unwoundMarker + ` (loop|recursion) (\d+)`)

// unwound decides a query whose unwinding check found a model: FALSIFIED
// when the model's input makes a real run exceed a bound of the program,
// UNKNOWN otherwise. res carries the query's verdict so far.
func (c *Checker) unwound(ctx context.Context, q *bmc.Query, tr *symex.Translation, m map[string]smt.Value, res *bmc.Result) *bmc.Result {
	res.Status = bmc.Unknown
	res.Assumptions = nil // the target's proof stands, but this answer claims nothing
	var site *symex.UnwindSite
	for i := range tr.Unwind {
		if symex.IsTrue(m, tr.Unwind[i].Guard) {
			site = &tr.Unwind[i]
			break
		}
	}
	d := tr.Counterexample(m)
	res.Counterexample = d.Cex
	if site == nil {
		res.Reason = fmt.Sprintf("unwinding assertion violated: a loop or recursion can run more than k=%d times", q.K)
		return res
	}
	if site.Model {
		res.Reason = fmt.Sprintf("unwinding assertion violated: %s at line %d can need more elements than it unrolls (%d, or the object's size up to 4096); a bound of the engine, not of the program, so no run can show it",
			site.What, site.Line, symex.LibBound)
		return res
	}
	claim := fmt.Sprintf("%s at line %d can run more than k=%d times", site.What, site.Line, q.K)
	kind, line, why := c.replayBounds(ctx, q, tr, d)
	if kind == "" && why == noRange {
		// A loop lowered from gotos has no counter to place; the run of
		// the input without counters may still fail the target, which is
		// the target's violation whatever bound it passed.
		if ok, past, _ := c.replayWithin(ctx, pastBoundRun, q, tr, d, ubsanFlags...); ok {
			return pastBound(res, claim, past)
		}
	}
	if kind == "" {
		res.Reason = "unwinding assertion violated: " + claim + ", but the counterexample did not replay: " + why
		return res
	}
	res.Status = bmc.Falsified
	res.Replayed = true
	res.Unwound = true
	res.Assumptions = uninitAssumed(d.Cex)
	exceeds := fmt.Sprintf("the %s at line %d runs more than k=%d times", kind, line, q.K)
	if kind == "recursion" {
		exceeds = fmt.Sprintf("the function at line %d recurses deeper than k=%d", line, q.K)
	}
	res.Reason = "unwinding assertion: " + exceeds + ", replayed under gcc"
	// The same input, run without counters, goes on past the bound: a
	// run that fails the target is a real execution of the target's
	// violation, not the bound's.
	// Under UBSan, stopping at the first undefined behaviour: a run
	// that reaches the target only through one (a counter that
	// overflows after 65536 iterations) shows no violation of the
	// program C defines.
	if ok, past, _ := c.replayWithin(ctx, pastBoundRun, q, tr, d, ubsanFlags...); ok {
		return pastBound(res, exceeds, past)
	}
	return res
}

// uninitAssumed lists what a replayed counterexample rests on beyond the
// program: the values it gave locals declared without an initialiser.
func uninitAssumed(cex *bmc.Counterexample) []string {
	if w := bmc.UninitReads(cex); w != "" {
		return []string{w}
	}
	return nil
}

// pastBoundRun limits the run of an unwinding counterexample's input
// past the bound: a try for a violation deeper than the bound, which the
// answer does not need. Runs that never failed ran to the replay's limit
// (10 s) once for each assertion and bound, 50 CPU-s of id_build's 65;
// with 2 s no verdict on the SV-COMP set or on the regression tests of
// CBMC and ESBMC was lost (session 22's runs).
const pastBoundRun = 2 * time.Second

// noRange is why a run could not be counted: a loop lowered from gotos.
const noRange = "a loop's source range is not known"

// pastBound makes res the FALSIFIED of a run of the counterexample's
// input that went on past the bound (where, as said) and failed the
// target, replayed under gcc; past counts the inputs it took beyond the
// model's.
func pastBound(res *bmc.Result, where string, past int) *bmc.Result {
	res.Status = bmc.Falsified
	res.Replayed = true
	res.Unwound = false
	res.Assumptions = uninitAssumed(res.Counterexample)
	res.Reason = "the target fails on a run past the bound (" + where + "), replayed under gcc"
	if past > 0 {
		res.Reason += fmt.Sprintf("; the run took %d inputs past the model's, each 0", past)
	}
	return res
}

// replayBounds runs the program with every loop and function counted and
// reports which bound the run exceeded ("loop" or "recursion", and the
// line of the loop or of the function), or why none was.
func (c *Checker) replayBounds(ctx context.Context, q *bmc.Query, tr *symex.Translation, d *symex.CexData) (kind string, line int, why string) {
	cp, err := c.parsed(ctx, q.Program)
	if err != nil {
		return "", 0, err.Error()
	}
	p, ok := instrumentBounds(q.Program, cp, q.K)
	if !ok {
		return "", 0, noRange
	}
	iq := *q
	iq.Program = p
	rr, why := c.runReplay(ctx, q.Program, iq.Render("__surety_assert", "__surety_assume"), tr, d, boundsPrelude, boundsHarness)
	if rr == nil {
		return "", 0, why
	}
	if rr.ExitCode == exitUnwound {
		if m := unwoundRE.FindStringSubmatch(string(rr.Stderr)); m != nil {
			n, _ := strconv.Atoi(m[2])
			return m[1], n, ""
		}
	}
	return "", 0, exitWhy(rr)
}

// An insertion is text put before the byte at offset in the source. At one
// offset, closing text goes before opening text, inner closings before
// outer ones and outer openings before inner ones.
type insertion struct {
	at    int
	close bool
	depth int
	text  string
}

// instrumentBounds returns a copy of p whose source counts the body
// entries of every execution of every loop (more than k ends the run) and
// the activations of every function (more than k+1, a recursion deeper
// than k). Insertions hold no newline, so lines stay; the assertions and
// the switch are moved with the text around them. It is false when a
// loop's source range is unknown.
func instrumentBounds(p *bmc.Program, cp *ctree.Program, k int) (*bmc.Program, bool) {
	var ins []insertion
	n := 0
	var walk func(s *ctree.Stmt, depth int) bool
	walk = func(s *ctree.Stmt, depth int) bool {
		if s == nil {
			return true
		}
		if s.Op == ctree.SWhile || s.Op == ctree.SDo || s.Op == ctree.SFor {
			if s.Span[1] == 0 || s.BodySpan[1] == 0 || s.Span[0] > s.BodySpan[0] || s.BodySpan[1] > s.Span[1] || s.Span[1] > len(p.Source) {
				return false
			}
			n++
			v := fmt.Sprintf("__surety_loop%d", n)
			ins = append(ins,
				insertion{at: s.Span[0], depth: 2 * depth, text: "{ unsigned long " + v + " = 0; "},
				insertion{at: s.BodySpan[0], depth: 2*depth + 1, text: fmt.Sprintf("{ if (++%s > %d) __surety_unwound(\"loop\", %d); ", v, k, s.Line)},
				insertion{at: s.BodySpan[1], close: true, depth: 2*depth + 1, text: " }"},
				insertion{at: s.Span[1], close: true, depth: 2 * depth, text: " }"})
			depth++
		}
		for _, sub := range []*ctree.Stmt{s.Init, s.Body, s.Else} {
			if !walk(sub, depth) {
				return false
			}
		}
		for _, sub := range s.List {
			if !walk(sub, depth) {
				return false
			}
		}
		return true
	}
	names := make([]string, 0, len(cp.Funcs))
	for name := range cp.Funcs {
		names = append(names, name)
	}
	sort.Strings(names)
	for i, name := range names {
		f := cp.Funcs[name]
		if f.Body == nil || f.BodyAt <= 0 || f.BodyAt > len(p.Source) {
			continue
		}
		ins = append(ins, insertion{at: f.BodyAt, depth: -1, text: fmt.Sprintf(
			"static int __surety_depth%d; int *__surety_act%d __attribute__((cleanup(__surety_leave))) = __surety_enter(&__surety_depth%d, %d, %d); ",
			i, i, i, k+1, f.Line)})
		if !walk(f.Body, 0) {
			return nil, false
		}
	}
	sort.SliceStable(ins, func(i, j int) bool {
		a, b := ins[i], ins[j]
		if a.at != b.at {
			return a.at < b.at
		}
		if a.close != b.close {
			return a.close
		}
		if a.close {
			return a.depth > b.depth
		}
		return a.depth < b.depth
	})
	var out strings.Builder
	last := 0
	for _, in := range ins {
		out.Write(p.Source[last:in.at])
		out.WriteString(in.text)
		last = in.at
	}
	out.Write(p.Source[last:])
	// moved is where byte off of the source is now: after the text
	// inserted before it (at offsets up to off, or below off when the
	// insertions at off go after it).
	moved := func(off int, before bool) int {
		shift := 0
		for _, in := range ins {
			if in.at < off || before && in.at == off {
				shift += len(in.text)
			}
		}
		return off + shift
	}
	cp2 := *p
	cp2.Source = []byte(out.String())
	cp2.Asserts = make([]bmc.Assertion, len(p.Asserts))
	for i, a := range p.Asserts {
		a.Start, a.End = moved(a.Start, true), moved(a.End, false)
		cp2.Asserts[i] = a
	}
	if p.Switch != nil {
		sw := *p.Switch
		sw.At = moved(sw.At, true)
		cp2.Switch = &sw
	}
	return &cp2, true
}

// ubsanFlags build a replay that ends at the first undefined behaviour
// UBSan sees (its exit status is not the target's).
var ubsanFlags = []string{"-fsanitize=undefined", "-fno-sanitize-recover=all"}
