package smt

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

const mixedScript = `
(declare-const f Float32)
(declare-const d Float64)
(declare-const n Float32)
(declare-const i Int)
(declare-const r Real)
(declare-const a (Array (_ BitVec 32) (_ BitVec 8)))
(declare-const rm RoundingMode)
(assert (= f (fp.add RNE ((_ to_fp 8 24) RNE 1.5) ((_ to_fp 8 24) RNE 0.25))))
(assert (= d ((_ to_fp 11 53) RNE (- 2.5))))
(assert (fp.isNaN n))
(assert (= i (- 5)))
(assert (= r (/ 1.0 3.0)))
(assert (= (select a #x00000003) #x2a))
(assert (= rm RTZ))
`

// TestModelsOfEachSort checks integers, reals, floating point (normal,
// negative, NaN, signed zero, infinity), rounding modes, arrays and an
// FP-to-bit-vector conversion, on each solver that has floating point
// (Bitwuzla without the integer and the real: it has no arithmetic).
func TestModelsOfEachSort(t *testing.T) {
	for _, s := range []Solver{Z3(nil), CVC5(nil), Bitwuzla(nil)} {
		t.Run(s.Name(), func(t *testing.T) {
			need(t, s.Name())
			arith := s.Name() != "bitwuzla"
			script, values := mixedScript, []string{"f", "d", "n", "a", "(select a #x00000003)", "rm",
				"(fp.neg (_ +zero 8 24))", "(_ +oo 11 53)", "((_ fp.to_sbv 32) RTZ d)"}
			if arith {
				values = append(values, "i", "r")
			} else {
				var keep []string
				for _, l := range strings.Split(script, "\n") {
					if !strings.Contains(l, " i ") && !strings.Contains(l, " r ") {
						keep = append(keep, l)
					}
				}
				script = strings.ReplaceAll(strings.Join(keep, "\n"), "((_ to_fp 11 53) RNE (- 2.5))", "(fp.neg ((_ to_fp 11 53) RNE 2.5))")
			}
			res, err := s.Check(context.Background(), &Query{Script: script, Values: values})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Sat {
				t.Fatalf("status %v %s", res.Status, res.Reason)
			}
			m := res.Model
			float := func(name string, want float64, sort string) {
				t.Helper()
				v := m[name]
				if v.Float == nil || v.Sort != sort {
					t.Errorf("%s = %+v, want %v of sort %s", name, v, want, sort)
					return
				}
				got := *v.Float
				if math.IsNaN(want) != math.IsNaN(got) || (!math.IsNaN(want) && (got != want || math.Signbit(got) != math.Signbit(want))) {
					t.Errorf("%s = %v (%s), want %v", name, got, v.Text, want)
				}
			}
			float("f", 1.75, "(_ FloatingPoint 8 24)")
			float("d", -2.5, "(_ FloatingPoint 11 53)")
			float("n", math.NaN(), "(_ FloatingPoint 8 24)")
			float("(fp.neg (_ +zero 8 24))", math.Copysign(0, -1), "(_ FloatingPoint 8 24)")
			float("(_ +oo 11 53)", math.Inf(1), "(_ FloatingPoint 11 53)")
			if v := m["i"]; arith && (v.Int == nil || v.Int.Int64() != -5 || v.Sort != "Int" || v.Text != "(- 5)") {
				t.Errorf("i = %+v, want -5", v)
			}
			if v := m["r"]; arith && (v.Sort != "Real" || !strings.Contains(v.Text, "/")) {
				t.Errorf("r = %+v, want the real 1/3", v)
			}
			if v := m["a"]; v.Sort != "(Array (_ BitVec 32) (_ BitVec 8))" || !strings.Contains(v.Text, "as const") {
				t.Errorf("a = %+v, want an array value", v)
			}
			if v := m["(select a #x00000003)"]; v.Int == nil || v.Int.Int64() != 42 || v.Width != 8 {
				t.Errorf("a[3] = %+v, want 42", v)
			}
			if v := m["rm"]; v.Sort != "RoundingMode" || v.Text != "roundTowardZero" && v.Text != "RTZ" {
				t.Errorf("rm = %+v", v)
			}
			v := m["((_ fp.to_sbv 32) RTZ d)"]
			if v.Width != 32 || v.Signed() == nil || v.Signed().Int64() != -2 {
				t.Errorf("to_sbv(-2.5) = %+v, want -2 signed", v)
			}
			// The result marshals to JSON, NaN included, and reads back.
			b, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			var back Result
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if back.Status != Sat || back.Model["n"].Float == nil || !math.IsNaN(*back.Model["n"].Float) || arith && back.Model["i"].Int.Int64() != -5 {
				t.Errorf("JSON round trip lost values: %s", b)
			}
		})
	}
}

