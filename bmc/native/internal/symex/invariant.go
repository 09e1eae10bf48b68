package symex

import (
	"cmp"
	"github.com/suretydev/surety/smt"
	"math/big"
	"slices"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// Loop invariants for k-induction, found Houdini's way (Flanagan and
// Leino): the step case of a loop states candidate invariants at its
// havocked head, relations of the loop's integer variables with each other,
// with their values at the loop's entry and with the constants of its
// condition; the checker keeps those that hold at the entry and that one
// iteration preserves (from every head state where all kept ones hold,
// the target holding in the iteration), dropping the ones a model
// violates until none is violated; the survivors then constrain the
// havoc. A head state of a run, before its first violation of the target,
// satisfies them by induction on its iterations, so the step case with
// them still reaches every such state. This proves what plain k-induction
// cannot: x == y after `while (x < N) { x++; y++; }` from x == y.

// An InvCand is a candidate invariant of a step case.
type InvCand struct {
	// Sel, asserted, makes the candidate constrain the havocked head.
	Sel smt.Term
	// initBad holds where the entry violates it; postBad where the head
	// after one iteration from the havocked head does.
	InitBad, PostBad smt.Term
	// Text is the candidate in C, "" when C cannot say it at the loop's
	// head (it refers to the values at the loop's entry).
	Text string
}

// maxCands bounds the candidates of one loop.
const maxCands = 600

// An invTemplate relates an integer variable a (current value, entry
// value) with a term b of the same width (another variable's current
// value, or a constant).
type invTemplate func(a, a0, b, b0 smt.Term) smt.Term

var (
	// pairTemplates relate a and b; op and signed name the comparison in C
	// (op "" for the relations with the entry, which C cannot write).
	pairTemplates = []struct {
		t      invTemplate
		op     string
		signed bool
	}{
		{func(a, a0, b, b0 smt.Term) smt.Term { return eq(bv("bvsub", a, b), bv("bvsub", a0, b0)) }, "", false},
		{func(a, a0, b, b0 smt.Term) smt.Term { return eq(bv("bvadd", a, b), bv("bvadd", a0, b0)) }, "", false},
		{func(a, _, b, _ smt.Term) smt.Term { return smt.BVSLe(a, b) }, "<=", true},
		{func(a, _, b, _ smt.Term) smt.Term { return smt.BVSGe(a, b) }, ">=", true},
		{func(a, _, b, _ smt.Term) smt.Term { return smt.BVULe(a, b) }, "<=", false},
		{func(a, _, b, _ smt.Term) smt.Term { return smt.BVUGe(a, b) }, ">=", false},
	}
	selfTemplates = []func(a, a0 smt.Term, w int) smt.Term{
		func(a, a0 smt.Term, _ int) smt.Term { return smt.BVSGe(a, a0) },
		func(a, a0 smt.Term, _ int) smt.Term { return smt.BVSLe(a, a0) },
		func(a, a0 smt.Term, _ int) smt.Term { return smt.BVUGe(a, a0) },
		func(a, a0 smt.Term, _ int) smt.Term { return smt.BVULe(a, a0) },
		func(a, a0 smt.Term, w int) smt.Term {
			return eq(bv("bvand", bv("bvsub", a, a0), bvInt(1, w)), bvInt(0, w))
		},
	}
	constTemplates = []struct {
		t      func(a, c smt.Term) smt.Term
		op     string
		signed bool
	}{
		{func(a, c smt.Term) smt.Term { return smt.BVSLe(a, c) }, "<=", true},
		{func(a, c smt.Term) smt.Term { return smt.BVSGe(a, c) }, ">=", true},
		{func(a, c smt.Term) smt.Term { return smt.BVULe(a, c) }, "<=", false},
		{func(a, c smt.Term) smt.Term { return smt.BVUGe(a, c) }, ">=", false},
	}
)

// candVars lists the integer variables held in registers that the loop
// changes (mod) and the others of main's frame and the globals that the
// loop or main reads (read), by name for a stable order.
func (x *sym) candVars(s *state, st *ctree.Stmt, w *writeSet) (mod, read []*ctree.Var) {
	used := map[*ctree.Var]bool{}
	walkExprs(x.stack[0].Body, func(e *ctree.Expr) {
		if e.Op == ctree.OVar && e.Var != nil {
			used[e.Var] = true
		}
	})
	for v := range used {
		if v.T.Kind != ctree.KInt && v.T.Kind != ctree.KFloat || v.Mem {
			continue
		}
		if _, ok := s.regs[x.varKey(v)]; !ok {
			continue
		}
		if w.vars[v] {
			mod = append(mod, v)
		} else {
			read = append(read, v)
		}
	}
	byName := func(a, b *ctree.Var) int {
		if c := cmp.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	}
	slices.SortFunc(mod, byName)
	slices.SortFunc(read, byName)
	return mod, read
}

// maxConsts bounds the constants a loop's candidates compare with.
const maxConsts = 12

// candConsts are the integer constants a loop's variables are compared
// with: those of its condition first, then 0, then those of main (where the
// bounds of an assumption before the loop and of an assertion after it
// are written), each value once, at most maxConsts. More constants are
// only more candidates: Houdini keeps none that it does not check.
func candConsts(loop, main *ctree.Stmt) []*big.Int {
	var out []*big.Int
	seen := map[string]bool{}
	add := func(v *big.Int) {
		if len(out) < maxConsts && !seen[v.String()] {
			seen[v.String()] = true
			out = append(out, v)
		}
	}
	collect := func(e *ctree.Expr) {
		if e.Op == ctree.OConst && e.Val != nil {
			add(e.Val)
		}
	}
	walkExprs(&ctree.Stmt{X: loop.X}, collect)
	add(new(big.Int))
	walkExprs(main, collect)
	return out
}

// maxScales bounds the factors of a loop's scaled-difference candidates.
const maxScales = 4

// loopScales are the factors k of the candidates a - a0 == k*(b - b0) of a
// loop: the constants of its body other than 0, 1 and -1, the steps by
// which it may change one variable while it changes another by one
// (j += 2 beside i++), each value once, at most maxScales.
func loopScales(loop *ctree.Stmt) []*big.Int {
	var out []*big.Int
	seen := map[string]bool{}
	walkExprs(loop.Body, func(e *ctree.Expr) {
		if e.Op != ctree.OConst || e.Val == nil || len(out) == maxScales {
			return
		}
		if a := new(big.Int).Abs(e.Val); a.Cmp(big.NewInt(1)) <= 0 || seen[e.Val.String()] {
			return
		}
		seen[e.Val.String()] = true
		out = append(out, e.Val)
	})
	return out
}

// sumScales are the factors of the candidates (a - a0) + (b - b0) ==
// k*(c - c0): 1 and 2, the loop's scales, and each of those plus one (the
// steps of a and b in one branch add up to it), each value once.
func sumScales(scales []*big.Int) []*big.Int {
	out := []*big.Int{big.NewInt(1), big.NewInt(2)}
	seen := map[string]bool{"1": true, "2": true}
	for _, k := range scales {
		for _, v := range []*big.Int{k, new(big.Int).Add(k, big.NewInt(1))} {
			if !seen[v.String()] {
				seen[v.String()] = true
				out = append(out, v)
			}
		}
	}
	return out
}

// A candidate is one candidate invariant: a function of the current
// registers (the entry's are bound in it), and its C text where it has one.
type candidate struct {
	term func(cur func(*ctree.Var) smt.Term) smt.Term
	text string
}

// cmpText is a comparison of a with b in C, "" where the comparison the
// template makes (signed or not) is not what C's would be.
func cmpText(a *ctree.Var, op string, signed bool, b string, bSigned bool) string {
	if a.T.Signed != signed || bSigned != signed {
		return ""
	}
	return a.Name + " " + op + " " + b
}

// buildCands makes the candidates of a loop from its variables.
func buildCands(mod, read []*ctree.Var, entry map[*ctree.Var]smt.Term, consts, scales []*big.Int) []candidate {
	cs := floatCands(mod, read, entry)
	mod, read = intVars(mod), intVars(read)
	for _, a := range mod {
		a0 := entry[a]
		w := a.T.Width
		for _, t := range selfTemplates {
			cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term { return t(cur(a), a0, w) }})
		}
		for _, b := range append(append([]*ctree.Var(nil), mod...), read...) {
			if b == a || b.T.Width != w {
				continue
			}
			b0 := entry[b]
			for _, pt := range pairTemplates {
				text := ""
				if pt.op != "" {
					text = cmpText(a, pt.op, pt.signed, b.Name, b.T.Signed)
				}
				cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term { return pt.t(cur(a), a0, cur(b), b0) }, text: text})
			}
		}
		// a changes by multiples of a step of the loop (x += 8 from 5:
		// x % 8 == 5 at every head)
		for _, k := range scales {
			m := new(big.Int).Abs(k)
			if m.BitLen() >= w {
				continue
			}
			lit := smt.BVBig(m, w)
			cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term {
				return eq(bv("bvurem", bv("bvsub", cur(a), a0), lit), bvInt(0, w))
			}})
		}
		for _, b := range mod {
			if b == a || b.T.Width != w {
				continue
			}
			b0 := entry[b]
			for _, k := range scales {
				lit := smt.BVBig(ctree.WrapInt(k, a.T), w)
				cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term {
					return eq(bv("bvsub", cur(a), a0), bv("bvmul", lit, bv("bvsub", cur(b), b0)))
				}})
			}
		}
		// Two variables' changes sum to a multiple of a third's (a + b
		// == 3*i when each step adds 1 and 2, or 2 and 1).
		for _, b := range mod {
			if b.ID <= a.ID || b.T.Width != w {
				continue
			}
			b0 := entry[b]
			for _, c := range mod {
				if c == a || c == b || c.T.Width != w {
					continue
				}
				c0 := entry[c]
				for _, k := range sumScales(scales) {
					lit := smt.BVBig(ctree.WrapInt(k, a.T), w)
					cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term {
						return eq(bv("bvadd", bv("bvsub", cur(a), a0), bv("bvsub", cur(b), b0)), bv("bvmul", lit, bv("bvsub", cur(c), c0)))
					}})
				}
			}
		}
		for _, c := range consts {
			v := ctree.WrapInt(c, a.T)
			lit := smt.BVBig(v, w)
			for _, ct := range constTemplates {
				text := cmpText(a, ct.op, ct.signed, v.String(), ct.signed)
				if text != "" && !ct.signed {
					text += "u"
				}
				cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term { return ct.t(cur(a), lit) }, text: text})
			}
		}
	}
	if len(cs) > maxCands {
		cs = cs[:maxCands]
	}
	return cs
}

