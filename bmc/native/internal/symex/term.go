package symex

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// Terms are SMT-LIB 2 text. Pointers are 64-bit vectors: the top 24 bits
// name the object, the low 40 bits are the offset in cells.

const (
	offW    = 40
	objW    = 24
	offSort = "(_ BitVec 40)"
)

func bvLit(v *big.Int, w int) string {
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	x := new(big.Int).Mod(v, m)
	if w%4 == 0 {
		s := x.Text(16)
		for len(s) < w/4 {
			s = "0" + s
		}
		return "#x" + s
	}
	return fmt.Sprintf("(_ bv%s %d)", x.Text(10), w)
}

func bvInt(v int64, w int) string { return bvLit(big.NewInt(v), w) }

func zeroOf(t *ctree.Type) string {
	switch t.Kind {
	case ctree.KFloat:
		if t.Width == 32 {
			return "(_ +zero 8 24)"
		}
		return "(_ +zero 11 53)"
	case ctree.KPtr:
		return bvInt(0, 64)
	}
	return bvInt(0, t.Width)
}

func fpLit(f float64, t *ctree.Type) string {
	if t.Width == 32 {
		return fmt.Sprintf("((_ to_fp 8 24) #x%08x)", math.Float32bits(float32(f)))
	}
	return fmt.Sprintf("((_ to_fp 11 53) #x%016x)", math.Float64bits(f))
}

func fpParams(t *ctree.Type) string {
	if t.Width == 32 {
		return "8 24"
	}
	return "11 53"
}

func ptrLit(obj int, off int64) string {
	v := new(big.Int).Lsh(big.NewInt(int64(obj)), offW)
	o := new(big.Int).Mod(big.NewInt(off), new(big.Int).Lsh(big.NewInt(1), offW))
	return bvLit(v.Add(v, o), 64)
}

func ptrObj(p string) string { return extract(63, 40, p) }
func ptrOff(p string) string { return extract(39, 0, p) }

func ite(c, a, b string) string {
	if c == "true" || a == b {
		return a
	}
	if c == "false" {
		return b
	}
	return "(ite " + c + " " + a + " " + b + ")"
}

func and(a, b string) string {
	switch {
	case a == "true":
		return b
	case b == "true":
		return a
	case a == "false" || b == "false":
		return "false"
	}
	return "(and " + a + " " + b + ")"
}

func or(a, b string) string {
	switch {
	case a == "false":
		return b
	case b == "false":
		return a
	case a == "true" || b == "true":
		return "true"
	}
	return "(or " + a + " " + b + ")"
}

func not(a string) string {
	switch a {
	case "true":
		return "false"
	case "false":
		return "true"
	}
	return "(not " + a + ")"
}

func implies(a, b string) string {
	if a == "false" || b == "true" {
		return "true"
	}
	return "(=> " + a + " " + b + ")"
}

// itoa is strconv.Itoa, short for building terms.
func itoa(i int) string { return strconv.Itoa(i) }

// extendTo widens or narrows a bit-vector term of width from (signedness
// signed) to width to.
func extendTo(s string, from, to int, signed bool) string {
	switch {
	case from == to:
		return s
	case from > to:
		return extract(to-1, 0, s)
	}
	if x, _, ok := litVal(s); ok {
		if signed {
			return bvLit(signedOf(x, from), to)
		}
		return bvLit(x, to)
	}
	if signed {
		return "((_ sign_extend " + itoa(to-from) + ") " + s + ")"
	}
	return "((_ zero_extend " + itoa(to-from) + ") " + s + ")"
}
