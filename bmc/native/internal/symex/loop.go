package symex

import (
	"math/big"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
)

// An UnwindSite is where an execution can exceed a bound: a loop about to
// run its body a K+1-th time, a call deeper than K into a recursion, or a
// library model's own bound. Its guard holds on the executions that do.
type UnwindSite struct {
	Guard smt.Term
	Line  int
	What  string
	Model bool        // a library model's bound, which no run of the program shows
	Loop  *ctree.Stmt // the loop, for a loop's bound
	// PastK: the loop's counter decides its condition here, and the rest
	// of its iterations fit the budget, so a translation with
	// Options.PastK runs it to its end.
	PastK bool
}

// UnwindGuards are the guards of every unwinding site.
func (tr *Translation) UnwindGuards() []smt.Term {
	out := make([]smt.Term, len(tr.Unwind))
	for i, u := range tr.Unwind {
		out[i] = u.Guard
	}
	return out
}

// maxExtraIters bounds the iterations past K that loops whose conditions
// fold to true run, over a whole translation (nested loops multiply);
// maxBlindIters, those of one loop whose end its condition does not show.
const (
	maxExtraIters = 4096
	maxBlindIters = 256
)

// extraBudget is how many iterations past K a loop whose condition folds
// may run: for a comparison of two known values (i < n, i != n), their
// distance, which bounds the iterations left when the loop moves one
// toward the other, if it fits what is left of maxExtraIters (else none:
// a loop of 100000 iterations is not unrolled 4096 times in vain); for
// any other condition, up to maxBlindIters.
func (x *sym) extraBudget(s *state, cond *ctree.Expr) int {
	left := maxExtraIters - x.extra
	if left <= 0 {
		return 0
	}
	for cond.Op == ctree.OConv {
		cond = cond.X
	}
	if cond.Op != ctree.OBin || sideEffects(cond) {
		return min(left, maxBlindIters)
	}
	switch cond.Name {
	case "<", "<=", ">", ">=", "!=":
	default:
		return min(left, maxBlindIters)
	}
	a, b := x.eval(s, cond.X), x.eval(s, cond.Y)
	va, w, ok1 := litVal(a.s)
	vb, _, ok2 := litVal(b.s)
	if !ok1 || !ok2 || !a.t.IsInt() {
		return min(left, maxBlindIters)
	}
	if a.t.Signed {
		va, vb = signedOf(va, w), signedOf(vb, w)
	}
	d := new(big.Int).Abs(new(big.Int).Sub(va, vb))
	d.Add(d, big.NewInt(1))
	if !d.IsInt64() || d.Int64() > int64(left) {
		return 0
	}
	return int(d.Int64())
}

// loop unwinds a loop K times. A state that would run the body a K+1-th
// time is an unwinding violation and is dropped (k-bounded semantics).
func (x *sym) loop(s *state, st *ctree.Stmt) *state {
	if x.ind != nil {
		switch {
		case st == x.ind.Loop:
			return x.inductLoop(s, st, x.k, true)
		case x.ind.Skip[st]:
			return x.inductLoop(s, st, 0, false)
		}
	}
	x.step(s, st.Line)
	if st.Op == ctree.SFor && st.Init != nil {
		s = x.stmt(s, st.Init)
	}
	var exits []*state
	first := true
	budget := -1 // the iterations past K this loop may run, once known
	// folded: the condition, which the source does not write as a
	// constant, folded to true on every path this iteration (a counter
	// with a known value)
	constant := true
	if st.X != nil {
		_, constant = ctree.FoldInt(st.X)
	}
	for i := 0; ; i++ {
		if s.dead() {
			break
		}
		folded := false
		if st.Op != ctree.SDo || !first {
			c := smt.True
			if st.X != nil {
				c = x.def(smt.BoolSort, truth(x.eval(s, st.X)))
			}
			folded = c == smt.True && !constant
			if c != smt.True {
				ex := s.withGuard(x.def(smt.BoolSort, and(s.guard, not(c))))
				exits = append(exits, ex)
				s.guard = x.def(smt.BoolSort, and(s.guard, c))
			}
			if s.dead() {
				break
			}
		}
		first = false
		if i >= x.k && folded && budget < 0 {
			budget = x.extraBudget(s, st.X)
		}
		if x.pastK && i >= x.k && folded && budget > 0 {
			budget--
			// Past the bound, a loop whose condition its counter decides
			// runs on as a real run would: a for loop of 100 iterations
			// is unrolled whole, as CBMC unwinds while the guard is
			// constant, within maxExtraIters for the whole program.
			x.extra++
		} else if i >= x.k {
			x.tr.Unwind = append(x.tr.Unwind, UnwindSite{Guard: s.guard, Line: st.Line, What: "the loop in " + x.fn, Loop: st, PastK: folded && budget > 0})
			break
		}
		x.breaks = append(x.breaks, nil)
		x.conts = append(x.conts, nil)
		s = x.stmt(s, st.Body)
		brk := x.breaks[len(x.breaks)-1]
		cnt := x.conts[len(x.conts)-1]
		x.breaks = x.breaks[:len(x.breaks)-1]
		x.conts = x.conts[:len(x.conts)-1]
		exits = append(exits, brk...)
		if len(cnt) > 0 {
			s = x.merge(append(cnt, s))
		}
		if st.Op == ctree.SFor && st.Post != nil && !s.dead() {
			x.eval(s, st.Post)
		}
	}
	if len(exits) == 0 {
		s.guard = smt.False
		return s
	}
	return x.merge(exits)
}
