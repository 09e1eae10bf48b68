package smttest

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/suretydev/surety/smt"
)

// The logics the kit has cases of, the names Options.Unsupported takes.
const (
	QF_BV  = "QF_BV"  // bit-vectors
	QF_LIA = "QF_LIA" // linear integer arithmetic
	QF_ABV = "QF_ABV" // arrays of bit-vectors
	QF_FP  = "QF_FP"  // floating point
)

// Logics lists the logics the kit has cases of.
var Logics = []string{QF_BV, QF_LIA, QF_ABV, QF_FP}

// A Case is one query of the kit with its answer known without a solver:
// by counting every assignment in Go (the bit-vector cases), or by an
// argument written beside it and, where Go can compute it, confirmed in Go
// (the others).
type Case struct {
	// Name identifies the case ("bv/mul3_eq7", "lia/gcd").
	Name string
	// Logic is the case's logic, one of Logics.
	Logic string
	// Script declares the constants and makes the assertions.
	Script string
	// Values are the terms whose values a sat answer must report.
	Values []string
	// Want is the answer: smt.Sat or smt.Unsat.
	Want smt.Status
	// Holds checks a sat answer's model in Go: an error says why the
	// values do not satisfy the script. Nil for unsat cases.
	Holds func(m map[string]smt.Value) error
	// Solutions is the number of models over Values when the kit is to
	// enumerate them (each found model blocked in turn, then unsat); 0
	// means no enumeration.
	Solutions int
	// Why says how the answer is known.
	Why string
}

// bv8 is a bit-vector case over 8-bit constants, whose truth is counted
// by evaluating its Go twin on every assignment.
type bv8 struct {
	name string
	vars []string // one or two
	smt  string   // a Bool term over vars
	eval func(v []uint8) bool
}

var bv8Cases = []bv8{
	{"mul3_eq7", []string{"x"}, "(= (bvmul x #x03) #x07)", func(v []uint8) bool { return v[0]*3 == 7 }},
	{"mul4_eq12", []string{"x"}, "(= (bvmul x #x04) #x0c)", func(v []uint8) bool { return v[0]*4 == 12 }},
	{"mul2_eq7", []string{"x"}, "(= (bvmul x #x02) #x07)", func(v []uint8) bool { return v[0]*2 == 7 }},
	// Division by zero is defined since SMT-LIB 2.6: x/0 is all ones, x%0
	// is x.
	{"udiv_zero", []string{"x"}, "(= (bvudiv x #x00) #xff)", func([]uint8) bool { return true }},
	{"urem_zero", []string{"x"}, "(= (bvurem x #x00) x)", func([]uint8) bool { return true }},
	{"shl_wide", []string{"x"}, "(= (bvshl x #x09) #x00)", func([]uint8) bool { return true }},
	{"ashr_sign", []string{"x"}, "(= (bvashr x #x07) #xff)", func(v []uint8) bool { return int8(v[0]) < 0 }},
	{"lshr", []string{"x"}, "(= (bvlshr x #x04) #x0a)", func(v []uint8) bool { return v[0]>>4 == 0x0a }},
	{"neg_min", []string{"x"}, "(and (bvslt x #x00) (not (bvsgt (bvneg x) #x00)))",
		func(v []uint8) bool { return int8(v[0]) < 0 && !(-int8(v[0]) > 0) }},
	{"sdiv", []string{"x"}, "(= (bvsdiv x #x03) #xfe)", func(v []uint8) bool { return int8(v[0])/3 == -2 }},
	{"srem", []string{"x"}, "(= (bvsrem x #x05) #xfe)", func(v []uint8) bool { return int8(v[0])%5 == -2 }},
	{"smod", []string{"x"}, "(= (bvsmod x #x05) #x03)", func(v []uint8) bool { return (int(int8(v[0]))%5+5)%5 == 3 }},
	{"nibbles", []string{"x"}, "(= (concat ((_ extract 3 0) x) ((_ extract 7 4) x)) x)",
		func(v []uint8) bool { return v[0]>>4 == v[0]&15 }},
	{"add_wraps", []string{"x"}, "(bvult (bvadd x #x10) x)", func(v []uint8) bool { return v[0]+0x10 < v[0] }},
	{"sext", []string{"x"}, "(= ((_ sign_extend 8) x) #xff80)", func(v []uint8) bool { return int16(int8(v[0])) == -128 }},
	{"mul_xy", []string{"x", "y"}, "(and (= (bvmul x y) #x23) (bvugt x #x01) (bvugt y #x01) (bvule x y))",
		func(v []uint8) bool { return v[0]*v[1] == 0x23 && v[0] > 1 && v[1] > 1 && v[0] <= v[1] }},
	{"sub_lt", []string{"x", "y"}, "(and (bvslt x y) (bvsgt (bvsub x y) #x00))",
		func(v []uint8) bool { return int8(v[0]) < int8(v[1]) && int8(v[0]-v[1]) > 0 }},
}