// intVars are the integer variables of vs.
func intVars(vs []*ctree.Var) []*ctree.Var {
	var out []*ctree.Var
	for _, v := range vs {
		if v.T.Kind == ctree.KInt {
			out = append(out, v)
		}
	}
	return out
}

// floatCands are the candidates of a loop's floating-point variables:
// each one it changes is not NaN, equal to its value at the entry, equal
// to another variable of its type (g == f while g /= 1.0f).
func floatCands(mod, read []*ctree.Var, entry map[*ctree.Var]smt.Term) []candidate {
	var cs []candidate
	for _, a := range mod {
		if a.T.Kind != ctree.KFloat {
			continue
		}
		a0 := entry[a]
		cs = append(cs,
			candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term { return not(smt.FPIsNaN(cur(a))) }},
			candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term { return smt.FPEq(cur(a), a0) }})
		for _, b := range append(append([]*ctree.Var(nil), mod...), read...) {
			if b == a || b.T.Kind != ctree.KFloat || b.T.Width != a.T.Width {
				continue
			}
			cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term { return smt.FPEq(cur(a), cur(b)) }, text: a.Name + " == " + b.Name})
		}
	}
	return cs
}

// NoInvariants asserts no candidate.
func NoInvariants(tr *Translation) string {
	var b smt.Script
	for _, cd := range tr.Cands {
		b.Assert(smt.Not(cd.Sel))
	}
	return b.String()
}
