package hoare_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/golang"
	_ "github.com/suretydev/surety/frontend/rust"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/smt"
)

func loadFunc(t testing.TB, path, name string) (*frontend.Function, []byte) {
	t.Helper()
	prog, ferrs, err := frontend.Load(context.Background(), []string{path}, nil)
	if err != nil || len(ferrs) > 0 {
		t.Fatal(err, ferrs)
	}
	for _, f := range prog.Files {
		for _, fn := range f.Functions {
			if fn.Name == name {
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				return fn, src
			}
		}
	}
	t.Fatalf("no function %s in %s", name, path)
	return nil, nil
}

// goFunc parses Go source with the syntax-only Go frontend.
func goFunc(t *testing.T, src, name string) (*frontend.Function, []byte) {
	t.Helper()
	f, err := golang.Go.Parse(context.Background(), &frontend.Source{Path: "f.go", Content: []byte(src)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range f.Functions {
		if fn.Name == name {
			return fn, []byte(src)
		}
	}
	t.Fatalf("no function %s", name)
	return nil, nil
}

func scripted(t *testing.T, name string) *llmtest.Server {
	t.Helper()
	s, err := llmtest.Load(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return llmtest.New(t, s)
}

func cond(text string) contract.Condition { return contract.Condition{Text: text} }

// TestFromKeywordFlagsEarlyReturn is FM-Agent's figure 6: the return None
// after the first-byte test is reported, with the chain of conditions.
func TestFromKeywordFlagsEarlyReturn(t *testing.T) {
	fn, src := loadFunc(t, "../examples/fromkeyword/src/token.rs", "from_keyword")
	srv := scripted(t, "fromkeyword.txtar")
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{
		Requires: []contract.Condition{cond("s is a non-empty string slice")},
		Ensures: []contract.Condition{
			cond("returns Some(token_kind) if s is a reserved keyword of C89 through C23"),
			cond("returns None for all other identifiers")},
	}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{Model: srv.Model(nil)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != hoare.Mismatch || len(r.Bugs) != 1 {
		t.Fatalf("verdict %s, %d bugs (%s)", r.Verdict, len(r.Bugs), r.Reason)
	}
	bug := r.Bugs[0]
	if bug.Exit.StartLine != 16 || !strings.Contains(bug.ExitText, "return None") {
		t.Errorf("bug at line %d %q, want the return None on line 16", bug.Exit.StartLine, bug.ExitText)
	}
	chain := strings.Join(bug.Chain, "\n")
	if !strings.Contains(chain, "first is the first byte of s") || !strings.Contains(bug.Condition, "The function return value is None") {
		t.Errorf("chain:\n%s", chain)
	}
	if !strings.Contains(bug.Counterexample, "nullptr") || bug.Trigger == "" || bug.DecidedBy != hoare.ByModel {
		t.Errorf("bug %+v", bug)
	}
	// Every exit was checked: the early return, the 40 arms (one of them
	// the wildcard), none left out.
	if len(r.Checks) < 40 {
		t.Errorf("%d exit checks", len(r.Checks))
	}
}

const sumSrc = `package p

func sum(n int) int {
	s := 0
	i := 0
	for i < n {
		s += i
		i++
	}
	return s
}
`

// TestLoopSecondPostCondition: the first post-condition has no valid
// invariant, the second has one (technique 4).
func TestLoopSecondPostCondition(t *testing.T) {
	fn, src := goFunc(t, sumSrc, "sum")
	srv := scripted(t, "loop.txtar")
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{
		Requires: []contract.Condition{cond("n >= 0")},
		Ensures:  []contract.Condition{cond("the result is the sum of the integers from 0 to n-1")},
	}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{Model: srv.Model(nil)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != hoare.Match || len(r.Loops) != 1 {
		t.Fatalf("verdict %s (%s), %d loops", r.Verdict, r.Reason, len(r.Loops))
	}
	lo := r.Loops[0]
	if len(lo.Attempts) != 2 || !lo.Found || lo.Post != "s == n*(n-1)/2" {
		t.Fatalf("loop outcome %+v", lo)
	}
	first := lo.Attempts[0]
	if len(first.Invariants) != 2 || first.Invariants[0].Valid || first.Invariants[1].Valid {
		t.Errorf("first post-condition's invariants: %+v", first.Invariants)
	}
	if first.Invariants[0].Initiation.Holds || first.Invariants[1].Maintained.Holds || !first.Invariants[1].Initiation.Holds {
		t.Errorf("the checks that failed are not the scripted ones: %+v", first.Invariants)
	}
	second := lo.Attempts[1].Invariants[0]
	if !second.Valid || second.Initiation.DecidedBy != hoare.ByModel || second.Maintained.DecidedBy != hoare.ByModel {
		t.Errorf("second invariant %+v", second)
	}
	if unused := srv.Unused(); len(unused) > 0 {
		t.Errorf("scripted steps never asked for: %v", unused)
	}
}

const incSrc = `package p

func inc(x int) int {
	return x + 1
}
`

func needZ3(t *testing.T) smt.Solver {
	for _, s := range smt.Available() {
		if s.Name() == "z3" {
			return s
		}
	}
	t.Skip("needs z3")
	return nil
}

// TestFormulaDecidedBySolver: a closed formula is decided by z3, both ways
// (technique 5).
func TestFormulaDecidedBySolver(t *testing.T) {
	z3 := needZ3(t)
	fn, src := goFunc(t, incSrc, "inc")
	for _, tc := range []struct {
		goal, formalGoal string
		holds            bool
	}{
		{"the result is greater than 3", "(> result 3)", true},
		{"the result is greater than 7", "(> result 7)", false},
	} {
		srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
			{Match: "task: block", Reply: `{"post": "x > 5 and the function returns x + 1"}`},
			{Match: "task: translate", Reply: `{"declarations": "(declare-const x Int) (declare-const result Int)",
				"premise": "(and (> x 5) (= result (+ x 1)))", "goal": "` + tc.formalGoal + `", "uninterpreted": []}`},
		}})
		in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{
			Requires: []contract.Condition{cond("x > 5")}, Ensures: []contract.Condition{cond(tc.goal)}}}
		r, err := hoare.Reason(context.Background(), in, &hoare.Options{Model: srv.Model(nil), Solver: z3})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Checks) != 1 {
			t.Fatalf("%d checks (%s %s)", len(r.Checks), r.Verdict, r.Reason)
		}
		c := r.Checks[0]
		if c.DecidedBy != hoare.BySolver || c.Holds != tc.holds || c.Formula == "" {
			t.Errorf("%s: check %+v", tc.goal, c)
		}
		if !tc.holds && (len(r.Bugs) != 1 || !strings.Contains(r.Bugs[0].Counterexample, "x = ") || r.Bugs[0].DecidedBy != hoare.BySolver) {
			t.Errorf("%s: bugs %+v", tc.goal, r.Bugs)
		}
	}
}

