package fmagent_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/suretydev/surety/fmagent"

	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
)

// ExampleGraph lays out the call graph of the from_keyword example crate:
// its functions, the calls between them, and the layers of top-down work.
func ExampleGraph() {
	res, err := fmagent.Graph(context.Background(), []string{"../examples/fromkeyword/src"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := res.Summary.Report
	fmt.Println("functions:", r.Functions, "layers:", r.Layers, "largest SCC:", r.LargestSCC)
	// Output:
	// functions: 6 layers: 4 largest SCC: 1
}

// ExampleContracts derives the contracts of the from_keyword example crate
// top-down over its call graph, with a scripted model standing in for a
// real one; a rerun reuses the records.
func ExampleContracts() {
	script, _ := llmtest.Load("testdata/review.txtar")
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)

	opts := &fmagent.ContractsOptions{
		Model: srv.Model(nil), // llm.OpenAI(&llm.OpenAIOptions{...}) for a real model
		Out:   filepath.Join(dir, "contracts"),
	}
	for range 2 {
		res, err := fmagent.Contracts(context.Background(), []string{"../examples/fromkeyword/src"}, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d functions: %d asked, %d reused\n", res.Functions, res.Asked, res.Reused)
	}
	// Output:
	// 6 functions: 6 asked, 0 reused
	// 6 functions: 0 asked, 6 reused
}

// ExampleReason reasons about each function of the from_keyword example
// against the contracts Contracts wrote, and writes the reports for
// Confirm.
func ExampleReason() {
	script, _ := llmtest.Load("testdata/review.txtar")
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	paths := []string{"../examples/fromkeyword/src"}

	contracts := filepath.Join(dir, "contracts")
	if _, err := fmagent.Contracts(ctx, paths, &fmagent.ContractsOptions{Model: srv.Model(nil), Out: contracts}); err != nil {
		fmt.Println(err)
		return
	}
	res, err := fmagent.Reason(ctx, paths, &fmagent.ReasonOptions{
		Model:     srv.Model(nil),
		Contracts: contracts,
		Out:       filepath.Join(dir, "reason.json"), // what Confirm reads
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range res.Reports {
		fmt.Println(r.Verdict, r.Name)
	}
	// Output:
	// MATCH lexer::Lexer::lex_identifier
	// MATCH lexer::Lexer::lex_number
	// MATCH lexer::Token::describe
	// MATCH lexer::tokenize
	// MATCH main
	// MISMATCH token::TokenKind::from_keyword
}

// ExampleConfirm confirms the potential bug Reason found in the from_keyword
// example by a test from the system's entry point: the scripted test
// writer's program uses nullptr, and the stand-in system under test
// crashes on it. A second run resumes from the reports Confirm wrote.
func ExampleConfirm() {
	reviewScript, _ := llmtest.Load("testdata/review.txtar")
	reviewer, _ := llmtest.Start(reviewScript)
	defer reviewer.Close()
	writerScript, _ := llmtest.Load("../validate/testdata/fromkeyword.txtar")
	writer, _ := llmtest.Start(writerScript)
	defer writer.Close()
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	paths := []string{"../examples/fromkeyword/src"}

	contracts, reasons := filepath.Join(dir, "contracts"), filepath.Join(dir, "reason.json")
	if _, err := fmagent.Contracts(ctx, paths, &fmagent.ContractsOptions{Model: reviewer.Model(nil), Out: contracts}); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := fmagent.Reason(ctx, paths, &fmagent.ReasonOptions{Model: reviewer.Model(nil), Contracts: contracts, Out: reasons}); err != nil {
		fmt.Println(err)
		return
	}
	opts := &fmagent.ConfirmOptions{
		Model: writer.Model(nil),
		System: validate.TargetSystem{
			Entry: "a C program for the compiler under test",
			// The system under test: a compiler stand-in that crashes on
			// nullptr, as a real one would on its bug.
			Build: "grep -q nullptr {test} && kill -SEGV $$; true",
		},
		Attempts: 1,
		// Without namespaces for the tests, as on machines that have none.
		Runner: sandbox.New(&sandbox.Options{AllowNetwork: true, AllowWrites: true}),
		From:   reasons,
		Out:    filepath.Join(dir, "bugs"),
	}
	for range 2 {
		res, err := fmagent.Confirm(ctx, paths, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, b := range res.Bugs {
			c := b.Confirmation
			fmt.Println(b.Suspect.Function, c.Status, "by the", c.Trigger.Verdict.Oracle, "oracle; from an earlier run:", b.Earlier)
		}
	}
	// Output:
	// token::TokenKind::from_keyword confirmed by the crash oracle; from an earlier run: false
	// token::TokenKind::from_keyword confirmed by the crash oracle; from an earlier run: true
}

// ExampleUpdate plans what a change touches after a Review: one function
// of the from_keyword example was edited, so its contract and its
// reasoning are redone; PlanOnly asks nothing.
func ExampleUpdate() {
	script, _ := llmtest.Load("testdata/review.txtar")
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	src, state := filepath.Join(dir, "src"), filepath.Join(dir, "state")
	os.CopyFS(src, os.DirFS("../examples/fromkeyword/src"))
	if _, err := fmagent.Review(ctx, []string{src}, &fmagent.ReviewOptions{Model: srv.Model(nil), State: fmagent.State(state)}); err != nil {
		fmt.Println(err)
		return
	}

	lexer := filepath.Join(src, "lexer.rs")
	data, _ := os.ReadFile(lexer)
	os.WriteFile(lexer, bytes.Replace(data, []byte("if c.is_ascii_whitespace() {"), []byte("if c == b' ' || c == b'\\n' {"), 1), 0o644)
	res, err := fmagent.Update(ctx, []string{src}, &fmagent.UpdateOptions{State: fmagent.State(state), PlanOnly: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("modified:", res.Plan.Modified)
	for _, it := range res.Plan.Recheck {
		fmt.Println("re-check:", it.Key)
	}
	// Output:
	// modified: [src/lexer.rs:lexer::tokenize]
	// re-check: src/lexer.rs:lexer::tokenize
}