// maxEnumerate is the most solutions the kit enumerates one by one.
const maxEnumerate = 4

// Cases returns the cases TestSolver asks, in a fixed order: every
// bit-vector case with its negation, then the integer, array and
// floating-point cases. Each call returns new values.
func Cases() []*Case {
	var cs []*Case
	for _, b := range bv8Cases {
		cs = append(cs, b.cases()...)
	}
	cs = append(cs, semiprime())
	cs = append(cs, liaCases()...)
	cs = append(cs, abvCases()...)
	cs = append(cs, fpCases()...)
	return cs
}

// cases makes the case of b and of its negation, their answers counted
// over every assignment.
func (b bv8) cases() []*Case {
	var decl strings.Builder
	for _, v := range b.vars {
		fmt.Fprintf(&decl, "(declare-const %s (_ BitVec 8))\n", v)
	}
	n := 1 << (8 * len(b.vars))
	count := 0
	for i := range n {
		if b.eval(assignment(i, len(b.vars))) {
			count++
		}
	}
	mk := func(name, term string, want bool, solutions int) *Case {
		c := &Case{Name: "bv/" + name, Logic: QF_BV, Script: decl.String() + "(assert " + term + ")\n",
			Values: b.vars, Want: smt.Unsat,
			Why: fmt.Sprintf("%d of the %d assignments satisfy it, counted in Go", solutions, n)}
		if solutions > 0 {
			c.Want = smt.Sat
			c.Holds = func(m map[string]smt.Value) error {
				v := make([]uint8, len(b.vars))
				for i, name := range b.vars {
					x, err := bvValue(m, name, 8)
					if err != nil {
						return err
					}
					v[i] = uint8(x.Uint64())
				}
				if b.eval(v) != want {
					return fmt.Errorf("%s does not satisfy %s", showAssignment(b.vars, v), term)
				}
				return nil
			}
			if solutions <= maxEnumerate {
				c.Solutions = solutions
			}
		}
		return c
	}
	return []*Case{
		mk(b.name, b.smt, true, count),
		mk(b.name+"/not", "(not "+b.smt+")", false, n-count),
	}
}

func assignment(i, vars int) []uint8 {
	v := make([]uint8, vars)
	for k := range v {
		v[k] = uint8(i >> (8 * k))
	}
	return v
}

func showAssignment(vars []string, v []uint8) string {
	parts := make([]string, len(vars))
	for i, name := range vars {
		parts[i] = fmt.Sprintf("%s = #x%02x", name, v[i])
	}
	return strings.Join(parts, ", ")
}

// bvValue is the unsigned value of a bit-vector of width w in m.
func bvValue(m map[string]smt.Value, term string, w int) (*big.Int, error) {
	v, ok := m[term]
	switch {
	case !ok:
		return nil, fmt.Errorf("the model has no value of %s", term)
	case v.Int == nil:
		return nil, fmt.Errorf("the value of %s, %q, decodes to no number", term, v.Text)
	case v.Width != w:
		return nil, fmt.Errorf("the value of %s, %q, has width %d, want %d", term, v.Text, v.Width, w)
	}
	return v.Int, nil
}

