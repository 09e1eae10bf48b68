package smt

import (
	"math/big"
	"strconv"
	"strings"
)

// A Term is the SMT-LIB 2 text of one term. The builder functions below
// return well-parenthesised text and never check sorts: the solver does.
// Any string of SMT-LIB text converts to a Term.
type Term string

// A Sort is the SMT-LIB 2 text of one sort.
type Sort string

func (t Term) String() string { return string(t) }
func (s Sort) String() string { return string(s) }

// Common sorts.
const (
	BoolSort    Sort = "Bool"
	Float32Sort Sort = "(_ FloatingPoint 8 24)"
	Float64Sort Sort = "(_ FloatingPoint 11 53)"
)

// BitVecSort is (_ BitVec w).
func BitVecSort(w int) Sort { return Sort("(_ BitVec " + strconv.Itoa(w) + ")") }

// ArraySort is (Array index elem).
func ArraySort(index, elem Sort) Sort {
	return Sort("(Array " + string(index) + " " + string(elem) + ")")
}

// Symbol returns name as an SMT-LIB symbol: as is when it is a simple
// symbol, else quoted as |name|. A quoted symbol cannot hold '|' or '\',
// so when name contains them they are written %7C and %5C, and '%' as %25
// (a name with none of them is never rewritten).
func Symbol(name string) string {
	if isSimpleSymbol(name) {
		return name
	}
	if strings.ContainsAny(name, `|\`) {
		name = strings.NewReplacer("%", "%25", "|", "%7C", `\`, "%5C").Replace(name)
	}
	return "|" + name + "|"
}

var reserved = map[string]bool{
	"BINARY": true, "DECIMAL": true, "HEXADECIMAL": true, "NUMERAL": true, "STRING": true,
	"_": true, "!": true, "as": true, "let": true, "exists": true, "forall": true, "match": true, "par": true,
	"assert": true, "check-sat": true, "declare-const": true, "declare-fun": true, "define-fun": true,
	"push": true, "pop": true, "exit": true, "set-logic": true, "set-option": true,
}

func isSimpleSymbol(s string) bool {
	if s == "" || reserved[s] || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("~!@$%^&*_-+=<>.?/", c) >= 0) {
			return false
		}
	}
	return true
}

// Var is the term naming a constant, quoted as Symbol does.
func Var(name string) Term { return Term(Symbol(name)) }

// App applies a function (its name quoted as Symbol does) or an operator
// written as SMT-LIB text (such as "(_ extract 7 0)") to arguments. With no
// arguments it is the bare function name.
func App(fn string, args ...Term) Term {
	if !strings.HasPrefix(fn, "(") {
		fn = Symbol(fn)
	}
	if len(args) == 0 {
		return Term(fn)
	}
	return op(fn, args...)
}

// op writes (name arg...) with name unquoted.
func op(name string, args ...Term) Term {
	var b strings.Builder
	b.WriteByte('(')
	b.WriteString(name)
	for _, a := range args {
		b.WriteByte(' ')
		b.WriteString(string(a))
	}
	b.WriteByte(')')
	return Term(b.String())
}

func indexed(name string, idx ...int) string {
	s := "(_ " + name
	for _, i := range idx {
		s += " " + strconv.Itoa(i)
	}
	return s + ")"
}

// Booleans.

// Boolean constants.
const (
	True  Term = "true"
	False Term = "false"
)

// Bool returns true or false.
func Bool(b bool) Term {
	if b {
		return True
	}
	return False
}

// Not, Implies, Eq and Ite are the core operators; Eq works on any sort.
func Not(a Term) Term        { return op("not", a) }
func Implies(a, b Term) Term { return op("=>", a, b) }
func Eq(a, b Term) Term      { return op("=", a, b) }
func Ite(c, a, b Term) Term  { return op("ite", c, a, b) }

// And is the conjunction of its arguments: true when there are none.
func And(args ...Term) Term { return nary("and", True, args) }

// Or is the disjunction of its arguments: false when there are none.
func Or(args ...Term) Term { return nary("or", False, args) }

func nary(name string, unit Term, args []Term) Term {
	switch len(args) {
	case 0:
		return unit
	case 1:
		return args[0]
	}
	return op(name, args...)
}

// A SortedVar is a parameter of define-fun with its sort.
type SortedVar struct {
	Name string
	Sort Sort
}

func sortedVars(vars []SortedVar) string {
	parts := make([]string, len(vars))
	for i, v := range vars {
		parts[i] = "(" + Symbol(v.Name) + " " + string(v.Sort) + ")"
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// Bit-vectors.

// BV is the w-bit bit-vector holding n modulo 2^w (negative n in two's
// complement), written #x... when w is a multiple of 4 (of any size),
// else #b... up to 64 bits and (_ bvN w) above.
func BV(n int64, w int) Term { return BVBig(big.NewInt(n), w) }

// BVBig is BV for integers of any size.
func BVBig(n *big.Int, w int) Term {
	if w <= 0 {
		// No such sort; let the solver say so rather than panic here.
		return Term("(_ bv" + n.String() + " " + strconv.Itoa(w) + ")")
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	v := new(big.Int).Mod(n, mod)
	if w%4 == 0 {
		s := v.Text(16)
		return Term("#x" + strings.Repeat("0", w/4-len(s)) + s)
	}
	if w <= 64 {
		s := v.Text(2)
		return Term("#b" + strings.Repeat("0", w-len(s)) + s)
	}
	return Term("(_ bv" + v.String() + " " + strconv.Itoa(w) + ")")
}

// The bit-vector operators, named after SMT-LIB's: U is unsigned, S signed
// (two's complement). Division by zero is defined by SMT-LIB, not trapped.
// Operators without a function here are written with App (App("bvsdiv",
// a, b)).
func BVNot(a Term) Term     { return op("bvnot", a) }
func BVNeg(a Term) Term     { return op("bvneg", a) }
func BVXor(a, b Term) Term  { return op("bvxor", a, b) }
func BVAdd(a, b Term) Term  { return op("bvadd", a, b) }
func BVSub(a, b Term) Term  { return op("bvsub", a, b) }
func BVUDiv(a, b Term) Term { return op("bvudiv", a, b) }
func BVURem(a, b Term) Term { return op("bvurem", a, b) }
func BVULt(a, b Term) Term  { return op("bvult", a, b) }
func BVULe(a, b Term) Term  { return op("bvule", a, b) }
func BVUGe(a, b Term) Term  { return op("bvuge", a, b) }
func BVSLt(a, b Term) Term  { return op("bvslt", a, b) }
func BVSLe(a, b Term) Term  { return op("bvsle", a, b) }
func BVSGt(a, b Term) Term  { return op("bvsgt", a, b) }
func BVSGe(a, b Term) Term  { return op("bvsge", a, b) }

// Concat puts a's bits above b's.
func Concat(a, b Term) Term { return op("concat", a, b) }

// Extract is bits hi down to lo of a, inclusive.
func Extract(hi, lo int, a Term) Term { return op(indexed("extract", hi, lo), a) }

// ZeroExtend and SignExtend widen a by k bits.
func ZeroExtend(k int, a Term) Term { return op(indexed("zero_extend", k), a) }
func SignExtend(k int, a Term) Term { return op(indexed("sign_extend", k), a) }

// Arrays.

// Select reads a[i]; Store is a with a[i] replaced by v; ConstArray is the
// array of sort s holding v everywhere.
func Select(a, i Term) Term          { return op("select", a, i) }
func Store(a, i, v Term) Term        { return op("store", a, i, v) }
func ConstArray(s Sort, v Term) Term { return Term("((as const " + string(s) + ") " + string(v) + ")") }

// Floating point.

// Rounding modes.
const (
	RNE Term = "RNE" // to nearest, ties to even (C's default)
	RNA Term = "RNA" // to nearest, ties away from zero
	RTP Term = "RTP" // toward +infinity
	RTN Term = "RTN" // toward -infinity
	RTZ Term = "RTZ" // toward zero (C's float-to-int conversion)
)

// FPZero is +0 or -0 of (_ FloatingPoint eb sb); other constants are
// written with FPFromBits.
func FPZero(eb, sb int, negative bool) Term {
	if negative {
		return Term(indexed("-zero", eb, sb))
	}
	return Term(indexed("+zero", eb, sb))
}

// The floating-point operators, named after SMT-LIB's; those that round
// take the rounding mode first.
func FPAdd(rm, a, b Term) Term          { return op("fp.add", rm, a, b) }
func FPSub(rm, a, b Term) Term          { return op("fp.sub", rm, a, b) }
func FPMul(rm, a, b Term) Term          { return op("fp.mul", rm, a, b) }
func FPDiv(rm, a, b Term) Term          { return op("fp.div", rm, a, b) }
func FPSqrt(rm, a Term) Term            { return op("fp.sqrt", rm, a) }
func FPRoundToIntegral(rm, a Term) Term { return op("fp.roundToIntegral", rm, a) }
func FPMin(a, b Term) Term              { return op("fp.min", a, b) }
func FPMax(a, b Term) Term              { return op("fp.max", a, b) }
func FPNeg(a Term) Term                 { return op("fp.neg", a) }
func FPAbs(a Term) Term                 { return op("fp.abs", a) }

// FPEq is IEEE equality (NaN differs from itself, -0 equals +0); Eq is
// identity of values.
func FPEq(a, b Term) Term { return op("fp.eq", a, b) }

// FPLt and the other comparisons and classifications are IEEE's.
func FPLt(a, b Term) Term       { return op("fp.lt", a, b) }
func FPLeq(a, b Term) Term      { return op("fp.leq", a, b) }
func FPGt(a, b Term) Term       { return op("fp.gt", a, b) }
func FPGeq(a, b Term) Term      { return op("fp.geq", a, b) }
func FPIsNaN(a Term) Term       { return op("fp.isNaN", a) }
func FPIsInfinite(a Term) Term  { return op("fp.isInfinite", a) }
func FPIsZero(a Term) Term      { return op("fp.isZero", a) }
func FPIsNormal(a Term) Term    { return op("fp.isNormal", a) }
func FPIsSubnormal(a Term) Term { return op("fp.isSubnormal", a) }
func FPIsNegative(a Term) Term  { return op("fp.isNegative", a) }

// ToFP converts a floating-point value of another format, a real, or a
// signed bit-vector (two's complement) to (_ FloatingPoint eb sb),
// rounding with rm.
func ToFP(eb, sb int, rm, a Term) Term { return op(indexed("to_fp", eb, sb), rm, a) }

// ToFPUnsigned converts an unsigned bit-vector to floating point.
func ToFPUnsigned(eb, sb int, rm, a Term) Term { return op(indexed("to_fp_unsigned", eb, sb), rm, a) }

// FPFromBits reinterprets a bit-vector of width eb+sb as an IEEE value
// (like a C union or memcpy).
func FPFromBits(eb, sb int, bits Term) Term { return op(indexed("to_fp", eb, sb), bits) }

// FPToUBV and FPToSBV convert to a w-bit bit-vector, rounding with rm
// (C truncates: RTZ); out-of-range values are unspecified.
func FPToUBV(w int, rm, a Term) Term { return op(indexed("fp.to_ubv", w), rm, a) }
func FPToSBV(w int, rm, a Term) Term { return op(indexed("fp.to_sbv", w), rm, a) }

// Commands.

// A Script collects SMT-LIB commands; its String is a Query.Script. The
// zero value is an empty script. Not safe for concurrent use.
type Script struct {
	b strings.Builder
}

func (s *Script) line(text string) {
	s.b.WriteString(text)
	s.b.WriteByte('\n')
}

// DeclareConst declares a constant and returns the term naming it.
func (s *Script) DeclareConst(name string, sort Sort) Term {
	s.line("(declare-const " + Symbol(name) + " " + string(sort) + ")")
	return Var(name)
}

// DefineFun defines a function (a constant when params is empty).
func (s *Script) DefineFun(name string, params []SortedVar, result Sort, body Term) {
	s.line("(define-fun " + Symbol(name) + " " + sortedVars(params) + " " + string(result) + " " + string(body) + ")")
}

// Assert adds an assertion.
func (s *Script) Assert(t Term) { s.line("(assert " + string(t) + ")") }

// String returns the script's text.
func (s *Script) String() string { return s.b.String() }
