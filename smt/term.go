package smt

import (
	"math"
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
	BoolSort         Sort = "Bool"
	IntSort          Sort = "Int"
	RealSort         Sort = "Real"
	RoundingModeSort Sort = "RoundingMode"
	Float32Sort      Sort = "(_ FloatingPoint 8 24)"
	Float64Sort      Sort = "(_ FloatingPoint 11 53)"
)

// BitVecSort is (_ BitVec w).
func BitVecSort(w int) Sort { return Sort("(_ BitVec " + strconv.Itoa(w) + ")") }

// ArraySort is (Array index elem).
func ArraySort(index, elem Sort) Sort {
	return Sort("(Array " + string(index) + " " + string(elem) + ")")
}

// FPSort is (_ FloatingPoint eb sb); sb counts the hidden bit.
func FPSort(eb, sb int) Sort {
	return Sort("(_ FloatingPoint " + strconv.Itoa(eb) + " " + strconv.Itoa(sb) + ")")
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

// Not, Implies, Xor, Eq and Ite are the core operators; Eq works on any
// sort.
func Not(a Term) Term        { return op("not", a) }
func Implies(a, b Term) Term { return op("=>", a, b) }
func Xor(a, b Term) Term     { return op("xor", a, b) }
func Eq(a, b Term) Term      { return op("=", a, b) }
func Ite(c, a, b Term) Term  { return op("ite", c, a, b) }

// And is the conjunction of its arguments: true when there are none.
func And(args ...Term) Term { return nary("and", True, args) }

// Or is the disjunction of its arguments: false when there are none.
func Or(args ...Term) Term { return nary("or", False, args) }

// Distinct says its arguments differ pairwise: true with fewer than two.
func Distinct(args ...Term) Term {
	if len(args) < 2 {
		return True
	}
	return op("distinct", args...)
}

func nary(name string, unit Term, args []Term) Term {
	switch len(args) {
	case 0:
		return unit
	case 1:
		return args[0]
	}
	return op(name, args...)
}

// A SortedVar is a bound variable with its sort, for quantifiers and
// define-fun.
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

// Forall and Exists quantify body over vars; with no vars they return body.
func Forall(vars []SortedVar, body Term) Term { return quant("forall", vars, body) }
func Exists(vars []SortedVar, body Term) Term { return quant("exists", vars, body) }

func quant(q string, vars []SortedVar, body Term) Term {
	if len(vars) == 0 {
		return body
	}
	return Term("(" + q + " " + sortedVars(vars) + " " + string(body) + ")")
}

// A Binding is one name bound by Let.
type Binding struct {
	Name  string
	Value Term
}

// Let binds names in body (in parallel, as SMT-LIB's let does).
func Let(bindings []Binding, body Term) Term {
	if len(bindings) == 0 {
		return body
	}
	parts := make([]string, len(bindings))
	for i, b := range bindings {
		parts[i] = "(" + Symbol(b.Name) + " " + string(b.Value) + ")"
	}
	return Term("(let (" + strings.Join(parts, " ") + ") " + string(body) + ")")
}

// Integers and reals.

// Int is an integer literal; negative values are written (- n).
func Int(n int64) Term { return IntBig(big.NewInt(n)) }

// IntBig is an integer literal of any size.
func IntBig(n *big.Int) Term {
	if n.Sign() < 0 {
		return op("-", Term(new(big.Int).Neg(n).String()))
	}
	return Term(n.String())
}

// Add, Sub, Mul, Neg, IntDiv (floor division, SMT-LIB div), Mod and the
// comparisons are integer and real arithmetic.
func Add(args ...Term) Term { return op("+", args...) }
func Sub(args ...Term) Term { return op("-", args...) }
func Mul(args ...Term) Term { return op("*", args...) }
func Neg(a Term) Term       { return op("-", a) }
func IntDiv(a, b Term) Term { return op("div", a, b) }
func Mod(a, b Term) Term    { return op("mod", a, b) }
func Lt(a, b Term) Term     { return op("<", a, b) }
func Le(a, b Term) Term     { return op("<=", a, b) }
func Gt(a, b Term) Term     { return op(">", a, b) }
func Ge(a, b Term) Term     { return op(">=", a, b) }

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
// (two's complement). BVSRem takes the sign of the dividend (C's %), BVSMod
// that of the divisor. Division by zero is defined by SMT-LIB, not trapped.
func BVNot(a Term) Term     { return op("bvnot", a) }
func BVNeg(a Term) Term     { return op("bvneg", a) }
func BVAnd(a, b Term) Term  { return op("bvand", a, b) }
func BVOr(a, b Term) Term   { return op("bvor", a, b) }
func BVXor(a, b Term) Term  { return op("bvxor", a, b) }
func BVAdd(a, b Term) Term  { return op("bvadd", a, b) }
func BVSub(a, b Term) Term  { return op("bvsub", a, b) }
func BVMul(a, b Term) Term  { return op("bvmul", a, b) }
func BVUDiv(a, b Term) Term { return op("bvudiv", a, b) }
func BVSDiv(a, b Term) Term { return op("bvsdiv", a, b) }
func BVURem(a, b Term) Term { return op("bvurem", a, b) }
func BVSRem(a, b Term) Term { return op("bvsrem", a, b) }
func BVSMod(a, b Term) Term { return op("bvsmod", a, b) }
func BVShl(a, b Term) Term  { return op("bvshl", a, b) }
func BVLShr(a, b Term) Term { return op("bvlshr", a, b) }
func BVAShr(a, b Term) Term { return op("bvashr", a, b) }
func BVULt(a, b Term) Term  { return op("bvult", a, b) }
func BVULe(a, b Term) Term  { return op("bvule", a, b) }
func BVUGt(a, b Term) Term  { return op("bvugt", a, b) }
func BVUGe(a, b Term) Term  { return op("bvuge", a, b) }
func BVSLt(a, b Term) Term  { return op("bvslt", a, b) }
func BVSLe(a, b Term) Term  { return op("bvsle", a, b) }
func BVSGt(a, b Term) Term  { return op("bvsgt", a, b) }
func BVSGe(a, b Term) Term  { return op("bvsge", a, b) }

// BVNand, BVNor and BVXnor are the negated bitwise operators; BVComp is
// the 1-bit bit-vector #b1 when a equals b, else #b0.
func BVNand(a, b Term) Term { return op("bvnand", a, b) }
func BVNor(a, b Term) Term  { return op("bvnor", a, b) }
func BVXnor(a, b Term) Term { return op("bvxnor", a, b) }
func BVComp(a, b Term) Term { return op("bvcomp", a, b) }

// Repeat concatenates k copies of a.
func Repeat(k int, a Term) Term { return op(indexed("repeat", k), a) }

// Concat puts a's bits above b's.
func Concat(a, b Term) Term { return op("concat", a, b) }

// Extract is bits hi down to lo of a, inclusive.
func Extract(hi, lo int, a Term) Term { return op(indexed("extract", hi, lo), a) }

// ZeroExtend and SignExtend widen a by k bits.
func ZeroExtend(k int, a Term) Term { return op(indexed("zero_extend", k), a) }
func SignExtend(k int, a Term) Term { return op(indexed("sign_extend", k), a) }

// RotateLeft and RotateRight rotate a by the constant k.
func RotateLeft(k int, a Term) Term  { return op(indexed("rotate_left", k), a) }
func RotateRight(k int, a Term) Term { return op(indexed("rotate_right", k), a) }

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

// Float32 and Float64 are exact literals (fp sign exponent significand) of
// f, NaN and infinities included.
func Float32(f float32) Term {
	bits := math.Float32bits(f)
	if f != f {
		return FPNaN(8, 24)
	}
	return fpLiteral(uint64(bits>>31), uint64(bits>>23)&0xff, 8, uint64(bits)&(1<<23-1), 23)
}

func Float64(f float64) Term {
	if math.IsNaN(f) {
		return FPNaN(11, 53)
	}
	bits := math.Float64bits(f)
	return fpLiteral(bits>>63, (bits>>52)&0x7ff, 11, bits&(1<<52-1), 52)
}

func fpLiteral(sign, exp uint64, eb int, sig uint64, sw int) Term {
	bin := func(v uint64, w int) string {
		s := strconv.FormatUint(v, 2)
		return "#b" + strings.Repeat("0", w-len(s)) + s
	}
	return Term("(fp " + bin(sign, 1) + " " + bin(exp, eb) + " " + bin(sig, sw) + ")")
}

// FPZero, FPInf and FPNaN are the special values of (_ FloatingPoint eb sb).
func FPZero(eb, sb int, negative bool) Term {
	if negative {
		return Term(indexed("-zero", eb, sb))
	}
	return Term(indexed("+zero", eb, sb))
}

func FPInf(eb, sb int, negative bool) Term {
	if negative {
		return Term(indexed("-oo", eb, sb))
	}
	return Term(indexed("+oo", eb, sb))
}

func FPNaN(eb, sb int) Term { return Term(indexed("NaN", eb, sb)) }

// The floating-point operators, named after SMT-LIB's; those that round
// take the rounding mode first.
func FPAdd(rm, a, b Term) Term          { return op("fp.add", rm, a, b) }
func FPSub(rm, a, b Term) Term          { return op("fp.sub", rm, a, b) }
func FPMul(rm, a, b Term) Term          { return op("fp.mul", rm, a, b) }
func FPDiv(rm, a, b Term) Term          { return op("fp.div", rm, a, b) }
func FPFMA(rm, a, b, c Term) Term       { return op("fp.fma", rm, a, b, c) }
func FPSqrt(rm, a Term) Term            { return op("fp.sqrt", rm, a) }
func FPRem(a, b Term) Term              { return op("fp.rem", a, b) }
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
func FPIsPositive(a Term) Term  { return op("fp.isPositive", a) }

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

// FPToReal converts a finite floating-point value to a real.
func FPToReal(a Term) Term { return op("fp.to_real", a) }

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

// SetLogic sets the logic; it must come first.
func (s *Script) SetLogic(logic string) { s.line("(set-logic " + logic + ")") }

// DeclareConst declares a constant and returns the term naming it.
func (s *Script) DeclareConst(name string, sort Sort) Term {
	s.line("(declare-const " + Symbol(name) + " " + string(sort) + ")")
	return Var(name)
}

// DeclareFun declares an uninterpreted function.
func (s *Script) DeclareFun(name string, args []Sort, result Sort) {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = string(a)
	}
	s.line("(declare-fun " + Symbol(name) + " (" + strings.Join(parts, " ") + ") " + string(result) + ")")
}

// DefineFun defines a function (a constant when params is empty).
func (s *Script) DefineFun(name string, params []SortedVar, result Sort, body Term) {
	s.line("(define-fun " + Symbol(name) + " " + sortedVars(params) + " " + string(result) + " " + string(body) + ")")
}

// Assert adds an assertion.
func (s *Script) Assert(t Term) { s.line("(assert " + string(t) + ")") }

// Comment adds a comment line per line of text.
func (s *Script) Comment(text string) {
	for _, l := range strings.Split(text, "\n") {
		s.line("; " + l)
	}
}

// Raw adds SMT-LIB text as it is.
func (s *Script) Raw(text string) { s.line(strings.TrimRight(text, "\n")) }

// String returns the script's text.
func (s *Script) String() string { return s.b.String() }

// Len returns the length of the script's text in bytes.
func (s *Script) Len() int { return s.b.Len() }