// intValue is the value of an integer term in m.
func intValue(m map[string]smt.Value, term string) (*big.Int, error) {
	v, ok := m[term]
	switch {
	case !ok:
		return nil, fmt.Errorf("the model has no value of %s", term)
	case v.Int == nil || v.Width != 0:
		return nil, fmt.Errorf("the value of %s, %q, decodes to no integer", term, v.Text)
	}
	return v.Int, nil
}

// floatValue is the value of a floating-point term in m.
func floatValue(m map[string]smt.Value, term string) (float64, error) {
	v, ok := m[term]
	switch {
	case !ok:
		return 0, fmt.Errorf("the model has no value of %s", term)
	case v.Float == nil:
		return 0, fmt.Errorf("the value of %s, %q, decodes to no float", term, v.Text)
	}
	return *v.Float, nil
}

// semiprime asks for the factors of a product of two primes below 2^8 in
// 16-bit arithmetic, where nothing overflows: by unique factorisation the
// only model is the two primes, so blocking it leaves none.
func semiprime() *Case {
	const p, q = 241, 251
	for _, n := range []int64{p, q} {
		if !big.NewInt(n).ProbablyPrime(20) {
			panic(fmt.Sprintf("smttest: %d is not prime", n))
		}
	}
	script := fmt.Sprintf(`(declare-const x (_ BitVec 16))
(declare-const y (_ BitVec 16))
(assert (bvult x #x0100))
(assert (bvult y #x0100))
(assert (bvugt x #x0001))
(assert (bvule x y))
(assert (= (bvmul x y) #x%04x))
`, p*q)
	return &Case{Name: "bv/semiprime", Logic: QF_BV, Script: script, Values: []string{"x", "y"}, Want: smt.Sat,
		Solutions: 1, Why: fmt.Sprintf("%d = %d * %d, both prime, and 16 bits hold the product", p*q, p, q),
		Holds: func(m map[string]smt.Value) error {
			x, err := bvValue(m, "x", 16)
			if err != nil {
				return err
			}
			y, err := bvValue(m, "y", 16)
			if err != nil {
				return err
			}
			if x.Int64() != p || y.Int64() != q {
				return fmt.Errorf("x = %v, y = %v; the only factors are %d and %d", x, y, p, q)
			}
			return nil
		}}
}

