package symex

import (
	"math/big"
)

// Constant folding keeps unrolled loop counters, indices and pointers to
// known cells literal, so that branches on them vanish instead of reaching
// the solver.

func litVal(s string) (*big.Int, int, bool) {
	if len(s) < 3 || s[0] != '#' || s[1] != 'x' {
		return nil, 0, false
	}
	v, ok := new(big.Int).SetString(s[2:], 16)
	return v, 4 * (len(s) - 2), ok
}

func signedOf(v *big.Int, w int) *big.Int {
	if v.Bit(w-1) == 0 {
		return v
	}
	return new(big.Int).Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(w)))
}

func boolLit(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// foldBin folds a bit-vector operation on two literals; ok is false when
// either is not a literal or the operation is not folded.
func foldBin(fn, a, b string) (string, bool) {
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
		return boolLit(x.Cmp(y) == 0), true
	case "bvslt":
		return boolLit(sx.Cmp(sy) < 0), true
	case "bvsle":
		return boolLit(sx.Cmp(sy) <= 0), true
	case "bvsgt":
		return boolLit(sx.Cmp(sy) > 0), true
	case "bvsge":
		return boolLit(sx.Cmp(sy) >= 0), true
	case "bvult":
		return boolLit(x.Cmp(y) < 0), true
	case "bvule":
		return boolLit(x.Cmp(y) <= 0), true
	case "bvugt":
		return boolLit(x.Cmp(y) > 0), true
	case "bvuge":
		return boolLit(x.Cmp(y) >= 0), true
	default:
		return "", false
	}
	return bvLit(r.Mod(r, m), w), true
}

// bv builds (fn a b), folded when both are literals.
func bv(fn, a, b string) string {
	if r, ok := foldBin(fn, a, b); ok {
		return r
	}
	return "(" + fn + " " + a + " " + b + ")"
}

// bvUn builds (fn a) for bvneg and bvnot, folded on literals.
func bvUn(fn, a string) string {
	if x, w, ok := litVal(a); ok {
		m := new(big.Int).Lsh(big.NewInt(1), uint(w))
		if fn == "bvneg" {
			return bvLit(new(big.Int).Mod(new(big.Int).Neg(x), m), w)
		}
		return bvLit(new(big.Int).Sub(new(big.Int).Sub(m, big.NewInt(1)), x), w)
	}
	return "(" + fn + " " + a + ")"
}

func eq(a, b string) string {
	if a == b {
		return "true"
	}
	return bv("=", a, b)
}

// extract folds ((_ extract hi lo) a).
func extract(hi, lo int, a string) string {
	if x, _, ok := litVal(a); ok && (hi-lo+1)%4 == 0 {
		r := new(big.Int).Rsh(x, uint(lo))
		r.Mod(r, new(big.Int).Lsh(big.NewInt(1), uint(hi-lo+1)))
		return bvLit(r, hi-lo+1)
	}
	return "((_ extract " + itoa(hi) + " " + itoa(lo) + ") " + a + ")"
}
