package smt

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestDecodeValue(t *testing.T) {
	cases := []struct {
		text  string
		sort  string
		int   string // "" if Int must be nil
		width int
		float *float64
		boolV *bool
	}{
		{text: "#b0101", sort: "(_ BitVec 4)", int: "5", width: 4},
		{text: "#xff", sort: "(_ BitVec 8)", int: "255", width: 8},
		{text: "(_ bv300 16)", sort: "(_ BitVec 16)", int: "300", width: 16},
		{text: "42", sort: "Int", int: "42"},
		{text: "(- 5)", sort: "Int", int: "-5"},
		{text: "2.5", sort: "Real"},
		{text: "(- 2.5)", sort: "Real"},
		{text: "(/ 1 3)", sort: "Real"},
		{text: "true", sort: "Bool", boolV: ptr(true)},
		{text: "false", sort: "Bool", boolV: ptr(false)},
		{text: "(fp #b0 #x7f #b11000000000000000000000)", sort: "(_ FloatingPoint 8 24)", float: ptr(1.75)},
		// the smallest positive float32 subnormal, 2^-149
		{text: "(fp #b0 #b00000000 #b00000000000000000000001)", sort: "(_ FloatingPoint 8 24)", float: ptr(math.Ldexp(1, -149))},
		{text: "(fp #b1 #b11111 #b0000000000)", sort: "(_ FloatingPoint 5 11)", float: ptr(math.Inf(-1))},
		{text: "(fp #b0 #b11111 #b0000000001)", sort: "(_ FloatingPoint 5 11)", float: ptr(math.NaN())},
		{text: "(fp #b0 #b01111 #b1000000000)", sort: "(_ FloatingPoint 5 11)", float: ptr(1.5)},
		{text: "(_ -zero 11 53)", sort: "(_ FloatingPoint 11 53)", float: ptr(math.Copysign(0, -1))},
		{text: "(_ NaN 8 24)", sort: "(_ FloatingPoint 8 24)", float: ptr(math.NaN())},
		{text: "((as const (Array Int Bool)) false)", sort: "(Array Int Bool)"},
		{text: "(store ((as const (Array Int Int)) 0) 1 (- 2))", sort: "(Array Int Int)"},
		{text: "roundNearestTiesToEven", sort: "RoundingMode"},
		{text: "(_ as-array k!0)", sort: ""},
	}
	for _, c := range cases {
		es, err := parseSexps(c.text)
		if err != nil || len(es) != 1 {
			t.Fatalf("%s: %v", c.text, err)
		}
		v := decodeValue(es[0], "")
		if v.Text != c.text || v.Sort != c.sort || v.Width != c.width {
			t.Errorf("%s: got text %q sort %q width %d, want sort %q width %d", c.text, v.Text, v.Sort, v.Width, c.sort, c.width)
		}
		if (v.Int == nil) != (c.int == "") || (v.Int != nil && v.Int.String() != c.int) {
			t.Errorf("%s: Int = %v, want %q", c.text, v.Int, c.int)
		}
		switch {
		case c.float == nil && v.Float != nil:
			t.Errorf("%s: Float = %v, want none", c.text, *v.Float)
		case c.float != nil && v.Float == nil:
			t.Errorf("%s: no Float, want %v", c.text, *c.float)
		case c.float != nil:
			got, want := *v.Float, *c.float
			if math.IsNaN(want) != math.IsNaN(got) || (!math.IsNaN(want) && (got != want || math.Signbit(got) != math.Signbit(want))) {
				t.Errorf("%s: Float = %v, want %v", c.text, got, want)
			}
		}
		if (v.Bool == nil) != (c.boolV == nil) || (v.Bool != nil && *v.Bool != *c.boolV) {
			t.Errorf("%s: Bool = %v, want %v", c.text, v.Bool, c.boolV)
		}
	}
}

