package smt

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// decodeValue turns a value printed by a solver into a Value. sort is the
// term's sort if known from the script ("" otherwise); the value's own
// shape fills it in where it can.
func decodeValue(e sexp, sort string) Value {
	v := Value{Sort: sort, Text: e.String()}
	switch {
	case !e.isList:
		decodeAtom(&v, e.atom)
	case e.head() == "-" && len(e.list) == 2 && !e.list[1].isList:
		// (- 5) is a negative integer; (- 2.5) a negative real.
		inner := Value{}
		decodeAtom(&inner, e.list[1].atom)
		if inner.Int != nil && inner.Width == 0 {
			v.Int = inner.Int.Neg(inner.Int)
			setSort(&v, "Int")
		} else if inner.Sort == "Real" {
			setSort(&v, "Real")
		}
	case e.head() == "/":
		setSort(&v, "Real")
	case e.head() == "_" && len(e.list) == 3 && strings.HasPrefix(e.list[1].atom, "bv"):
		// (_ bvN W)
		n, ok := new(big.Int).SetString(e.list[1].atom[2:], 10)
		w, err := strconv.Atoi(e.list[2].atom)
		if ok && err == nil {
			v.Int, v.Width = n, w
			setSort(&v, bvSort(w))
		}
	case e.head() == "_" && len(e.list) == 4:
		// (_ +zero e s), (_ -zero e s), (_ +oo e s), (_ -oo e s), (_ NaN e s)
		eb, err1 := strconv.Atoi(e.list[2].atom)
		sb, err2 := strconv.Atoi(e.list[3].atom)
		if err1 != nil || err2 != nil {
			break
		}
		var f float64
		switch e.list[1].atom {
		case "+zero":
			f = 0
		case "-zero":
			f = math.Copysign(0, -1)
		case "+oo":
			f = math.Inf(1)
		case "-oo":
			f = math.Inf(-1)
		case "NaN":
			f = math.NaN()
		default:
			return v
		}
		v.Float = &f
		setSort(&v, fpSort(eb, sb))
	case e.head() == "fp" && len(e.list) == 4:
		decodeFP(&v, e.list[1], e.list[2], e.list[3])
	case e.isList && len(e.list) == 2 && e.list[0].head() == "as" && len(e.list[0].list) == 3 && e.list[0].list[1].atom == "const":
		// ((as const (Array I E)) v)
		setSort(&v, e.list[0].list[2].String())
	case e.head() == "store" && len(e.list) == 4:
		inner := decodeValue(e.list[1], "")
		setSort(&v, inner.Sort)
	}
	return v
}

func setSort(v *Value, s string) {
	if v.Sort == "" {
		v.Sort = s
	}
}

func bvSort(w int) string { return "(_ BitVec " + strconv.Itoa(w) + ")" }
func fpSort(eb, sb int) string {
	return "(_ FloatingPoint " + strconv.Itoa(eb) + " " + strconv.Itoa(sb) + ")"
}

// decodeAtom decodes a literal atom: true/false, numerals, decimals,
// #b and #x bit-vectors, rounding modes.
func decodeAtom(v *Value, a string) {
	switch a {
	case "true", "false":
		b := a == "true"
		v.Bool = &b
		setSort(v, "Bool")
		return
	case "RNE", "RNA", "RTP", "RTN", "RTZ", "roundNearestTiesToEven", "roundNearestTiesToAway",
		"roundTowardPositive", "roundTowardNegative", "roundTowardZero":
		setSort(v, "RoundingMode")
		return
	}
	if n, w, ok := bitsLiteral(a); ok {
		v.Int, v.Width = n, w
		setSort(v, bvSort(w))
		return
	}
	if isNumeral(a) {
		n, _ := new(big.Int).SetString(a, 10)
		v.Int = n
		setSort(v, "Int")
		return
	}
	if isDecimal(a) {
		setSort(v, "Real")
	}
}

// bitsLiteral decodes #b0101 and #xff: the unsigned value and the width.
func bitsLiteral(a string) (*big.Int, int, bool) {
	if len(a) < 3 || a[0] != '#' {
		return nil, 0, false
	}
	var base, bits int
	switch a[1] {
	case 'b':
		base, bits = 2, 1
	case 'x':
		base, bits = 16, 4
	default:
		return nil, 0, false
	}
	n, ok := new(big.Int).SetString(a[2:], base)
	if !ok {
		return nil, 0, false
	}
	return n, (len(a) - 2) * bits, true
}

func isNumeral(a string) bool {
	if a == "" {
		return false
	}
	for _, c := range a {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isDecimal(a string) bool {
	i, f, ok := strings.Cut(a, ".")
	return ok && isNumeral(i) && isNumeral(f)
}

// decodeFP decodes (fp sign exponent significand); each part a bit-vector
// literal. The sort is (_ FloatingPoint eb sb) with sb counting the hidden
// bit. Float is set when the value is exactly a float64.
func decodeFP(v *Value, sign, exp, sig sexp) {
	s, sw, ok1 := bitsLiteral(sign.atom)
	ex, eb, ok2 := bitsLiteral(exp.atom)
	m, mw, ok3 := bitsLiteral(sig.atom)
	if !ok1 || !ok2 || !ok3 || sw != 1 || eb < 2 || eb > 30 {
		return
	}
	setSort(v, fpSort(eb, mw+1))
	neg := s.Sign() != 0
	allOnes := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(eb)), big.NewInt(1))
	var f float64
	switch {
	case ex.Cmp(allOnes) == 0 && m.Sign() == 0:
		f = math.Inf(1)
	case ex.Cmp(allOnes) == 0:
		f = math.NaN()
		v.Float = &f
		return
	default:
		bias := int(1)<<(eb-1) - 1
		e := int(ex.Int64())
		mant := new(big.Float).SetPrec(uint(mw + 2)).SetInt(m)
		if e == 0 { // subnormal: 0.m * 2^(1-bias)
			mant.SetMantExp(mant, 1-bias-mw)
		} else { // normal: 1.m * 2^(e-bias)
			mant.Add(mant, new(big.Float).SetMantExp(big.NewFloat(1), mw))
			mant.SetMantExp(mant, e-bias-mw)
		}
		x, acc := mant.Float64()
		if acc != big.Exact {
			return
		}
		f = x
	}
	if neg {
		f = math.Copysign(f, -1)
		if f == 0 {
			f = math.Copysign(0, -1)
		}
	}
	v.Float = &f
}