// TestUninterpretedStaysInSentences: a translation that needs an undefined
// function is not given to the solver; the model decides, and the check
// says why.
func TestUninterpretedStaysInSentences(t *testing.T) {
	z3 := needZ3(t)
	fn, src := goFunc(t, incSrc, "inc")
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Match: "task: block", Reply: `{"post": "x is a keyword code and the function returns x + 1"}`},
		{Match: "task: translate", Reply: `{"declarations": "(declare-const x Int) (declare-const result Int) (declare-fun is_keyword (Int) Bool)",
			"premise": "(and (is_keyword x) (= result (+ x 1)))", "goal": "(is_keyword (- result 1))"}`},
		{Match: "task: implies", Reply: `{"holds": true, "explanation": "result - 1 is x, a keyword code"}`},
	}})
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{
		Requires: []contract.Condition{cond("x is a keyword code")},
		Ensures:  []contract.Condition{cond("the result minus one is a keyword code")}}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{Model: srv.Model(nil), Solver: z3})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Checks[0]
	if c.DecidedBy != hoare.ByModel || !c.Holds || !strings.Contains(c.WhySentences, "is_keyword") {
		t.Errorf("check %+v", c)
	}
	if r.Verdict != hoare.Match {
		t.Errorf("verdict %s", r.Verdict)
	}
}

func TestSkipsWithoutBodyOrContract(t *testing.T) {
	fn, src := goFunc(t, incSrc, "inc")
	srv := llmtest.New(t, &llmtest.Script{})
	r, err := hoare.Reason(context.Background(), &hoare.Input{Func: fn, Source: src}, &hoare.Options{Model: srv.Model(nil)})
	if err != nil || r.Verdict != hoare.Skipped || len(srv.Requests()) != 0 {
		t.Errorf("verdict %v err %v requests %d", r.Verdict, err, len(srv.Requests()))
	}
}

func TestModelFailureIsError(t *testing.T) {
	fn, src := goFunc(t, incSrc, "inc")
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: "not json", Repeat: -1}}})
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{Ensures: []contract.Condition{cond("result > x")}}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{Model: srv.Model(nil)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != hoare.Error || !strings.Contains(r.Reason, "no valid reply") {
		t.Errorf("verdict %s reason %q", r.Verdict, r.Reason)
	}
}