// TestDecodeFloat32Exhaustive decodes the fp literal of many float32 bit
// patterns (every exponent, assorted significands) and compares with Go.
func TestDecodeFloat32Literals(t *testing.T) {
	for e := uint32(0); e < 256; e++ {
		for _, m := range []uint32{0, 1, 0x400000, 0x7fffff, 0x123456} {
			for _, s := range []uint32{0, 1} {
				bits := s<<31 | e<<23 | m
				want := float64(math.Float32frombits(bits))
				es, _ := parseSexps(fpText(uint64(s), uint64(e), 8, uint64(m), 23))
				v := decodeValue(es[0], "")
				if v.Float == nil {
					t.Fatalf("%08x: not decoded from %s", bits, v.Text)
				}
				got := *v.Float
				if math.IsNaN(want) != math.IsNaN(got) || (!math.IsNaN(want) && (got != want || math.Signbit(got) != math.Signbit(want))) {
					t.Fatalf("%08x: %s decoded as %v, want %v", bits, v.Text, got, want)
				}
			}
		}
	}
}

// fpText is the literal (fp sign exponent significand) that solvers write
// in a model.
func fpText(sign, exp uint64, eb int, sig uint64, sw int) string {
	bin := func(v uint64, w int) string {
		s := strconv.FormatUint(v, 2)
		return "#b" + strings.Repeat("0", w-len(s)) + s
	}
	return "(fp " + bin(sign, 1) + " " + bin(exp, eb) + " " + bin(sig, sw) + ")"
}

func TestSignedValue(t *testing.T) {
	es, _ := parseSexps("#xfe")
	if v := decodeValue(es[0], ""); v.Signed().Int64() != -2 || v.Int.Int64() != 254 {
		t.Fatalf("signed %v unsigned %v", v.Signed(), v.Int)
	}
}

func TestParseSexps(t *testing.T) {
	es, err := parseSexps("(echo \"a \"\"quoted\"\" (word)\") |multi\nline| ; comment (\n(a (b c))")
	if err != nil || len(es) != 3 {
		t.Fatalf("%v %v", es, err)
	}
	if es[0].list[1].stringValue() != `a "quoted" (word)` || es[1].symbol() != "multi\nline" || es[2].String() != "(a (b c))" || es[2].line != 3 {
		t.Fatalf("parsed %q / %q / %q line %d", es[0].list[1].stringValue(), es[1].symbol(), es[2].String(), es[2].line)
	}
	for _, bad := range []string{"(a (b)", "a)", "|open", "\"open"} {
		if _, err := parseSexps(bad); err == nil {
			t.Errorf("%q parsed without error", bad)
		}
	}
}

func TestInferLogic(t *testing.T) {
	cases := map[string]string{
		"(declare-const x (_ BitVec 8))":                                                           "QF_BV",
		"(declare-const a (Array (_ BitVec 8) (_ BitVec 8)))":                                      "QF_ABV",
		"(declare-const f Float32)(declare-const b (_ BitVec 32))":                                 "QF_BVFP",
		"(declare-fun g ((_ BitVec 8)) (_ BitVec 8))":                                              "QF_UFBV",
		"(declare-const i Int)":                                                                    "ALL",
		"(declare-const p Bool)":                                                                   "QF_UF",
		"(assert (forall ((x (_ BitVec 8))) (bvule x #xff)))":                                      "ALL",
		"(declare-const a (Array (_ BitVec 32) Float64))(assert (fp.isNaN (select a #x00000000)))": "QF_ABVFP",
	}
	for text, want := range cases {
		sc, err := parseScript(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := sc.inferLogic(); got != want {
			t.Errorf("%s: logic %s, want %s", text, got, want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestConstants(t *testing.T) {
	got, err := Constants("(declare-const |a b| Float32)\n(declare-fun f (Int) Int)\n(declare-fun n () Int)\n(define-fun k () (_ BitVec 4) #x3)\n(assert (= n (f 1)))")
	if err != nil {
		t.Fatal(err)
	}
	want := []Constant{{"|a b|", "(_ FloatingPoint 8 24)"}, {"n", "Int"}, {"k", "(_ BitVec 4)"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %v, want %v", got[i], want[i])
		}
	}
	if _, err := Constants("(declare-const x Int)\n(assert (= x 1)"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("err = %v, want a syntax error on line 2", err)
	}
}
