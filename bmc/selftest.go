package bmc

import (
	"context"
	"fmt"
	"time"
)

// selfTestBug has a planted bug: the loop adds one element too many, and
// the assertion about the sum fails when the input is positive.
const selfTestBug = `#include <assert.h>
int main(void) {
    int a[4] = {1, 2, 3, 4};
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 100) return 0;
    int s = 0;
    for (int i = 0; i < 4; i++) s += a[i];
    assert(s + x == 10);
    return 0;
}
`

// selfTestGood is the same program with a correct assertion.
const selfTestGood = `#include <assert.h>
int main(void) {
    int a[4] = {1, 2, 3, 4};
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 100) return 0;
    int s = 0;
    for (int i = 0; i < 4; i++) s += a[i];
    assert(s + x >= 10 && s + x <= 110);
    return 0;
}
`

// A SelfTest is the outcome of SelfTest for one engine.
type SelfTest struct {
	Engine string `json:"engine"`
	// Bug is the answer on a program with a planted bug (want FALSIFIED),
	// Good on a correct one (want VERIFIED).
	Bug      Status        `json:"bug"`
	Good     Status        `json:"good"`
	Err      string        `json:"error,omitempty"`
	OK       bool          `json:"ok"`
	Duration time.Duration `json:"duration_ns"`
}

// RunSelfTest checks that c finds a planted bug (FALSIFIED) and proves a
// correct assertion (VERIFIED) at k = 5.
func RunSelfTest(ctx context.Context, c Checker, timeout time.Duration) *SelfTest {
	st := &SelfTest{Engine: c.Name()}
	start := time.Now()
	defer func() { st.Duration = time.Since(start) }()
	for _, tc := range []struct {
		src string
		out *Status
	}{{selfTestBug, &st.Bug}, {selfTestGood, &st.Good}} {
		p, err := ParseProgram("selftest.c", []byte(tc.src))
		if err != nil {
			st.Err = err.Error()
			return st
		}
		r, err := c.Check(ctx, &Query{Program: p, Target: 0, K: 5, Timeout: timeout})
		if err != nil {
			st.Err = err.Error()
			return st
		}
		*tc.out = r.Status
	}
	want := Verified
	if r, ok := c.(Refuter); ok && r.RefutesOnly() {
		want = Unknown
	}
	st.OK = st.Bug == Falsified && st.Good == want
	if !st.OK {
		st.Err = fmt.Sprintf("planted bug: %v (want FALSIFIED), correct program: %v (want %v)", st.Bug, st.Good, want)
	}
	return st
}
