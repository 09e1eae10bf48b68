package symex

import (
	"math"
	"math/big"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
)

// Terms are package smt's; this file holds what is particular to C here.
// Pointers are 64-bit vectors: the top 24 bits name the object, the low
// 40 bits are the offset in cells.

const (
	offW = 40
	objW = 24
)

var offSort = smt.BitVecSort(offW)

func bvInt(v int64, w int) smt.Term { return smt.BV(v, w) }

// fpFormat is the exponent and significand width of a C floating type.
func fpFormat(t *ctree.Type) (eb, sb int) {
	if t.Width == 32 {
		return 8, 24
	}
	return 11, 53
}

func zeroOf(t *ctree.Type) smt.Term {
	switch t.Kind {
	case ctree.KFloat:
		eb, sb := fpFormat(t)
		return smt.FPZero(eb, sb, false)
	case ctree.KPtr:
		return bvInt(0, 64)
	}
	return bvInt(0, t.Width)
}

// fpLit is the C constant f of type t, written as its IEEE bits.
func fpLit(f float64, t *ctree.Type) smt.Term {
	if t.Width == 32 {
		return smt.FPFromBits(8, 24, smt.BV(int64(math.Float32bits(float32(f))), 32))
	}
	return smt.FPFromBits(11, 53, smt.BVBig(new(big.Int).SetUint64(math.Float64bits(f)), 64))
}

func ptrLit(obj int, off int64) smt.Term {
	v := new(big.Int).Lsh(big.NewInt(int64(obj)), offW)
	o := new(big.Int).Mod(big.NewInt(off), new(big.Int).Lsh(big.NewInt(1), offW))
	return smt.BVBig(v.Add(v, o), 64)
}

func ptrObj(p smt.Term) smt.Term { return extract(63, 40, p) }
func ptrOff(p smt.Term) smt.Term { return extract(39, 0, p) }
