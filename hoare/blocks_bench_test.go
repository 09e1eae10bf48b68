package hoare_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/llm/llmtest"
)

// universalReply satisfies every reply schema of the pass (post,
// invariant, judge): the benchmark counts requests, not answers.
const universalReply = `{"post": "the state is as the code leaves it", "invariant": "the loop's variables stay in range", "holds": true, "explanation": "scripted"}`

type benchFunc struct {
	fn  *frontend.Function
	src []byte
}

func exampleFuncs(b *testing.B) []benchFunc {
	b.Helper()
	paths, _ := filepath.Glob("../examples/c/*.c")
	rs, _ := filepath.Glob("../examples/fromkeyword/src/*.rs")
	paths = append(paths, rs...)
	prog, _, err := frontend.Load(context.Background(), paths, &frontend.LoadOptions{Mode: frontend.NeedBodies})
	if err != nil {
		b.Fatal(err)
	}
	var out []benchFunc
	for _, f := range prog.Files {
		src, err := os.ReadFile(f.Path)
		if err != nil {
			b.Fatal(err)
		}
		for _, fn := range f.Functions {
			if fn.Definition && fn.Body != nil {
				out = append(out, benchFunc{fn, src})
			}
		}
	}
	if len(out) == 0 {
		b.Fatal("no example functions")
	}
	return out
}

// BenchmarkBlockLines measures the model requests per function of the
// Hoare pass over the C and Rust examples, for blocks of 1, 10 and 40
// lines (metric calls/func), with a scripted model over HTTP and every
// check in natural language.
func BenchmarkBlockLines(b *testing.B) {
	funcs := exampleFuncs(b)
	ct := contract.Contract{
		Requires: []contract.Condition{{Text: "the arguments are valid"}},
		Ensures:  []contract.Condition{{Text: "the result is what the function's name promises"}},
	}
	for _, lines := range []int{1, 10, 40} {
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			srv := llmtest.New(b, &llmtest.Script{Steps: []llmtest.Step{{Reply: universalReply, Repeat: -1}}})
			opts := &hoare.Options{Model: srv.Model(nil), BlockLines: lines}
			requests, reasoned := 0, 0
			for b.Loop() {
				requests, reasoned = 0, 0
				for _, f := range funcs {
					r, err := hoare.Reason(context.Background(), &hoare.Input{Func: f.fn, Source: f.src, Contract: ct}, opts)
					if err != nil {
						b.Fatal(err)
					}
					if r.Verdict == hoare.Error {
						b.Fatalf("%s: %s", r.Name, r.Reason)
					}
					requests += r.Requests
					reasoned++
				}
			}
			b.ReportMetric(float64(requests)/float64(reasoned), "calls/func")
			b.ReportMetric(float64(reasoned), "funcs")
			stmts := 0
			for _, f := range funcs {
				stmts += countStmts(f.fn.Body.Body)
			}
			b.ReportMetric(float64(stmts)/float64(len(funcs)), "stmts/func")
		})
	}
}

// countStmts counts the statements of a tree, compound ones included.
func countStmts(ss []*frontend.Stmt) int {
	n := 0
	for _, s := range ss {
		n += 1 + countStmts(s.Body) + countStmts(s.Else)
	}
	return n
}
