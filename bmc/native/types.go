package native

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the kind of a C type.
type Kind int

// The kinds of C types the engine knows.
const (
	KVoid Kind = iota
	KInt
	KFloat
	KPtr
	KArray
	KStruct
	KFunc
)

// A Type is a resolved C type (LP64). Types are built once per program and
// never modified after translation starts.
type Type struct {
	Kind   Kind
	Width  int  // KInt: bits (8, 16, 32, 64); KFloat: 32 or 64
	Signed bool // KInt
	Bool   bool // KInt: _Bool (width 8, values 0 and 1)
	Rank   int  // KInt: conversion rank (1 bool, 2 char, 3 short, 4 int, 5 long, 6 long long)
	Elem   *Type
	Len    int // KArray: number of elements; -1 when unknown (incomplete)
	Fields []Field
	Name   string // struct tag or typedef name, for messages
	Ret    *Type  // KFunc
	Params []*Type
	Const  bool
}

// A Field is a member of a struct: its name, type and cell offset.
type Field struct {
	Name string
	T    *Type
	Off  int // offset in cells from the start of the struct
	Byte int // offset in bytes (for sizeof and messages)
}

var (
	tVoid   = &Type{Kind: KVoid, Name: "void"}
	tBool   = &Type{Kind: KInt, Width: 8, Bool: true, Rank: 1, Name: "_Bool"}
	tChar   = &Type{Kind: KInt, Width: 8, Signed: true, Rank: 2, Name: "char"}
	tSChar  = &Type{Kind: KInt, Width: 8, Signed: true, Rank: 2, Name: "signed char"}
	tUChar  = &Type{Kind: KInt, Width: 8, Rank: 2, Name: "unsigned char"}
	tShort  = &Type{Kind: KInt, Width: 16, Signed: true, Rank: 3, Name: "short"}
	tUShort = &Type{Kind: KInt, Width: 16, Rank: 3, Name: "unsigned short"}
	tInt    = &Type{Kind: KInt, Width: 32, Signed: true, Rank: 4, Name: "int"}
	tUInt   = &Type{Kind: KInt, Width: 32, Rank: 4, Name: "unsigned int"}
	tLong   = &Type{Kind: KInt, Width: 64, Signed: true, Rank: 5, Name: "long"}
	tULong  = &Type{Kind: KInt, Width: 64, Rank: 5, Name: "unsigned long"}
	tLLong  = &Type{Kind: KInt, Width: 64, Signed: true, Rank: 6, Name: "long long"}
	tULLong = &Type{Kind: KInt, Width: 64, Rank: 6, Name: "unsigned long long"}
	tFloat  = &Type{Kind: KFloat, Width: 32, Name: "float"}
	tDouble = &Type{Kind: KFloat, Width: 64, Name: "double"}
	tVoidP  = &Type{Kind: KPtr, Elem: tVoid}
	tCharP  = &Type{Kind: KPtr, Elem: tChar}
)

func ptrTo(t *Type) *Type { return &Type{Kind: KPtr, Elem: t} }

func (t *Type) isInt() bool    { return t.Kind == KInt }
func (t *Type) isFloat() bool  { return t.Kind == KFloat }
func (t *Type) isArith() bool  { return t.Kind == KInt || t.Kind == KFloat }
func (t *Type) isPtr() bool    { return t.Kind == KPtr }
func (t *Type) isScalar() bool { return t.Kind == KInt || t.Kind == KFloat || t.Kind == KPtr }

// String renders t roughly as C spells it.
func (t *Type) String() string {
	switch t.Kind {
	case KPtr:
		return t.Elem.String() + "*"
	case KArray:
		return t.Elem.String() + "[" + strconv.Itoa(t.Len) + "]"
	case KStruct:
		return "struct " + t.Name
	case KFunc:
		return "function returning " + t.Ret.String()
	}
	return t.Name
}

// Size is sizeof(t) in bytes (LP64, natural alignment).
func (t *Type) Size() int {
	switch t.Kind {
	case KInt, KFloat:
		return t.Width / 8
	case KPtr:
		return 8
	case KArray:
		if t.Len < 0 {
			return 0
		}
		return t.Len * t.Elem.Size()
	case KStruct:
		if len(t.Fields) == 0 {
			return 0
		}
		last := t.Fields[len(t.Fields)-1]
		sz := last.Byte + last.T.Size()
		a := t.Align()
		return (sz + a - 1) / a * a
	}
	return 1
}

// Align is the alignment of t in bytes.
func (t *Type) Align() int {
	switch t.Kind {
	case KInt, KFloat:
		return t.Width / 8
	case KPtr:
		return 8
	case KArray:
		return t.Elem.Align()
	case KStruct:
		a := 1
		for _, f := range t.Fields {
			if fa := f.T.Align(); fa > a {
				a = fa
			}
		}
		return a
	}
	return 1
}

// Cells is the number of memory cells an object of type t occupies: one per
// scalar, Len times the element's for arrays, the sum for structs.
func (t *Type) Cells() int {
	switch t.Kind {
	case KArray:
		if t.Len < 0 {
			return 0
		}
		return t.Len * t.Elem.Cells()
	case KStruct:
		n := 0
		for _, f := range t.Fields {
			n += f.T.Cells()
		}
		return n
	case KVoid:
		return 1
	}
	return 1
}

