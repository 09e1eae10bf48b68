package smttest

import (
	"math/big"
	"strings"
	"testing"

	"github.com/suretydev/surety/smt"
)

func TestCases(t *testing.T) {
	seen := map[string]bool{}
	logics := map[string]int{}
	for _, c := range Cases() {
		if seen[c.Name] {
			t.Errorf("two cases named %s", c.Name)
		}
		seen[c.Name] = true
		logics[c.Logic]++
		if c.Want != smt.Sat && c.Want != smt.Unsat {
			t.Errorf("%s: Want %v", c.Name, c.Want)
		}
		if (c.Want == smt.Sat) != (c.Holds != nil) || c.Solutions > 0 && c.Want != smt.Sat {
			t.Errorf("%s: Want %v, Holds set %v, Solutions %d", c.Name, c.Want, c.Holds != nil, c.Solutions)
		}
		if c.Why == "" {
			t.Errorf("%s: no Why", c.Name)
		}
	}
	for _, l := range Logics {
		if logics[l] < 3 {
			t.Errorf("%d cases of %s, want at least 3", logics[l], l)
		}
	}
	// The hard instance's factors are its only ones.
	if new(big.Int).Mul(hard.p, hard.q).Cmp(hard.n) != 0 || !hard.p.ProbablyPrime(20) || !hard.q.ProbablyPrime(20) {
		t.Errorf("hard instance %v = %v * %v", hard.n, hard.p, hard.q)
	}
}

func bv(n int64, w int) smt.Value {
	return smt.Value{Int: big.NewInt(n), Width: w, Text: "#x..", Sort: "(_ BitVec 8)"}
}

// TestJudge: answers the kit must call wrong.
func TestJudge(t *testing.T) {
	byName := map[string]*Case{}
	for _, c := range Cases() {
		byName[c.Name] = c
	}
	for _, tc := range []struct {
		c    string
		r    smt.Result
		want string // a word of the complaint; "" for none
	}{
		{"bv/mul3_eq7", smt.Result{Status: smt.Sat, Model: map[string]smt.Value{"x": bv(173, 8)}}, ""},
		{"bv/mul3_eq7", smt.Result{Status: smt.Sat, Model: map[string]smt.Value{"x": bv(3, 8)}}, "does not satisfy"},
		{"bv/mul3_eq7", smt.Result{Status: smt.Sat, Model: map[string]smt.Value{"x": bv(173, 16)}}, "width 16"},
		{"bv/mul3_eq7", smt.Result{Status: smt.Sat, Model: map[string]smt.Value{}}, "no value of x"},
		{"bv/mul3_eq7", smt.Result{Status: smt.Unsat}, "unsat of a script that is sat"},
		{"bv/mul2_eq7", smt.Result{Status: smt.Sat}, "sat, with model"},
		{"bv/udiv_zero/not", smt.Result{Status: smt.Unsat}, ""},
		{"lia/divmod", smt.Result{Status: smt.Sat, Model: map[string]smt.Value{"x": {Int: big.NewInt(-8)}}}, "want -7"},
		{"abv/swap", smt.Result{Status: smt.Unknown}, ""},
	} {
		got := judge(byName[tc.c], &tc.r)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("judge(%s, %v) = %q, want %q", tc.c, tc.r.Status, got, tc.want)
		}
	}
	if w := judgeHard(&smt.Result{Status: smt.Unsat}); !strings.Contains(w, "WRONG") {
		t.Errorf("judgeHard(unsat) = %q", w)
	}
	ok := &smt.Result{Status: smt.Sat, Model: map[string]smt.Value{"x": {Int: hard.q, Width: 128}, "y": {Int: hard.p, Width: 128}}}
	if w := judgeHard(ok); w != "" {
		t.Errorf("judgeHard(the factors) = %q", w)
	}
}
