package hoare_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/golang"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/llm/llmtest"
)

// Drive the pass one block at a time: a ModelStepper (here with a scripted
// model) writes the post-condition of the first two statements of a body,
// from a pre-condition the caller chooses.
func ExampleModelStepper_Block() {
	src := []byte("package p\n\nfunc clamp(x int) int {\n\ty := x\n\tif y < 0 {\n\t\ty = 0\n\t}\n\treturn y\n}\n")
	f, err := golang.Go.Parse(context.Background(), &frontend.Source{Path: "clamp.go", Content: src}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fn := f.Functions[0]
	srv, err := llmtest.Start(llmtest.Steps(`{"post": "y == x and x is any int"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	st := &hoare.ModelStepper{Model: srv.Model(nil)}
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{
		Ensures: []contract.Condition{{Text: "the result is not negative"}}}}
	step := &hoare.BlockStep{In: in, Stmts: fn.Body.Body[:1], Pre: "x is any int"}
	post, err := st.Block(context.Background(), step)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("lines %d-%d: {%s} -> {%s} (%d request)\n", step.Span().StartLine, step.Span().EndLine, step.Pre, post.Text, post.Requests)
	// Output: lines 4-4: {x is any int} -> {y == x and x is any int} (1 request)
}

// symbolic is a researcher's own block step (a stand-in for, say, a
// symbolic executor); the other steps stay the model's.
type symbolic struct{ *hoare.ModelStepper }

func (symbolic) Block(_ context.Context, s *hoare.BlockStep) (*hoare.Proposal, error) {
	return &hoare.Proposal{Text: "the function returns x + 1, and " + s.Pre}, nil
}

// Replace one step of the pass: embed *ModelStepper and define the method.
// Reason walks the body and asks the replacement for every block.
func ExampleStepper() {
	src := []byte("package p\n\nfunc inc(x int) int {\n\treturn x + 1\n}\n")
	f, err := golang.Go.Parse(context.Background(), &frontend.Source{Path: "inc.go", Content: src}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	srv, err := llmtest.Start(llmtest.Steps(`{"holds": true, "explanation": "x > 5, so x + 1 > 6"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	in := &hoare.Input{Func: f.Functions[0], Source: src, Contract: contract.Contract{
		Requires: []contract.Condition{{Text: "x > 5"}},
		Ensures:  []contract.Condition{{Text: "the result is greater than 6"}}}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{
		Stepper: symbolic{&hoare.ModelStepper{Model: srv.Model(nil)}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Verdict, r.Checks[0].What, r.Checks[0].DecidedBy)
	// Output: MATCH exit at line 4: return x + 1 model
}
