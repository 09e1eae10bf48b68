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