func liaCases() []*Case {
	const decl = "(declare-const x Int)\n(declare-const y Int)\n(declare-const z Int)\n"
	lin := func(m map[string]smt.Value) (x, y *big.Int, err error) {
		if x, err = intValue(m, "x"); err != nil {
			return nil, nil, err
		}
		y, err = intValue(m, "y")
		return x, y, err
	}
	return []*Case{{
		Name: "lia/gcd", Logic: QF_LIA, Want: smt.Unsat,
		Script: decl + "(assert (= (+ (* 3 x) (* 6 y)) 7))\n",
		Why:    "3 divides 3x + 6y and does not divide 7 (over the reals it has solutions)",
	}, {
		Name: "lia/gcd/not", Logic: QF_LIA, Want: smt.Sat, Values: []string{"x", "y"},
		Script: decl + "(assert (not (= (+ (* 3 x) (* 6 y)) 7)))\n",
		Why:    "x = y = 0",
		Holds: func(m map[string]smt.Value) error {
			x, y, err := lin(m)
			if err != nil {
				return err
			}
			if s := new(big.Int).Add(new(big.Int).Mul(big.NewInt(3), x), new(big.Int).Mul(big.NewInt(6), y)); s.Int64() == 7 && s.IsInt64() {
				return fmt.Errorf("x = %v, y = %v: 3x + 6y = 7", x, y)
			}
			return nil
		},
	}, {
		Name: "lia/negative", Logic: QF_LIA, Want: smt.Sat, Values: []string{"x", "y"},
		Script: decl + "(assert (= (+ (* 3 x) (* 5 y)) 7))\n(assert (< x (- 10)))\n",
		Why:    "x = -16, y = 11",
		Holds: func(m map[string]smt.Value) error {
			x, y, err := lin(m)
			if err != nil {
				return err
			}
			s := new(big.Int).Add(new(big.Int).Mul(big.NewInt(3), x), new(big.Int).Mul(big.NewInt(5), y))
			if s.Cmp(big.NewInt(7)) != 0 || x.Cmp(big.NewInt(-10)) >= 0 {
				return fmt.Errorf("x = %v, y = %v: 3x + 5y = %v, want 7 with x < -10", x, y, s)
			}
			return nil
		},
	}, {
		Name: "lia/divmod", Logic: QF_LIA, Want: smt.Sat, Values: []string{"x"}, Solutions: 1,
		Script: decl + "(assert (= (mod x 5) 3))\n(assert (= (div x 5) (- 2)))\n",
		Why:    "SMT-LIB's div and mod are Euclidean: x = 5 * -2 + 3 = -7 and nothing else",
		Holds: func(m map[string]smt.Value) error {
			x, err := intValue(m, "x")
			if err != nil {
				return err
			}
			if x.Cmp(big.NewInt(-7)) != 0 {
				return fmt.Errorf("x = %v, want -7 (Euclidean division)", x)
			}
			return nil
		},
	}, {
		Name: "lia/cycle", Logic: QF_LIA, Want: smt.Unsat,
		Script: decl + "(assert (< x y))\n(assert (< y z))\n(assert (< z x))\n",
		Why:    "< is transitive and irreflexive",
	}, {
		Name: "lia/big", Logic: QF_LIA, Want: smt.Sat, Values: []string{"x"}, Solutions: 1,
		Script: decl + "(assert (> x 9223372036854775807))\n(assert (< x 9223372036854775809))\n",
		Why:    "x = 2^63, one past the largest int64",
		Holds: func(m map[string]smt.Value) error {
			x, err := intValue(m, "x")
			if err != nil {
				return err
			}
			if want := new(big.Int).Lsh(big.NewInt(1), 63); x.Cmp(want) != 0 {
				return fmt.Errorf("x = %v, want %v", x, want)
			}
			return nil
		},
	}}
}

func abvCases() []*Case {
	const decl = `(declare-const a (Array (_ BitVec 8) (_ BitVec 8)))
(declare-const b (Array (_ BitVec 8) (_ BitVec 8)))
(declare-const i (_ BitVec 8))
(declare-const j (_ BitVec 8))
`
	bytes := func(m map[string]smt.Value, terms ...string) ([]uint64, error) {
		out := make([]uint64, len(terms))
		for k, t := range terms {
			v, err := bvValue(m, t, 8)
			if err != nil {
				return nil, err
			}
			out[k] = v.Uint64()
		}
		return out, nil
	}
	return []*Case{{
		Name: "abv/read_over_write", Logic: QF_ABV, Want: smt.Unsat,
		Script: decl + "(assert (not (= (select (store a i #x2a) i) #x2a)))\n",
		Why:    "the read-over-write axiom: a store is read back at its index",
	}, {
		Name: "abv/read_past_write", Logic: QF_ABV, Want: smt.Unsat,
		Script: decl + "(assert (distinct i j))\n(assert (not (= (select (store a i #x2a) j) (select a j))))\n",
		Why:    "the read-over-write axiom: a store leaves other indices alone",
	}, {
		Name: "abv/swap", Logic: QF_ABV, Want: smt.Unsat,
		Script: decl + "(assert (= b (store (store a i (select a j)) j (select a i))))\n(assert (distinct (select b j) (select a i)))\n",
		Why:    "after swapping a[i] and a[j], b[j] is the old a[i] (the second store wins when i = j)",
	}, {
		Name: "abv/cells", Logic: QF_ABV, Want: smt.Sat,
		Values: []string{"(select a #x01)", "(select a #x02)", "i", "(select a i)"},
		Script: decl + "(assert (= (select a #x01) #x2a))\n(assert (= (select a #x02) (bvadd (select a #x01) #x01)))\n" +
			"(assert (distinct i #x01))\n(assert (= (select a i) (select a #x02)))\n",
		Why: "a[1] = 42, a[2] = 43 and i = 2",
		Holds: func(m map[string]smt.Value) error {
			v, err := bytes(m, "(select a #x01)", "(select a #x02)", "i", "(select a i)")
			if err != nil {
				return err
			}
			if v[0] != 42 || v[1] != 43 || v[2] == 1 || v[3] != 43 {
				return fmt.Errorf("a[1] = %d, a[2] = %d, i = %d, a[i] = %d; want 42, 43, not 1, 43", v[0], v[1], v[2], v[3])
			}
			return nil
		},
	}, {
		Name: "abv/extensionality", Logic: QF_ABV, Want: smt.Sat,
		Values: []string{"i", "(select a i)", "(select b i)"},
		Script: decl + "(assert (distinct a b))\n(assert (= (select a i) (select b i)))\n",
		Why:    "two arrays that differ at one index agree at another",
		Holds: func(m map[string]smt.Value) error {
			v, err := bytes(m, "i", "(select a i)", "(select b i)")
			if err != nil {
				return err
			}
			if v[1] != v[2] {
				return fmt.Errorf("a[%d] = %d and b[%d] = %d differ", v[0], v[1], v[0], v[2])
			}
			return nil
		},
	}}
}

