package complete

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// This file is the uniqueness proof by induction. A contract stated
// through a recursive predicate ("r[0] == x && r[1] == s[0] &&
// Interleave(s[1..], x, r[2..])") determines its result, but the plain
// uniqueness lemma cannot show it: the two results agree on their first
// elements, and that the rest agree is the same question on a smaller
// input. So, before giving up, the lemma is tried again once per
// induction variable (each sequence or string parameter by its length,
// each nat parameter by its value), as a lemma that calls itself on the
// smaller input. Which smaller results go with the smaller input is not
// known, so each call is guarded: the lemma calls itself on the smaller
// input (the sequence without its first or last element, the number less
// one) with the results cut the same way (without their first or last one
// or two elements, or as they are), wherever the precondition and both
// postconditions hold of them. A guard only chooses where the induction
// hypothesis is used; Dafny checks the recursion's termination
// (decreases) and every call's precondition, so a variant that verifies is
// a proof of uniqueness like the plain lemma. All the variants of every
// target go to Dafny in one run.

// An indVar is one induction variable of a target: parameter p of it, a
// sequence (or string) or a nat.
type indVar struct {
	p   int
	seq bool
}

// inductionVars returns the induction variables of t, in parameter order.
func inductionVars(t *target) []indVar {
	var vs []indVar
	for i, p := range t.params {
		switch p.kind {
		case tSeq, tString:
			vs = append(vs, indVar{i, true})
		case tNat:
			vs = append(vs, indVar{i, false})
		}
	}
	return vs
}

// resultCuts are the ways a result sequence is cut to go with the smaller
// input: "" keeps it as it is.
var resultCuts = []struct {
	need int
	cut  func(e string) string
}{
	{1, func(e string) string { return e + "[1..]" }},
	{2, func(e string) string { return e + "[2..]" }},
	{1, func(e string) string { return fmt.Sprintf("%s[..|%s| - 1]", e, e) }},
	{2, func(e string) string { return fmt.Sprintf("%s[..|%s| - 2]", e, e) }},
	{0, nil},
}

// inductionLemma writes the uniqueness lemma of t by induction on v,
// named SuretyUniq{k}i{p}.
func (c *checker) inductionLemma(g *genFile, t *target, v indVar) {
	d := t.d
	name := fmt.Sprintf("SuretyUniq%di%d", t.k, v.p)
	var as, bs []string
	ps := append([]param(nil), d.Params...)
	for i, r := range t.results {
		as, bs = append(as, fmt.Sprintf("suretyA%d", i)), append(bs, fmt.Sprintf("suretyB%d", i))
		ps = append(ps, param{Name: as[i], Type: r.src})
	}
	for i, r := range t.results {
		ps = append(ps, param{Name: bs[i], Type: r.src})
	}
	in := names(d.Params)
	post := func(in, rs []string) string {
		return fmt.Sprintf("SuretyPost%d(%s)", t.k, strings.Join(append(append([]string(nil), in...), rs...), ", "))
	}
	pre := func(in []string) string { return fmt.Sprintf("SuretyPre%d(%s)", t.k, strings.Join(in, ", ")) }
	goal := together(as) + " == " + together(bs)
	if d.Loose != "" {
		goal = fmt.Sprintf("SuretyLoose%d(%s, %s)", t.k, together(as), together(bs))
	}
	p := d.Params[v.p].Name
	var smaller []string
	measure, nonEmpty := p, p+" > 0"
	if v.seq {
		smaller = []string{p + "[1..]", fmt.Sprintf("%s[..|%s| - 1]", p, p)}
		measure, nonEmpty = "|"+p+"|", "|"+p+"| > 0"
	} else {
		smaller = []string{p + " - 1"}
	}
	hasSeq := false
	for _, r := range t.results {
		hasSeq = hasSeq || r.kind == tSeq || r.kind == tString
	}
	var calls strings.Builder
	for _, e := range smaller {
		in2 := append([]string(nil), in...)
		in2[v.p] = e
		for _, cut := range resultCuts {
			if cut.cut != nil && !hasSeq {
				continue
			}
			var guards []string
			as2, bs2 := append([]string(nil), as...), append([]string(nil), bs...)
			for i, r := range t.results {
				if cut.cut == nil || (r.kind != tSeq && r.kind != tString) {
					continue
				}
				guards = append(guards, fmt.Sprintf("|%s| >= %d && |%s| >= %d", as[i], cut.need, bs[i], cut.need))
				as2[i], bs2[i] = cut.cut(as[i]), cut.cut(bs[i])
			}
			guards = append(guards, pre(in2), post(in2, as2), post(in2, bs2))
			fmt.Fprintf(&calls, "    if %s {\n      %s(%s);\n    }\n", strings.Join(guards, " && "), name,
				strings.Join(append(append(in2, as2...), bs2...), ", "))
		}
	}
	hint := fmt.Sprintf("  if %s {\n%s  }\n", nonEmpty, calls.String())
	g.add(t.k, fmt.Sprintf("lemma %s(%s)\n  requires %s && %s && %s\n  ensures %s\n  decreases %s\n%s",
		name, paramList(ps, nil), pre(in), post(in, as), post(in, bs), goal, measure, c.body(hint)))
}

// inductionPass tries, in one Dafny run, the uniqueness lemma by induction
// for each target of ts (whose plain lemma failed) on each of its
// induction variables. It returns, by target index, the name of the
// parameter the first proof went by. It changes no target, so it may run beside the passes that run
// the methods; a generated lemma that does not resolve only leaves its
// target out.
func (c *checker) inductionPass(ctx context.Context, ts []*target) (map[int]string, error) {
	leave := map[int]bool{}
	for attempt := 0; attempt < 3; attempt++ {
		g := newGenFile()
		for _, t := range ts {
			if leave[t.k] {
				continue
			}
			c.predicates(g, t)
			for _, v := range inductionVars(t) {
				c.inductionLemma(g, t, v)
			}
		}
		if g.empty {
			return nil, nil
		}
		start := time.Now()
		v, err := c.tool.Verify(ctx, File{Name: "check.dfy", Content: []byte(g.b.String())}, c.input)
		c.ran("induction", start)
		if ctx.Err() != nil {
			return nil, fmt.Errorf("complete: %w", ctx.Err())
		}
		if errors.Is(err, ErrUnresolved) {
			more := false
			for _, d := range v.Diagnostics {
				if k := g.owner(d.Line); k >= 0 && strings.Contains(d.Msg, "rror") && !leave[k] {
					leave[k], more = true, true
				}
			}
			if !more {
				return nil, nil
			}
			continue
		}
		if err != nil && !errors.Is(err, proc.ErrTimeout) {
			return nil, fmt.Errorf("complete: %w", err)
		}
		proved := map[int]string{}
		for _, t := range ts {
			if leave[t.k] {
				continue
			}
			for _, iv := range inductionVars(t) {
				if v.Status(fmt.Sprintf("SuretyUniq%di%d", t.k, iv.p)) == Verified {
					proved[t.k] = t.d.Params[iv.p].Name
					break
				}
			}
		}
		return proved, nil
	}
	return nil, nil
}
