package symex

import (
	"math/big"
	"strings"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
)

// bitBuiltin is gcc's built-in name (ctree.BitBuiltins) of v, already of
// its parameter's type, as a value of type t. Built of shifts, masks and
// comparisons, each folds on a literal argument. Where its value is
// undefined (clz and ctz of 0), it is any int: gcc's code at -O0 leaves
// what the processor's bit scan leaves there.
func (x *sym) bitBuiltin(name string, v value, t *ctree.Type) value {
	w := v.t.Width
	a := v.s
	bit := func(i int) smt.Term {
		return not(eq(bv("bvand", a, smt.BVBig(new(big.Int).Lsh(big.NewInt(1), uint(i)), w)), bvInt(0, w)))
	}
	switch base := strings.TrimPrefix(name, "__builtin_"); {
	case strings.HasPrefix(base, "bswap"):
		r := bvInt(0, w)
		for i := 0; i < w/8; i++ {
			b := extendTo(extract(8*i+7, 8*i, a), 8, w, false)
			r = bv("bvor", r, bv("bvshl", b, bvInt(int64(w-8-8*i), w)))
		}
		return value{t: t, s: r}
	case strings.HasPrefix(base, "popcount"), strings.HasPrefix(base, "parity"):
		n := bvInt(0, w)
		for i := 0; i < w; i++ {
			n = bv("bvadd", n, bv("bvand", bv("bvlshr", a, bvInt(int64(i), w)), bvInt(1, w)))
		}
		if strings.HasPrefix(base, "parity") {
			n = bv("bvand", n, bvInt(1, w))
		}
		return value{t: t, s: extendTo(n, w, 32, false)}
	case strings.HasPrefix(base, "clz"):
		// the highest set bit decides: the last ite to wrap the others
		r := x.fresh("clz", smt.BitVecSort(32))
		for i := 0; i < w; i++ {
			r = ite(bit(i), bvInt(int64(w-1-i), 32), r)
		}
		return value{t: t, s: r}
	case strings.HasPrefix(base, "ctz"), strings.HasPrefix(base, "ffs"):
		var r smt.Term
		if strings.HasPrefix(base, "ffs") {
			r = bvInt(0, 32)
		} else {
			r = x.fresh("ctz", smt.BitVecSort(32))
		}
		for i := w - 1; i >= 0; i-- {
			n := int64(i)
			if strings.HasPrefix(base, "ffs") {
				n++
			}
			r = ite(bit(i), bvInt(n, 32), r)
		}
		return value{t: t, s: r}
	}
	panic(ctree.Bail{Err: ctree.Unsupported(0, "built-in %s", name)})
}

// overflowBuiltin is gcc's checked arithmetic (ctree.OverflowBuiltins):
// a op b computed exactly, in bits enough for any product of its
// operands, stored wrapped to rt through the third argument; the result
// is whether the exact value differs from the stored one.
func (x *sym) overflowBuiltin(s *state, ob ctree.OverflowOp, args []value, rt *ctree.Type, line int) value {
	a, b := args[0], args[1]
	w := 2*max(a.t.Width, b.t.Width, rt.Width) + 2
	ea, eb := extendTo(a.s, a.t.Width, w, a.t.Signed), extendTo(b.s, b.t.Width, w, b.t.Signed)
	var exact smt.Term
	switch ob.Op {
	case "+":
		exact = smt.BVAdd(ea, eb)
	case "-":
		exact = smt.BVSub(ea, eb)
	default:
		exact = bv("bvmul", ea, eb)
	}
	exact = x.def(smt.BitVecSort(w), exact)
	r := x.def(rt.SMTSort(), extendTo(exact, w, rt.Width, false))
	x.store(s, args[2], rt, value{t: rt, s: r}, line)
	ovf := x.def(smt.BoolSort, smt.Not(smt.Eq(extendTo(r, rt.Width, w, rt.Signed), exact)))
	return value{t: ctree.TBool, s: ite(ovf, bvInt(1, 8), bvInt(0, 8)), b: ovf}
}