// layoutStruct computes cell and byte offsets of a struct's fields.
func layoutStruct(t *Type) {
	cell, b := 0, 0
	for i := range t.Fields {
		f := &t.Fields[i]
		a := f.T.Align()
		b = (b + a - 1) / a * a
		f.Off, f.Byte = cell, b
		cell += f.T.Cells()
		b += f.T.Size()
	}
}

// sort is the SMT sort of a scalar type's cell.
func (t *Type) sort() string {
	switch t.Kind {
	case KInt:
		return bvSort(t.Width)
	case KFloat:
		if t.Width == 32 {
			return "(_ FloatingPoint 8 24)"
		}
		return "(_ FloatingPoint 11 53)"
	case KPtr:
		return bvSort(64)
	}
	panic(fmt.Sprintf("native: no sort for %s", t))
}

// sortKey is a short name of a scalar sort, for naming memory arrays.
func (t *Type) sortKey() string {
	switch t.Kind {
	case KInt:
		return "b" + strconv.Itoa(t.Width)
	case KFloat:
		return "f" + strconv.Itoa(t.Width)
	case KPtr:
		return "p"
	}
	return "x"
}

func bvSort(w int) string { return "(_ BitVec " + strconv.Itoa(w) + ")" }

// promote applies the integer promotions.
func promote(t *Type) *Type {
	if t.Kind == KInt && t.Rank < tInt.Rank {
		return tInt
	}
	return t
}

// unsignedOf returns the unsigned type of the same rank.
func unsignedOf(t *Type) *Type {
	switch t.Rank {
	case 4:
		return tUInt
	case 5:
		return tULong
	case 6:
		return tULLong
	}
	return t
}

// usual applies the usual arithmetic conversions to two arithmetic types.
func usual(a, b *Type) *Type {
	if a.Kind == KFloat || b.Kind == KFloat {
		if a.Kind == KFloat && b.Kind == KFloat {
			if a.Width >= b.Width {
				return a
			}
			return b
		}
		if a.Kind == KFloat {
			return a
		}
		return b
	}
	a, b = promote(a), promote(b)
	if a.Signed == b.Signed {
		if a.Rank >= b.Rank {
			return a
		}
		return b
	}
	u, s := a, b
	if a.Signed {
		u, s = b, a
	}
	if u.Rank >= s.Rank {
		return u
	}
	if s.Width > u.Width {
		return s
	}
	return unsignedOf(s)
}

func sameType(a, b *Type) bool {
	if a == b {
		return true
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KInt:
		return a.Width == b.Width && a.Signed == b.Signed && a.Bool == b.Bool
	case KFloat:
		return a.Width == b.Width
	case KPtr:
		return a.Elem.Kind == KVoid || b.Elem.Kind == KVoid || sameType(a.Elem, b.Elem)
	case KArray:
		return a.Len == b.Len && sameType(a.Elem, b.Elem)
	}
	return false
}

// scalarLeaves lists the scalar cells of t in cell order.
func scalarLeaves(t *Type, out []*Type) []*Type {
	switch t.Kind {
	case KArray:
		for i := 0; i < t.Len; i++ {
			out = scalarLeaves(t.Elem, out)
		}
	case KStruct:
		for _, f := range t.Fields {
			out = scalarLeaves(f.T, out)
		}
	default:
		out = append(out, t)
	}
	return out
}

func primitiveByWords(words []string) (*Type, bool) {
	var signed, unsigned bool
	longs, short, char, intw := 0, false, false, false
	var base *Type
	for _, w := range words {
		switch w {
		case "signed":
			signed = true
		case "unsigned":
			unsigned = true
		case "long":
			longs++
		case "short":
			short = true
		case "char":
			char = true
		case "int":
			intw = true
		case "_Bool", "bool":
			base = tBool
		case "float":
			base = tFloat
		case "double":
			base = tDouble
		case "void":
			base = tVoid
		case "const", "volatile", "static", "extern", "register", "inline", "auto", "restrict":
		case "int8_t":
			base = tSChar
		case "uint8_t":
			base = tUChar
		case "int16_t":
			base = tShort
		case "uint16_t":
			base = tUShort
		case "int32_t":
			base = tInt
		case "uint32_t":
			base = tUInt
		case "int64_t", "ssize_t", "ptrdiff_t", "intptr_t", "off_t":
			base = tLong
		case "uint64_t", "size_t", "uintptr_t":
			base = tULong
		default:
			return nil, false
		}
	}
	if base != nil {
		if base == tDouble && longs > 0 {
			return nil, false // long double
		}
		return base, true
	}
	_ = intw
	switch {
	case char:
		if unsigned {
			return tUChar, true
		}
		if signed {
			return tSChar, true
		}
		return tChar, true
	case short:
		if unsigned {
			return tUShort, true
		}
		return tShort, true
	case longs == 1:
		if unsigned {
			return tULong, true
		}
		return tLong, true
	case longs >= 2:
		if unsigned {
			return tULLong, true
		}
		return tLLong, true
	}
	if unsigned {
		return tUInt, true
	}
	return tInt, true
}

var _ = strings.TrimSpace
