// Package constcheck is a toy engine, written outside surety's module to
// show how a plug-in registers through the public API: importing it
// registers the checker "const" with bmc.Register.
//
// It decides an assertion only when its predicate is a comparison of two
// integer constants ("0 == 0", "-1 < 2") or one constant: such a predicate
// holds wherever it is reached, so a true one is VERIFIED. A false one may
// still never be reached, so it, and every other predicate, is UNKNOWN:
// the engine claims nothing it cannot show.
package constcheck

import (
	"context"
	"regexp"
	"strconv"

	"github.com/suretydev/surety/bmc"
)

// Checker is the const engine. Its zero value is ready to use, and it is
// safe for concurrent use.
type Checker struct{}

func init() { bmc.Register("const", Checker{}) }

// Name returns "const".
func (Checker) Name() string { return "const" }

var constRE = regexp.MustCompile(`^\s*\(?\s*(-?\d{1,9})\s*(?:(==|!=|<=|>=|<|>)\s*(-?\d{1,9})\s*)?\)?\s*$`)

// Check answers q. With unwinding assertions on it answers UNKNOWN: it
// cannot tell whether a loop runs past the bound.
func (Checker) Check(ctx context.Context, q *bmc.Query) (*bmc.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res := &bmc.Result{Status: bmc.Unknown, Engine: "const"}
	if q.UnwindingAssertions {
		res.Reason = "unsupported: unwinding assertions"
		return res, nil
	}
	holds, ok := Decide(q.Program.Asserts[q.Target].Pred)
	switch {
	case !ok:
		res.Reason = "unsupported: not a constant predicate"
	case holds:
		res.Status = bmc.Verified
	default:
		res.Reason = "a false constant, and reachability is not decided"
	}
	return res, nil
}

// Decide evaluates pred when it is a constant or a comparison of two
// constants; ok is false otherwise.
func Decide(pred string) (holds, ok bool) {
	m := constRE.FindStringSubmatch(pred)
	if m == nil {
		return false, false
	}
	a, _ := strconv.Atoi(m[1])
	if m[2] == "" {
		return a != 0, true
	}
	b, _ := strconv.Atoi(m[3])
	switch m[2] {
	case "==":
		return a == b, true
	case "!=":
		return a != b, true
	case "<=":
		return a <= b, true
	case ">=":
		return a >= b, true
	case "<":
		return a < b, true
	}
	return a > b, true
}
