package smt

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"time"
)

// Status is a solver's answer to a query.
type Status int

// The answers. The zero value is Unknown, so a Result that was never filled
// in claims nothing.
const (
	Unknown Status = iota
	Sat
	Unsat
)

// String returns "sat", "unsat" or "unknown".
func (s Status) String() string {
	switch s {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// MarshalText encodes s as its String.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes "sat", "unsat" or "unknown".
func (s *Status) UnmarshalText(b []byte) error {
	switch string(b) {
	case "sat":
		*s = Sat
	case "unsat":
		*s = Unsat
	case "unknown":
		*s = Unknown
	default:
		return fmt.Errorf("smt: unknown status %q", b)
	}
	return nil
}

// Definitive reports whether s is sat or unsat.
func (s Status) Definitive() bool { return s == Sat || s == Unsat }

// A Query is one satisfiability question.
type Query struct {
	// Script holds SMT-LIB 2 commands: declarations and assertions, without
	// (check-sat). It may set the logic; otherwise each solver picks one.
	Script string
	// Values are terms whose values to report when the answer is sat
	// (get-value). The model is keyed by these strings exactly as given.
	Values []string
	// Timeout limits the solver; 0 means no limit beyond ctx. When it
	// expires the answer is Unknown with Reason "timeout".
	Timeout time.Duration
}

// A Result is a solver's answer. It marshals to stable JSON.
type Result struct {
	Status Status `json:"status"`
	// Reason says why the answer is unknown ("timeout", "incomplete", the
	// solver's own words, or "unsupported: ..."); empty otherwise.
	Reason string `json:"reason,omitempty"`
	// Model maps each of Query.Values to its value when Status is Sat.
	Model    map[string]Value `json:"model,omitempty"`
	Solver   string           `json:"solver"`
	Duration time.Duration    `json:"duration"`
}

// A Value is the value of one term in a model.
type Value struct {
	// Sort is the term's SMT-LIB sort, such as "Bool", "Int",
	// "(_ BitVec 32)", "(_ FloatingPoint 8 24)" or an array sort; "" when
	// neither the declarations nor the value tell it.
	Sort string
	// Text is the value as the solver printed it (SMT-LIB syntax).
	Text string
	// Int is set for integers and bit-vectors (bit-vectors unsigned).
	Int *big.Int
	// Bool is set for booleans.
	Bool *bool
	// Float is set for floating-point values exactly representable as a
	// float64 (NaN and infinities included).
	Float *float64
	// Width is the width of a bit-vector, 0 otherwise.
	Width int
}

// Signed returns a bit-vector value read as two's complement; for other
// values it returns Int unchanged (nil if unset).
func (v Value) Signed() *big.Int {
	if v.Int == nil || v.Width == 0 || v.Int.Bit(v.Width-1) == 0 {
		return v.Int
	}
	x := new(big.Int).Lsh(big.NewInt(1), uint(v.Width))
	return x.Sub(v.Int, x)
}

type valueJSON struct {
	Sort  string   `json:"sort,omitempty"`
	Text  string   `json:"text"`
	Int   *big.Int `json:"int,omitempty"`
	Bool  *bool    `json:"bool,omitempty"`
	Float any      `json:"float,omitempty"`
	Width int      `json:"width,omitempty"`
}

// MarshalJSON writes NaN and the infinities, which JSON numbers cannot
// hold, as the strings "NaN", "+Inf" and "-Inf".
func (v Value) MarshalJSON() ([]byte, error) {
	j := valueJSON{Sort: v.Sort, Text: v.Text, Int: v.Int, Bool: v.Bool, Width: v.Width}
	if v.Float != nil {
		f := *v.Float
		switch {
		case math.IsNaN(f):
			j.Float = "NaN"
		case math.IsInf(f, 1):
			j.Float = "+Inf"
		case math.IsInf(f, -1):
			j.Float = "-Inf"
		default:
			j.Float = f
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (v *Value) UnmarshalJSON(b []byte) error {
	var j struct {
		valueJSON
		Float json.RawMessage `json:"float,omitempty"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*v = Value{Sort: j.Sort, Text: j.Text, Int: j.Int, Bool: j.Bool, Width: j.Width}
	if len(j.Float) > 0 {
		var f float64
		var s string
		if err := json.Unmarshal(j.Float, &s); err == nil {
			switch s {
			case "NaN":
				f = math.NaN()
			case "+Inf":
				f = math.Inf(1)
			case "-Inf":
				f = math.Inf(-1)
			default:
				x, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return fmt.Errorf("smt: bad float %q", s)
				}
				f = x
			}
		} else if err := json.Unmarshal(j.Float, &f); err != nil {
			return err
		}
		v.Float = &f
	}
	return nil
}