// TestUnsupportedTheories checks that a solver without a theory the
// script uses answers Unknown, naming the theory, without running.
func TestUnsupportedTheories(t *testing.T) {
	for _, tc := range []struct {
		s      Solver
		reason string
	}{
		{Boolector(nil), "unsupported: floating point"},
		{Bitwuzla(nil), "unsupported: integer or real arithmetic"},
	} {
		t.Run(tc.s.Name(), func(t *testing.T) {
			need(t, tc.s.Name())
			res, err := tc.s.Check(context.Background(), &Query{Script: mixedScript})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Unknown || res.Reason != tc.reason {
				t.Fatalf("got %v %q", res.Status, res.Reason)
			}
		})
	}
}

func TestBitwuzlaMissingBindings(t *testing.T) {
	need(t, "python3")
	// An interpreter that cannot import the bindings: python3 told to
	// ignore site-packages would still find them, so use a name that is
	// not a Python at all but runs (true exits 0 without importing).
	_, err := Bitwuzla(&Options{Path: "false"}).Check(context.Background(), &Query{Script: "(declare-const b Bool)"})
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "bindings") {
		t.Fatalf("err = %v, want ErrNotFound naming the bindings", err)
	}
}

const arrayScript = `
(declare-const a (Array (_ BitVec 4) (_ BitVec 8)))
(declare-const i (_ BitVec 4))
(assert (= (select a #x3) #x2a))
(assert (= (select a i) #x07))
(assert (bvugt i #x3))
(assert (bvult i #x5))
`

func TestArrayModel(t *testing.T) {
	forEachSolver(t, func(t *testing.T, s Solver) {
		res, err := s.Check(context.Background(), &Query{Script: arrayScript, Values: []string{"a", "i", "(select a #x3)", "(store a #x0 #xff)"}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Sat {
			t.Fatalf("status %v %s", res.Status, res.Reason)
		}
		if v := res.Model["i"]; v.Int == nil || v.Int.Int64() != 4 {
			t.Errorf("i = %+v, want 4", v)
		}
		if v := res.Model["(select a #x3)"]; v.Int == nil || v.Int.Int64() != 42 {
			t.Errorf("a[3] = %+v, want 42", v)
		}
		for _, name := range []string{"a", "(store a #x0 #xff)"} {
			v := res.Model[name]
			if v.Sort != "(Array (_ BitVec 4) (_ BitVec 8))" || !strings.Contains(v.Text, "const") {
				t.Errorf("%s = %+v, want an array value", name, v)
			}
		}
		// Evaluate the array text with z3 (boolector cannot read constant
		// arrays): a must map 3 to 42 and 4 to 7.
		need(t, "z3")
		check, err := Z3(nil).Check(context.Background(), &Query{
			Script: "(declare-const b (Array (_ BitVec 4) (_ BitVec 8)))\n(assert (= b " + res.Model["a"].Text + "))",
			Values: []string{"(select b #x3)", "(select b #x4)"},
		})
		if err != nil {
			t.Fatal(err)
		}
		if check.Model["(select b #x3)"].Int.Int64() != 42 || check.Model["(select b #x4)"].Int.Int64() != 7 {
			t.Errorf("array text %s does not map 3->42, 4->7: %+v", res.Model["a"].Text, check.Model)
		}
	})
}

func TestUnknownReason(t *testing.T) {
	// A real exponent: z3's arithmetic is incomplete here and says so.
	need(t, "z3")
	res, err := Z3(nil).Check(context.Background(), &Query{
		Script:  "(declare-const x Real)\n(assert (= (^ 2.0 x) 3.0))",
		Values:  []string{"x"},
		Timeout: 5 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Unknown || res.Reason != "incomplete" || res.Model != nil {
		t.Fatalf("got %v %q model %v, want unknown because incomplete, no model", res.Status, res.Reason, res.Model)
	}
}

func TestUnknownReasonCVC5(t *testing.T) {
	// A strictly decreasing integer function: cvc5's quantifier
	// instantiation cannot conclude and says its procedure is incomplete.
	need(t, "cvc5")
	res, err := CVC5(nil).Check(context.Background(), &Query{
		Script:  "(declare-fun f (Int) Int)\n(assert (forall ((x Int)) (> (f x) (f (+ x 1)))))",
		Timeout: 20 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Unknown || res.Reason != "incomplete" {
		t.Fatalf("got %v %q, want unknown because incomplete", res.Status, res.Reason)
	}
}

func TestBoolectorFloatingPointInValues(t *testing.T) {
	need(t, "boolector")
	res, err := Boolector(nil).Check(context.Background(), &Query{
		Script: "(declare-const b (_ BitVec 32))",
		Values: []string{"((_ to_fp 8 24) b)"},
	})
	if err != nil || res.Status != Unknown || res.Reason != "unsupported: floating point" {
		t.Fatalf("got %+v, %v", res, err)
	}
}
