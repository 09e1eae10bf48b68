package fmagent_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/validate"
)

// ExampleWriteGraph prints the call graph of a small C program for people
// (what "surety graph" prints). With a parse cache that can keep results,
// the second run writes the kept output: nothing is parsed again.
func ExampleWriteGraph() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "src")
	os.Mkdir(src, 0o755)
	writeFile(src, "a.c", "int b(void);\nint main(void) { return b(); }\n")
	writeFile(src, "b.c", "int b(void) { return 1; }\n")
	cache, err := fmagent.OpenFileCache(filepath.Join(dir, "cache"), os.Getenv)
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := &fmagent.GraphOptions{Cache: cache}
	for range 2 {
		var out strings.Builder
		if err := fmagent.WriteGraph(context.Background(), &out, []string{src}, fmagent.GraphList, opts); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Print(out.String()[:strings.Index(out.String(), "\n")+1])
	}
	fmt.Println("kept results read:", cache.Stats().Hits > 0)
	// Output:
	// functions: 2
	// functions: 2
	// kept results read: true
}

// ExampleGraphResult_Write prints a graph for Graphviz, one rank per layer.
func ExampleGraphResult_Write() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	writeFile(dir, "a.c", "int b(void) { return 1; }\nint main(void) { return b(); }\n")
	res, err := fmagent.Graph(context.Background(), []string{dir}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var out strings.Builder
	res.Write(&out, fmagent.GraphDOT)
	fmt.Println(strings.Contains(out.String(), "digraph"), strings.Count(out.String(), "->"))
	// Output:
	// true 1
}

// ExampleLanguages lists the frontends a load uses, with one replaced:
// here by itself, as GraphOptions.Languages would take a Go frontend with
// a cheaper call graph algorithm.
func ExampleLanguages() {
	var names []string
	for _, l := range fmagent.Languages() {
		names = append(names, l.Name)
	}
	fmt.Println(slices.Contains(names, "c"), len(fmagent.Languages(fmagent.Languages()[0])) == len(names))
	// Output:
	// true true
}

// ExampleOpenFileCache opens the parse cache in a directory; "off" is none.
func ExampleOpenFileCache() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	c, err := fmagent.OpenFileCache(dir, os.Getenv)
	fmt.Println(c != nil, err)
	c, err = fmagent.OpenFileCache("off", os.Getenv)
	fmt.Println(c == nil, err)
	// Output:
	// true <nil>
	// true <nil>
}

// ExampleReadEdges reads extra call edges, one JSON object a line; a bad
// line is an error naming it.
func ExampleReadEdges() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	good := writeFile(dir, "edges.jsonl", `{"caller": "main", "callee": "handler", "line": 12}`+"\n")
	edges, err := fmagent.ReadEdges(context.Background(), good)
	fmt.Println(len(edges), edges[0].Caller, "->", edges[0].Callee, err)
	bad := writeFile(dir, "bad.jsonl", `{"caller": "main"}`+"\n")
	_, err = fmagent.ReadEdges(context.Background(), bad)
	fmt.Println(strings.Contains(err.Error(), "bad.jsonl:1"))
	// Output:
	// 1 main -> handler <nil>
	// true
}

// ExampleReadKnowledge reads domain-knowledge documents for Contracts,
// each named by its file's base name.
func ExampleReadKnowledge() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	docs, err := fmagent.ReadKnowledge(context.Background(), []string{writeFile(dir, "lexer.md", "Keywords are lower case.\n")})
	fmt.Println(len(docs), docs[0].Name, err)
	// Output:
	// 1 lexer.md <nil>
}

// ExampleReportsFailed tells a finding (a MISMATCH) from a run that failed
// (every function ended in ERROR).
func ExampleReportsFailed() {
	failed, all, _ := fmagent.ReportsFailed([]*hoare.Report{{Name: "f", Verdict: hoare.Match}, {Name: "g", Verdict: hoare.Mismatch}})
	fmt.Println(failed, all)
	failed, all, first := fmagent.ReportsFailed([]*hoare.Report{{Name: "f", Verdict: hoare.Error, Reason: "the model\nrefused"}})
	fmt.Println(failed, all, first)
	// Output:
	// true false
	// true true f: the model refused
}

// ExampleWriteReasonText prints Reason's reports for people.
func ExampleWriteReasonText() {
	fmagent.WriteReasonText(os.Stdout, []*hoare.Report{{Name: "f", Verdict: hoare.Match}}, "a scripted model")
	// Output:
	// MATCH    f
	// 1 functions: 1 MATCH, 0 MISMATCH, 0 ERROR, 0 SKIPPED (verdicts of a scripted model)
}

// ExampleContractsResult_WriteText prints the counts of a Contracts run.
func ExampleContractsResult_WriteText() {
	res := &fmagent.ContractsResult{Functions: 6, Out: ".surety/contracts", Result: &contract.Result{Asked: 2, Reused: 4}}
	res.WriteText(os.Stdout)
	// Output:
	// 6 functions: 2 asked, 4 reused from .surety/contracts, 0 failed components
}

// ExampleConfirmResult_WriteSummary prints the outcome of a Confirm run.
func ExampleConfirmResult_WriteSummary() {
	res := &fmagent.ConfirmResult{From: ".surety/reason.json"}
	res.WriteSummary(os.Stdout, ".surety/bugs", false)
	res.Bugs = []*fmagent.ConfirmedBug{{Confirmation: &validate.Confirmation{Status: validate.Confirmed}}}
	res.Files = &validate.BugReportFiles{SARIF: ".surety/bugs/bugs.sarif"}
	res.WriteSummary(os.Stdout, ".surety/bugs", false)
	// Output:
	// no potential bugs in .surety/reason.json for these paths: nothing to confirm
	// 1 potential bugs: 1 confirmed, 0 not; reports in .surety/bugs, SARIF in .surety/bugs/bugs.sarif
}

// ExampleReadReasonFile reads the reports Reason wrote, for Confirm; none
// there is ErrNoReasonFile.
func ExampleReadReasonFile() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "reason.json")
	_, err := fmagent.ReadReasonFile(context.Background(), path)
	fmt.Println(errors.Is(err, fmagent.ErrNoReasonFile))
	f := &fmagent.ReasonFile{Reports: []*hoare.Report{{Name: "f", Verdict: hoare.Match}}}
	if err := f.Write(path); err != nil {
		fmt.Println(err)
		return
	}
	f, err = fmagent.ReadReasonFile(context.Background(), path)
	fmt.Println(len(f.Reports), f.Reports[0].Name, f.Reports[0].Verdict, err)
	// Output:
	// true
	// 1 f MATCH <nil>
}

// writeFile writes a file for an example and returns its path.
func writeFile(dir, name, content string) string {
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		panic(err)
	}
	return p
}

// ExampleUpdateOptions_solvers takes every SMT solver installed here
// (smt.Available) as a portfolio, as the command line checks the closed
// formulas of Update's Hoare pass; with none installed, none.
func ExampleUpdateOptions_solvers() {
	opts := &fmagent.UpdateOptions{PlanOnly: true}
	if ss := smt.Available(); len(ss) > 0 {
		opts.Solver = smt.Portfolio(ss...)
	}
	_ = opts
}
