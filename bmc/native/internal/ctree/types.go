package ctree

import (
	"fmt"
	"github.com/suretydev/surety/smt"
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
	Union  bool // KStruct: a union, whose members all start at its start
	// Rep is the member of a union whose cells are the union's (unions.go).
	Rep int
	// Attributed is the attribute that changes a struct's layout
	// (packed, aligned), as written, on it or a member: its sizeof is
	// refused, since layout gives gcc's default.
	Attributed string
	// Bits is a bit-field's width (KInt; 0 for an ordinary integer): its
	// cell has the declared type's width and holds a value of Bits bits.
	Bits int
	// Bytes and Aligned are a struct's or union's size and alignment as
	// gcc lays it out (layout.go).
	Bytes, Aligned int
	Name           string // struct tag or typedef name, for messages
	Ret            *Type  // KFunc
	Params         []*Type
	// Variadic: a KFunc's parameters end in ... (printf's prototype).
	Variadic bool
	Const    bool
}

// A Field is a member of a struct: its name, type and cell offset.
type Field struct {
	Name string
	T    *Type
	Off  int // offset in cells from the start of the struct
	Byte int // offset in bytes (for sizeof and messages)
	Bit  int // a bit-field's first bit after Byte
}

// The C types with names of their own (LP64).
var (
	TVoid   = &Type{Kind: KVoid, Name: "void"}
	TBool   = &Type{Kind: KInt, Width: 8, Bool: true, Rank: 1, Name: "_Bool"}
	TChar   = &Type{Kind: KInt, Width: 8, Signed: true, Rank: 2, Name: "char"}
	TSChar  = &Type{Kind: KInt, Width: 8, Signed: true, Rank: 2, Name: "signed char"}
	TUChar  = &Type{Kind: KInt, Width: 8, Rank: 2, Name: "unsigned char"}
	TShort  = &Type{Kind: KInt, Width: 16, Signed: true, Rank: 3, Name: "short"}
	TUShort = &Type{Kind: KInt, Width: 16, Rank: 3, Name: "unsigned short"}
	TInt    = &Type{Kind: KInt, Width: 32, Signed: true, Rank: 4, Name: "int"}
	TUInt   = &Type{Kind: KInt, Width: 32, Rank: 4, Name: "unsigned int"}
	TLong   = &Type{Kind: KInt, Width: 64, Signed: true, Rank: 5, Name: "long"}
	TULong  = &Type{Kind: KInt, Width: 64, Rank: 5, Name: "unsigned long"}
	TLLong  = &Type{Kind: KInt, Width: 64, Signed: true, Rank: 6, Name: "long long"}
	TULLong = &Type{Kind: KInt, Width: 64, Rank: 6, Name: "unsigned long long"}
	// gcc's 128-bit integers.
	TInt128  = &Type{Kind: KInt, Width: 128, Signed: true, Rank: 7, Name: "__int128"}
	TUInt128 = &Type{Kind: KInt, Width: 128, Rank: 7, Name: "unsigned __int128"}
	TFloat   = &Type{Kind: KFloat, Width: 32, Name: "float"}
	TDouble  = &Type{Kind: KFloat, Width: 64, Name: "double"}
	TVoidP   = &Type{Kind: KPtr, Elem: TVoid}
	TCharP   = &Type{Kind: KPtr, Elem: TChar}
)

// PtrTo is the type pointer to t.
func PtrTo(t *Type) *Type { return &Type{Kind: KPtr, Elem: t} }

// IsInt, IsFloat, IsPtr and IsScalar test the kind of t.
func (t *Type) IsInt() bool    { return t.Kind == KInt }
func (t *Type) IsFloat() bool  { return t.Kind == KFloat }
func (t *Type) isArith() bool  { return t.Kind == KInt || t.Kind == KFloat }
func (t *Type) IsPtr() bool    { return t.Kind == KPtr }
func (t *Type) IsScalar() bool { return t.Kind == KInt || t.Kind == KFloat || t.Kind == KPtr }

// String renders t roughly as C spells it.
func (t *Type) String() string {
	switch t.Kind {
	case KPtr:
		if t.Elem.Kind == KFunc {
			return "pointer to " + t.Elem.String()
		}
		return t.Elem.String() + "*"
	case KArray:
		return t.Elem.String() + "[" + strconv.Itoa(t.Len) + "]"
	case KStruct:
		if t.Union {
			return "union " + t.Name
		}
		return "struct " + t.Name
	case KFunc:
		return "function returning " + t.Ret.String()
	}
	if t.Bits > 0 {
		return t.Name + ":" + strconv.Itoa(t.Bits)
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
		return t.Bytes
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
		return max(t.Aligned, 1)
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
			if t.Union {
				n = max(n, f.T.Cells())
			} else {
				n += f.T.Cells()
			}
		}
		return n
	case KVoid:
		return 1
	}
	return 1
}

// SMTSort is the SMT sort of a scalar type's cell.
func (t *Type) SMTSort() smt.Sort {
	switch t.Kind {
	case KInt:
		return smt.BitVecSort(t.Width)
	case KFloat:
		if t.Width == 32 {
			return smt.Float32Sort
		}
		return smt.Float64Sort
	case KPtr:
		return smt.BitVecSort(64)
	}
	panic(fmt.Sprintf("native: no sort for %s", t))
}

