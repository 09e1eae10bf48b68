package bmc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// An Expectation is what VerifyAll should conclude of a program's
// assertions, written by hand with the reason for each verdict: the
// content of a NAME.expect.json file beside NAME.c (examples/c), which the
// engines' tests and benchmarks compare their reports with.
//
// Assertions are named by their labels, "a1" for the first (1-based, as
// Fact.Label and every text output print them), while Fact.IG and
// Fact.Deps hold 0-based indices into Report.Facts.
type Expectation struct {
	// K is the bound the verdicts hold at (Options.K).
	K int `json:"k"`
	// Assertions has one entry per assertion, in program order.
	Assertions []ExpectedFact `json:"assertions"`
}

// An ExpectedFact is the expected outcome of one assertion.
type ExpectedFact struct {
	Label  string  `json:"label"` // "a1", "a2", ... in order
	Pred   string  `json:"pred"`  // the asserted expression, as Assertion.Pred
	Status Verdict `json:"status"`
	// Deps labels the dependency closure of a C-VERIFIED assertion, as
	// the text output prints Fact.Deps; empty otherwise.
	Deps []string `json:"deps"`
	// Why says why the verdict is the right one.
	Why string `json:"why"`
}

// ReadExpectation reads and checks an expectation file. An error names the
// file, and the line or the assertion that is wrong: a field it does not
// know, an unknown status, labels out of order, or a dependency that is
// not an earlier assertion.
func ReadExpectation(path string) (*Expectation, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("bmc: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var e Expectation
	if err := dec.Decode(&e); err != nil {
		var serr *json.SyntaxError
		if errors.As(err, &serr) {
			return nil, fmt.Errorf("bmc: %s:%d: %w", path, 1+bytes.Count(data[:serr.Offset], []byte("\n")), err)
		}
		return nil, fmt.Errorf("bmc: %s: %w", path, err)
	}
	if e.K < 1 {
		return nil, fmt.Errorf("bmc: %s: k is %d, want a bound of at least 1", path, e.K)
	}
	for i, a := range e.Assertions {
		if want := fmt.Sprintf("a%d", i+1); a.Label != want {
			return nil, fmt.Errorf("bmc: %s: assertion %d is labelled %q, want %q", path, i+1, a.Label, want)
		}
		for _, d := range a.Deps {
			n, err := strconv.Atoi(strings.TrimPrefix(d, "a"))
			if !strings.HasPrefix(d, "a") || err != nil || n < 1 || n > i {
				return nil, fmt.Errorf("bmc: %s: %s: dependency %q is not an earlier assertion", path, a.Label, d)
			}
		}
	}
	return &e, nil
}