// fp32 writes f as an SMT-LIB (fp sign exponent significand) literal.
func fp32(f float32) string {
	b := math.Float32bits(f)
	return fmt.Sprintf("(fp #b%01b #b%08b #b%023b)", b>>31, (b>>23)&0xff, b&(1<<23-1))
}

func fp64(f float64) string {
	b := math.Float64bits(f)
	return fmt.Sprintf("(fp #b%01b #b%011b #b%052b)", b>>63, (b>>52)&0x7ff, b&(1<<52-1))
}

// round32 is a + b rounded to float32 in mode, computed exactly by
// math/big (both are normal and so is the sum).
func round32(a, b float32, mode big.RoundingMode) float32 {
	s := new(big.Float).SetPrec(200).SetFloat64(float64(a))
	s.Add(s, new(big.Float).SetFloat64(float64(b)))
	s.SetMode(mode).SetPrec(24)
	f, _ := s.Float32()
	return f
}

func fpCases() []*Case {
	const f32 = "(_ FloatingPoint 8 24)"
	decl := "(declare-const x " + f32 + ")\n(declare-const y " + f32 + ")\n"
	tiny := float32(math.Ldexp(1, -30))
	up, down := round32(1, tiny, big.ToPositiveInf), round32(1, tiny, big.ToNegativeInf)
	var (
		a, b, c    = 0.1, 0.2, 0.3
		sumIsThird = a+b == c
	)
	sumWant := smt.Unsat
	if sumIsThird {
		sumWant = smt.Sat
	}
	roundWant := smt.Unsat
	if up == down {
		roundWant = smt.Sat
	}
	f64 := func(name string, v float64) string {
		return "(declare-const " + name + " (_ FloatingPoint 11 53))\n(assert (= " + name + " " + fp64(v) + "))\n"
	}
	return []*Case{{
		Name: "fp/nan", Logic: QF_FP, Want: smt.Sat, Values: []string{"x"},
		Script: decl + "(assert (not (fp.eq x x)))\n",
		Why:    "only NaN is not fp.eq to itself",
		Holds: func(m map[string]smt.Value) error {
			x, err := floatValue(m, "x")
			if err != nil {
				return err
			}
			if !math.IsNaN(x) {
				return fmt.Errorf("x = %v, which equals itself", x)
			}
			return nil
		},
	}, {
		Name: "fp/absorb", Logic: QF_FP, Want: smt.Sat, Values: []string{"x"},
		Script: decl + "(assert (fp.eq (fp.add RNE x " + fp32(1) + ") x))\n(assert (not (fp.isInfinite x)))\n",
		Why:    "x + 1 rounds back to x for every finite float32 of magnitude 2^25 or more",
		Holds: func(m map[string]smt.Value) error {
			x, err := floatValue(m, "x")
			if err != nil {
				return err
			}
			f := float32(x)
			if float64(f) != x || float32(f+1) != f || math.IsInf(x, 0) {
				return fmt.Errorf("x = %v: x + 1 = %v in float32", x, float32(f+1))
			}
			return nil
		},
	}, {
		Name: "fp/sum", Logic: QF_FP, Want: sumWant,
		Script: f64("a", a) + f64("b", b) + f64("c", c) + "(assert (fp.eq (fp.add RNE a b) c))\n",
		Why:    fmt.Sprintf("in float64, 0.1 + 0.2 == 0.3 is %v (computed in Go)", sumIsThird),
	}, {
		Name: "fp/sum/not", Logic: QF_FP, Want: smt.Sat,
		Script: f64("a", a) + f64("b", b) + f64("c", c) + "(assert (not (fp.eq (fp.add RNE a b) c)))\n",
		Values: []string{"(fp.add RNE a b)"},
		Why:    "0.1 + 0.2 is 0.30000000000000004 in float64 (computed in Go)",
		Holds: func(m map[string]smt.Value) error {
			s, err := floatValue(m, "(fp.add RNE a b)")
			if err != nil {
				return err
			}
			if s != a+b {
				return fmt.Errorf("0.1 + 0.2 = %v, want %v", s, a+b)
			}
			return nil
		},
	}, {
		Name: "fp/rounding", Logic: QF_FP, Want: roundWant,
		Script: decl + "(assert (= x " + fp32(1) + "))\n(assert (= y " + fp32(tiny) + "))\n" +
			"(assert (fp.eq (fp.add RTP x y) (fp.add RTN x y)))\n",
		Why: fmt.Sprintf("1 + 2^-30 rounds up to %v and down to %v in float32 (computed by math/big)", up, down),
	}, {
		Name: "fp/sqrt_negative", Logic: QF_FP, Want: smt.Sat, Values: []string{"x"},
		Script: decl + "(assert (fp.isNaN (fp.sqrt RNE x)))\n(assert (not (fp.isNaN x)))\n",
		Why:    "the square root of a number below zero is NaN",
		Holds: func(m map[string]smt.Value) error {
			x, err := floatValue(m, "x")
			if err != nil {
				return err
			}
			if !math.IsNaN(math.Sqrt(x)) || math.IsNaN(x) {
				return fmt.Errorf("x = %v, whose square root %v is a number", x, math.Sqrt(x))
			}
			return nil
		},
	}, {
		Name: "fp/to_sbv", Logic: QF_FP, Want: smt.Unsat,
		Script: decl + "(assert (fp.gt x " + fp32(-100) + "))\n(assert (fp.lt x " + fp32(5) + "))\n" +
			"(assert (= ((_ fp.to_sbv 8) RTZ x) #x05))\n",
		Why: "a number in (-100, 5) truncates to at most 4",
	}, {
		Name: "fp/from_sbv", Logic: QF_FP, Want: smt.Sat, Values: []string{"k"}, Solutions: 1,
		Script: decl + "(declare-const k (_ BitVec 8))\n(assert (fp.eq ((_ to_fp 8 24) RNE k) " + fp32(-3) + "))\n",
		Why:    "every 8-bit integer is exact in float32; only #xfd is -3",
		Holds: func(m map[string]smt.Value) error {
			k, err := bvValue(m, "k", 8)
			if err != nil {
				return err
			}
			if k.Int64() != 0xfd {
				return fmt.Errorf("k = %s, want #xfd (-3)", strconv.FormatInt(k.Int64(), 16))
			}
			return nil
		},
	}}
}
