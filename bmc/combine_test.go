package bmc

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/suretydev/surety/internal/proc"
)

// combineProg fails its first assertion when x is 7 and its second when x
// is 9; a run of it is the truth every counterexample below is held to.
const combineProg = `#include <assert.h>
int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x != 7);
    assert(x != 9);
    return 0;
}
`

// An answerKind is one way an engine can answer the query for the first
// assertion of combineProg.
type answerKind int

const (
	kProof           answerKind = iota // VERIFIED, complete unwinding
	kInduction                         // VERIFIED by induction
	kBounded                           // VERIFIED within k only
	kSelfReplayed                      // FALSIFIED, the engine ran it itself
	kReplays                           // FALSIFIED, its input fails the target under gcc
	kNotReplayed                       // FALSIFIED, its input fails nothing
	kOtherAssertion                    // FALSIFIED, its input fails the other assertion
	kUnwoundReplayed                   // a loop runs past K, confirmed by a run
	kUnwound                           // a loop runs past K, not confirmed
	kUnknown                           // UNKNOWN
	kRefused                           // UNKNOWN: a construct the engine does not read
	kTimeout                           // UNKNOWN: out of time
	kError                             // the engine failed
	nKinds
)

var kindNames = [...]string{"proof", "induction", "bounded", "self-replayed", "replays", "not-replayed", "other-assertion",
	"unwound-replayed", "unwound", "unknown", "refused", "timeout", "error"}

func (k answerKind) String() string { return kindNames[k] }

func (k answerKind) violation() bool { return k == kSelfReplayed || k == kReplays }
func (k answerKind) proof() bool     { return k == kProof || k == kInduction }
func (k answerKind) unwound() bool   { return k == kUnwound || k == kUnwoundReplayed }
func (k answerKind) verified() bool  { return k.proof() || k == kBounded }

func nondet(v string) *Counterexample {
	return &Counterexample{Inputs: []Input{{Name: "__VERIFIER_nondet_int#1", Value: v}}}
}

func (k answerKind) result(engine string) (*Result, error) {
	r := &Result{Engine: engine}
	switch k {
	case kProof:
		r.Status, r.BoundComplete = Verified, true
	case kInduction:
		r.Status, r.BoundComplete, r.Induction = Verified, true, 2
	case kBounded:
		r.Status = Verified
	case kSelfReplayed:
		r.Status, r.Replayed, r.Counterexample = Falsified, true, nondet("7")
	case kReplays:
		r.Status, r.Counterexample = Falsified, nondet("7")
	case kNotReplayed:
		r.Status, r.Counterexample = Falsified, nondet("0")
	case kOtherAssertion:
		r.Status, r.Counterexample = Falsified, nondet("9")
	case kUnwoundReplayed:
		r.Status, r.Unwound, r.Replayed, r.Reason = Falsified, true, true, "a loop runs past k, replayed"
	case kUnwound:
		r.Status, r.Unwound, r.Reason = Falsified, true, "a loop runs past k"
	case kUnknown:
		r.Reason = "no answer"
	case kRefused:
		r.Reason = "unsupported: a construct"
	case kTimeout:
		r.Reason = "timeout"
	case kError:
		return nil, errors.New("engine crashed")
	}
	return r, nil
}

// kindChecker answers with a fixed kind, after the replay the portfolio
// would make of it (done once per kind and query by the test: each is a
// real gcc run).
type kindChecker struct {
	name      string
	confirmed map[bool]*Result // by Query.UnwindingAssertions
	err       error
}

func (c *kindChecker) Name() string { return c.name }
func (c *kindChecker) Check(ctx context.Context, q *Query) (*Result, error) {
	if c.err != nil {
		return nil, c.err
	}
	r := *c.confirmed[q.UnwindingAssertions]
	return &r, nil
}