// SortKey is a short name of a scalar sort, for naming memory arrays.
func (t *Type) SortKey() string {
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

// Promote applies the integer promotions: a bit-field whose values
// all fit in int promotes to int, one of 32 unsigned bits to unsigned int
// (C11 6.3.1.1p2).
func Promote(t *Type) *Type {
	switch {
	case t.Kind != KInt:
	case t.Bits > 0 && !t.Bool:
		if t.Bits < TInt.Width || t.Signed {
			return TInt
		}
		return TUInt
	case t.Rank < TInt.Rank:
		return TInt
	}
	return t
}

// unsignedOf returns the unsigned type of the same rank.
func unsignedOf(t *Type) *Type {
	switch t.Rank {
	case 4:
		return TUInt
	case 5:
		return TULong
	case 6:
		return TULLong
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
	a, b = Promote(a), Promote(b)
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

// SameType reports whether a and b are the same C type.
func SameType(a, b *Type) bool {
	if a == b {
		return true
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KInt:
		return a.Width == b.Width && a.Signed == b.Signed && a.Bool == b.Bool && a.Bits == b.Bits
	case KFloat:
		return a.Width == b.Width
	case KPtr:
		return a.Elem.Kind == KVoid || b.Elem.Kind == KVoid || SameType(a.Elem, b.Elem)
	case KArray:
		return a.Len == b.Len && SameType(a.Elem, b.Elem)
	case KFunc:
		return sameSignature(a, b)
	}
	return false
}

// IsFuncPtr reports whether t is a pointer to a function.
func (t *Type) IsFuncPtr() bool { return t.Kind == KPtr && t.Elem.Kind == KFunc }

// FuncSig is the shape of a function type that every conversion the
// engine accepts between function pointer types keeps: the kind and
// width of the return type and of each parameter, with every pointer
// alike (SameType lets void* stand for any pointer, so a chain of
// accepted conversions can change a pointer parameter's pointee but not
// this). A call through a pointer may call any address-taken function
// with the pointer's FuncSig.
func FuncSig(t *Type) string {
	var b strings.Builder
	one := func(t *Type) {
		switch t.Kind {
		case KInt:
			fmt.Fprintf(&b, "i%d%v%v", t.Width, t.Signed, t.Bool)
		case KFloat:
			fmt.Fprintf(&b, "f%d", t.Width)
		case KPtr:
			b.WriteString("p")
		case KStruct:
			b.WriteString("s" + t.Name)
		case KVoid:
			b.WriteString("v")
		default:
			b.WriteString("?" + t.String())
		}
		b.WriteString(",")
	}
	one(t.Ret)
	b.WriteString("(")
	for _, p := range t.Params {
		one(p)
	}
	b.WriteString(")")
	return b.String()
}

// ScalarLeaves lists the scalar cells of t in cell order.
func ScalarLeaves(t *Type, out []*Type) []*Type {
	switch t.Kind {
	case KArray:
		for i := 0; i < t.Len; i++ {
			out = ScalarLeaves(t.Elem, out)
		}
	case KStruct:
		if t.Union {
			// the members share the cells of one (unions.go), after
			// which the union's cells that member does not reach are
			// bytes no member the program names reads
			if len(t.Fields) == 0 {
				break
			}
			n := len(out)
			out = ScalarLeaves(t.Fields[t.Rep].T, out)
			for len(out)-n < t.Cells() {
				out = append(out, TUChar)
			}
			break
		}
		for _, f := range t.Fields {
			out = ScalarLeaves(f.T, out)
		}
	default:
		out = append(out, t)
	}
	return out
}

func primitiveByWords(words []string) (*Type, bool) {
	var signed, unsigned bool
	longs, short, char, intw, wide := 0, false, false, false, false
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
			base = TBool
		case "float":
			base = TFloat
		case "double":
			base = TDouble
		case "void":
			base = TVoid
		case "const", "volatile", "static", "extern", "register", "inline", "auto", "restrict":
		case "int8_t":
			base = TSChar
		case "uint8_t":
			base = TUChar
		case "int16_t":
			base = TShort
		case "uint16_t":
			base = TUShort
		case "int32_t":
			base = TInt
		case "uint32_t":
			base = TUInt
		case "int64_t", "ssize_t", "ptrdiff_t", "intptr_t", "off_t", "time_t", "clock_t", "suseconds_t":
			base = TLong
		case "uint64_t", "size_t", "uintptr_t":
			base = TULong
		case "__int128", "__int128_t":
			wide = true
		case "__uint128_t":
			base = TUInt128
		case "wchar_t": // glibc's on x86-64
			base = TInt
		case "wint_t":
			base = TUInt
		default:
			return nil, false
		}
	}
	if base != nil {
		if base == TDouble && longs > 0 {
			return nil, false // long double
		}
		return base, true
	}
	_ = intw
	switch {
	case wide:
		if unsigned {
			return TUInt128, true
		}
		return TInt128, true
	case char:
		if unsigned {
			return TUChar, true
		}
		if signed {
			return TSChar, true
		}
		return TChar, true
	case short:
		if unsigned {
			return TUShort, true
		}
		return TShort, true
	case longs == 1:
		if unsigned {
			return TULong, true
		}
		return TLong, true
	case longs >= 2:
		if unsigned {
			return TULLong, true
		}
		return TLLong, true
	}
	if unsigned {
		return TUInt, true
	}
	return TInt, true
}
