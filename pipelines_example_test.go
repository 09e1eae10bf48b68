package surety_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/cospec"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
)

// ExampleGraph lays out the call graph of the from_keyword example crate:
// its functions, the calls between them, and the layers of top-down work.
func ExampleGraph() {
	res, err := surety.Graph(context.Background(), []string{"examples/fromkeyword/src"}, nil)
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
	dir, cleanup := tempDir()
	defer cleanup()

	opts := &surety.ContractsOptions{
		Model: srv.Model(nil), // llm.OpenAI(&llm.OpenAIOptions{...}) for a real model
		Out:   filepath.Join(dir, "contracts"),
	}
	for range 2 {
		res, err := surety.Contracts(context.Background(), []string{"examples/fromkeyword/src"}, opts)
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
	dir, cleanup := tempDir()
	defer cleanup()
	ctx := context.Background()
	paths := []string{"examples/fromkeyword/src"}

	contracts := filepath.Join(dir, "contracts")
	if _, err := surety.Contracts(ctx, paths, &surety.ContractsOptions{Model: srv.Model(nil), Out: contracts}); err != nil {
		fmt.Println(err)
		return
	}
	res, err := surety.Reason(ctx, paths, &surety.ReasonOptions{
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

// ExampleSafety checks a C program for undefined behaviour at every
// operation; the unguarded division is FALSIFIED with an input that
// replays it.
func ExampleSafety() {
	dir, cleanup := tempDir()
	defer cleanup()
	file := filepath.Join(dir, "div.c")
	os.WriteFile(file, []byte(`#include <stdio.h>
int main(void) {
    int d;
    if (scanf("%d", &d) != 1) return 1;
    printf("%d\n", 100 / d);
    return 0;
}
`), 0o644)
	rep, err := surety.Safety(context.Background(), file, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Claims {
		fmt.Println(c.Line, c.Property, c.Status, c.Expr)
	}
	// Output:
	// 5 division-by-zero FALSIFIED 100 / d
	// 5 signed-overflow VERIFIED 100 / d
}

// ExampleComplete asks whether the contracts of a Dafny file determine
// their results: Abs's does; WeakAbs's accepts two results for x = 0.
// (It runs Dafny.)
func ExampleComplete() {
	rep, err := surety.Complete(context.Background(), "complete/testdata/abs.dfy", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rep.Results {
		fmt.Println(r.Name, r.Verdict)
	}
	fmt.Println("incomplete:", rep.Under())
	// Output:
	// Abs OK
	// WeakAbs UNDER
	// incomplete: true
}

// ExampleConfirm confirms the potential bug Reason found in the from_keyword
// example by a test from the system's entry point: the scripted test
// writer's program uses nullptr, and the stand-in system under test
// crashes on it. A second run resumes from the reports Confirm wrote.
func ExampleConfirm() {
	reviewScript, _ := llmtest.Load("testdata/review.txtar")
	reviewer, _ := llmtest.Start(reviewScript)
	defer reviewer.Close()
	writerScript, _ := llmtest.Load("validate/testdata/fromkeyword.txtar")
	writer, _ := llmtest.Start(writerScript)
	defer writer.Close()
	dir, cleanup := tempDir()
	defer cleanup()
	ctx := context.Background()
	paths := []string{"examples/fromkeyword/src"}

	contracts, reasons := filepath.Join(dir, "contracts"), filepath.Join(dir, "reason.json")
	if _, err := surety.Contracts(ctx, paths, &surety.ContractsOptions{Model: reviewer.Model(nil), Out: contracts}); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := surety.Reason(ctx, paths, &surety.ReasonOptions{Model: reviewer.Model(nil), Contracts: contracts, Out: reasons}); err != nil {
		fmt.Println(err)
		return
	}
	opts := &surety.ConfirmOptions{
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
		res, err := surety.Confirm(ctx, paths, opts)
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

// ExampleSynth writes a C program from a task description with verified
// facts, VIVERRA's way, with a scripted model standing in for a real one
// and the native engine checking the assertions.
func ExampleSynth() {
	script, _ := llmtest.Load("cmd/surety/testdata/synth/model/shift_letter.txtar")
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	dir, cleanup := tempDir()
	defer cleanup()
	ctx := context.Background()

	checker, err := surety.Engines(ctx, &surety.EngineOptions{Names: []string{"native"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := surety.Synth(ctx, `Read a single line of text from stdin (up to 1024 characters) and print the result of shifting every alphabetic character one step forward in the alphabet, wrapping z → a and Z → A. Non-alphabetic characters are unchanged. If the input exceeds 1024 characters, print "Input too long" and exit with a nonzero code.`,
		&surety.SynthOptions{Cospec: cospec.Options{Model: srv.Model(nil), Checker: checker}, Out: dir, Name: "shift"})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := res.Report.Summary
	fmt.Printf("%d properties; %d assertions: %d verified, %d falsified\n", len(res.Properties), s.Assertions, s.Verified, s.Falsified)
	_, err = os.Stat(filepath.Join(dir, "shift.c"))
	fmt.Println("wrote shift.c:", err == nil)
	// Output:
	// 4 properties; 7 assertions: 6 verified, 1 falsified
	// wrote shift.c: true
}

// ExampleUpdate plans what a change touches after a Review: one function
// of the from_keyword example was edited, so its contract and its
// reasoning are redone; PlanOnly asks nothing.
func ExampleUpdate() {
	script, _ := llmtest.Load("testdata/review.txtar")
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	dir, cleanup := tempDir()
	defer cleanup()
	ctx := context.Background()
	src, state := filepath.Join(dir, "src"), filepath.Join(dir, "state")
	os.CopyFS(src, os.DirFS("examples/fromkeyword/src"))
	if _, err := surety.Review(ctx, []string{src}, &surety.ReviewOptions{Model: srv.Model(nil), State: state}); err != nil {
		fmt.Println(err)
		return
	}

	lexer := filepath.Join(src, "lexer.rs")
	data, _ := os.ReadFile(lexer)
	os.WriteFile(lexer, bytes.Replace(data, []byte("if c.is_ascii_whitespace() {"), []byte("if c == b' ' || c == b'\\n' {"), 1), 0o644)
	res, err := surety.Update(ctx, []string{src}, &surety.UpdateOptions{State: state, PlanOnly: true})
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

// ExampleDoctor lists the outside programs surety looks for; the report
// also says where each is, its version, and whether each verification
// engine passed its self-test (DoctorReport.OK).
func ExampleDoctor() {
	rep := surety.Doctor(context.Background(), nil)
	for _, p := range rep.Programs {
		fmt.Println(p.Name)
	}
	// Output:
	// z3
	// cvc5
	// boolector
	// bitwuzla
	// esbmc
	// cbmc
	// dafny
	// gcc
}

// ExampleBench answers every SV-COMP task under a directory and scores
// the answers as SV-COMP does: two loops whose final counter is checked,
// one that never reaches the error and one that does (2 points for a
// correct true, 1 for a correct false).
func ExampleBench() {
	dir, cleanup := tempDir()
	defer cleanup()
	os.WriteFile(filepath.Join(dir, "unreach-call.prp"), []byte("CHECK( init(main()), LTL(G ! call(reach_error())) )\n"), 0o644)
	for _, t := range []struct{ name, bound, expected string }{{"count3", "3", "true"}, {"count4", "4", "false"}} {
		os.WriteFile(filepath.Join(dir, t.name+".c"), []byte(`extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int i = 0;
  while (i < `+t.bound+`) i++;
  if (i != 3) reach_error();
  return 0;
}
`), 0o644)
		os.WriteFile(filepath.Join(dir, t.name+".yml"), []byte(`format_version: '2.0'
input_files: '`+t.name+`.c'
properties:
  - property_file: unreach-call.prp
    expected_verdict: `+t.expected+`
options:
  language: C
  data_model: ILP32
`), 0o644)
	}
	tab, err := surety.Bench(context.Background(), dir, &surety.TaskOptions{Facts: surety.FactsOptions{Engines: []string{"native"}}}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range tab.Results {
		fmt.Println(r.Task, r.Verdict, r.Outcome)
	}
	fmt.Println("score:", tab.Score)
	// Output:
	// count3.yml true correct true
	// count4.yml false correct false
	// score: 3
}