// The portfolio's answer is implied by its engines' answers: for every
// combination of up to three engines' answers (in every order for two),
// in a plain query and in one with unwinding assertions, the answer obeys
// the rule of evidence, checked here from the answers' meaning rather
// than from Combine's code. Counterexamples are replayed for real.
func TestPortfolioRuleOfEvidence(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc to replay counterexamples")
	}
	p, err := ParseProgram("combine.c", []byte(combineProg))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Each kind's answer after the replay the portfolio makes: the same
	// confirm it runs on every member's answer.
	confirmed := map[answerKind]map[bool]*Result{}
	for k := answerKind(0); k < nKinds; k++ {
		confirmed[k] = map[bool]*Result{}
		for _, unwinding := range []bool{false, true} {
			r, err := k.result(k.String())
			if err != nil {
				continue
			}
			q := &Query{Program: p, Target: 0, K: 5, UnwindingAssertions: unwinding}
			if r, err = confirm(ctx, q, r, nil); err != nil {
				t.Fatal(err)
			}
			confirmed[k][unwinding] = r
		}
	}
	if r := confirmed[kReplays][false]; r.Status != Falsified || !r.Replayed {
		t.Fatalf("x=7 did not replay as a failure of the first assertion: %+v", r)
	}
	for _, k := range []answerKind{kNotReplayed, kOtherAssertion} {
		if r := confirmed[k][true]; r.Status != Unknown {
			t.Fatalf("%s replayed as a failure of the target: %+v", k, r)
		}
	}

	var combos [][]answerKind
	for a := answerKind(0); a < nKinds; a++ {
		combos = append(combos, []answerKind{a})
		for b := answerKind(0); b < nKinds; b++ {
			combos = append(combos, []answerKind{a, b})
			for c := b; c < nKinds && !testing.Short(); c++ {
				if b >= a {
					combos = append(combos, []answerKind{a, b, c})
				}
			}
		}
	}
	for _, combo := range combos {
		for _, unwinding := range []bool{false, true} {
			var cs []Checker
			for i, k := range combo {
				kc := &kindChecker{name: fmt.Sprintf("%s%d", k, i), confirmed: confirmed[k]}
				if k == kError {
					kc.err = errors.New("engine crashed")
				}
				cs = append(cs, kc)
			}
			q := &Query{Program: p, Target: 0, K: 5, UnwindingAssertions: unwinding}
			r, err := (&Portfolio{Checkers: cs}).Check(ctx, q)
			name := fmt.Sprintf("%v unwinding=%t", combo, unwinding)
			if msg := ruleOfEvidence(combo, r, err); msg != "" {
				t.Errorf("%s: %s (got %+v, %v)", name, msg, r, err)
			}
			// The answer does not depend on the engines' order.
			rev := slices.Clone(cs)
			slices.Reverse(rev)
			r2, err2 := (&Portfolio{Checkers: rev}).Check(ctx, q)
			if (err == nil) != (err2 == nil) || err == nil && (r.Status != r2.Status || r.BoundComplete != r2.BoundComplete ||
				r.Unwound != r2.Unwound || r.Replayed != r2.Replayed || len(r.WrongClaims) != len(r2.WrongClaims) || r.Status != Unknown && r.Engine != r2.Engine) {
				t.Errorf("%s: order changed the answer: %+v / %+v", name, r, r2)
			}
		}
	}
}

// ruleOfEvidence says what is wrong with answer r to a combination of
// engine answers, "" when nothing is.
func ruleOfEvidence(combo []answerKind, r *Result, err error) string {
	has := func(f func(answerKind) bool) bool { return slices.ContainsFunc(combo, f) }
	count := func(f func(answerKind) bool) (n int) {
		for _, k := range combo {
			if f(k) {
				n++
			}
		}
		return n
	}
	if !has(func(k answerKind) bool { return k != kError }) {
		if err == nil {
			return "every engine failed, want an error"
		}
		return ""
	}
	if err != nil {
		return "an engine answered, want no error"
	}
	violation := has(answerKind.violation)
	switch {
	case violation && (r.Status != Falsified || !r.Replayed || r.Unwound):
		return "a run fails the target: want FALSIFIED, replayed, not unwound"
	case violation && len(r.WrongClaims) != count(answerKind.proof):
		return "every proof a run refutes must be a wrong claim"
	case violation:
		return ""
	case r.Status == Falsified && !r.Unwound:
		return "FALSIFIED without a run that fails the target"
	case r.Status == Falsified && !has(answerKind.unwound):
		return "an unwinding counterexample no engine gave"
	case r.Status == Falsified && r.Replayed && !has(func(k answerKind) bool { return k == kUnwoundReplayed }):
		return "a replayed unwinding counterexample no engine gave"
	case r.Status == Verified && !has(answerKind.verified):
		return "VERIFIED that no engine gave"
	case r.Status == Verified && r.BoundComplete && !has(answerKind.proof):
		return "a proof for every execution that no engine gave"
	case r.Status == Verified && r.BoundComplete && !has(func(k answerKind) bool { return k == kInduction }) && has(answerKind.unwound):
		return "a complete unwinding stands against a run past the bound"
	case r.Status == Verified && r.Induction > 0 && !has(func(k answerKind) bool { return k == kInduction }):
		return "an induction no engine gave"
	case r.Status == Unknown && has(func(k answerKind) bool { return k == kInduction }):
		return "an induction's proof lost"
	case r.Status == Unknown && has(answerKind.proof) && !has(answerKind.unwound):
		return "a proof lost"
	case r.Status == Unknown && has(answerKind.unwound) && !has(answerKind.proof):
		return "an unwinding counterexample lost"
	case r.Status == Unknown && has(func(k answerKind) bool { return k == kBounded }) && !has(answerKind.unwound) && !has(answerKind.proof):
		return "a bounded VERIFIED lost"
	case r.Status == Unknown && r.Disagreement == nil && has(answerKind.proof) && has(answerKind.unwound):
		return "an UNKNOWN from contested answers must name the disagreement"
	case r.Status != Unknown && !has(func(k answerKind) bool { return k.verified() || k.unwound() }):
		return "a definitive answer from no evidence"
	}
	return ""
}
