package symex

import (
	"math/big"

	"github.com/suretydev/surety/smt"
)

// Constant folding keeps unrolled loop counters, indices and pointers to
// known cells literal, so that branches on them vanish instead of reaching
// the solver. The builders here are package smt's, folded: on literals
// (hex bit-vectors and the Bool constants) they return the result, and
// otherwise the term smt builds.

func litVal(s smt.Term) (*big.Int, int, bool) {
	if len(s) < 3 || s[0] != '#' || s[1] != 'x' {
		return nil, 0, false
	}
	v, ok := new(big.Int).SetString(string(s[2:]), 16)
	return v, 4 * (len(s) - 2), ok
}

func signedOf(v *big.Int, w int) *big.Int {
	if v.Bit(w-1) == 0 {
		return v
	}
	return new(big.Int).Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(w)))
}

// foldBin folds a bit-vector operation on two literals; ok is false when
// either is not a literal or the operation is not folded.
func foldBin(fn string, a, b smt.Term) (smt.Term, bool) {
	x, w, ok1 := litVal(a)
	y, w2, ok2 := litVal(b)
	if !ok1 || !ok2 || w != w2 {
		return "", false
	}
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	sx, sy := signedOf(x, w), signedOf(y, w)
	r := new(big.Int)
	switch fn {
	case "bvadd":
		r.Add(x, y)
	case "bvsub":
		r.Sub(x, y)
	case "bvmul":
		r.Mul(x, y)
	case "bvand":
		r.And(x, y)
	case "bvor":
		r.Or(x, y)
	case "bvxor":
		r.Xor(x, y)
	case "bvudiv", "bvurem", "bvsdiv", "bvsrem":
		if y.Sign() == 0 {
			return "", false
		}
		switch fn {
		case "bvudiv":
			r.Quo(x, y)
		case "bvurem":
			r.Rem(x, y)
		case "bvsdiv":
			r.Quo(sx, sy)
		case "bvsrem":
			r.Rem(sx, sy)
		}
	case "bvshl", "bvlshr", "bvashr":
		if y.Cmp(big.NewInt(int64(w))) >= 0 {
			return "", false
		}
		n := uint(y.Int64())
		switch fn {
		case "bvshl":
			r.Lsh(x, n)
		case "bvlshr":
			r.Rsh(x, n)
		case "bvashr":
			r.Rsh(sx, n)
		}
	case "=":
		return smt.Bool(x.Cmp(y) == 0), true
	case "bvslt":
		return smt.Bool(sx.Cmp(sy) < 0), true
	case "bvsle":
		return smt.Bool(sx.Cmp(sy) <= 0), true
	case "bvsgt":
		return smt.Bool(sx.Cmp(sy) > 0), true
	case "bvsge":
		return smt.Bool(sx.Cmp(sy) >= 0), true
	case "bvult":
		return smt.Bool(x.Cmp(y) < 0), true
	case "bvule":
		return smt.Bool(x.Cmp(y) <= 0), true
	case "bvugt":
		return smt.Bool(x.Cmp(y) > 0), true
	case "bvuge":
		return smt.Bool(x.Cmp(y) >= 0), true
	default:
		return "", false
	}
	return smt.BVBig(r.Mod(r, m), w), true
}

// bv builds (fn a b) for a binary bit-vector operator named as SMT-LIB
// names it (or =), folded when both are literals.
func bv(fn string, a, b smt.Term) smt.Term {
	if r, ok := foldBin(fn, a, b); ok {
		return r
	}
	return smt.App(fn, a, b)
}

// bvNeg and bvNot are smt.BVNeg and smt.BVNot, folded on literals.
func bvNeg(a smt.Term) smt.Term {
	if x, w, ok := litVal(a); ok {
		m := new(big.Int).Lsh(big.NewInt(1), uint(w))
		return smt.BVBig(new(big.Int).Mod(new(big.Int).Neg(x), m), w)
	}
	return smt.BVNeg(a)
}

func bvNot(a smt.Term) smt.Term {
	if x, w, ok := litVal(a); ok {
		m := new(big.Int).Lsh(big.NewInt(1), uint(w))
		return smt.BVBig(new(big.Int).Sub(new(big.Int).Sub(m, big.NewInt(1)), x), w)
	}
	return smt.BVNot(a)
}

func eq(a, b smt.Term) smt.Term {
	if a == b {
		return smt.True
	}
	return bv("=", a, b)
}

// extract folds smt.Extract.
func extract(hi, lo int, a smt.Term) smt.Term {
	if x, _, ok := litVal(a); ok && (hi-lo+1)%4 == 0 {
		r := new(big.Int).Rsh(x, uint(lo))
		r.Mod(r, new(big.Int).Lsh(big.NewInt(1), uint(hi-lo+1)))
		return smt.BVBig(r, hi-lo+1)
	}
	return smt.Extract(hi, lo, a)
}

// extendTo widens or narrows a bit-vector term of width from (signedness
// signed) to width to.
func extendTo(s smt.Term, from, to int, signed bool) smt.Term {
	switch {
	case from == to:
		return s
	case from > to:
		return extract(to-1, 0, s)
	}
	if x, _, ok := litVal(s); ok {
		if signed {
			return smt.BVBig(signedOf(x, from), to)
		}
		return smt.BVBig(x, to)
	}
	if signed {
		return smt.SignExtend(to-from, s)
	}
	return smt.ZeroExtend(to-from, s)
}

// ite, and, or, not and implies are smt's Ite, And, Or, Not and Implies
// on two operands, simplified when an operand is a Bool constant (and ite
// when both branches are the same term).
func ite(c, a, b smt.Term) smt.Term {
	if c == smt.True || a == b {
		return a
	}
	if c == smt.False {
		return b
	}
	return smt.Ite(c, a, b)
}

func and(a, b smt.Term) smt.Term {
	switch {
	case a == smt.True:
		return b
	case b == smt.True:
		return a
	case a == smt.False || b == smt.False:
		return smt.False
	}
	return smt.And(a, b)
}

func or(a, b smt.Term) smt.Term {
	switch {
	case a == smt.False:
		return b
	case b == smt.False:
		return a
	case a == smt.True || b == smt.True:
		return smt.True
	}
	return smt.Or(a, b)
}

func not(a smt.Term) smt.Term {
	switch a {
	case smt.True:
		return smt.False
	case smt.False:
		return smt.True
	}
	return smt.Not(a)
}

func implies(a, b smt.Term) smt.Term {
	if a == smt.False || b == smt.True {
		return smt.True
	}
	return smt.Implies(a, b)
}
