package surety_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/svcomp"
	"github.com/suretydev/surety/validate"
)

// The calls the command line makes around the pipelines: reading what a
// user names, caches, and printing results for people.

// writeFile writes a file for an example and returns its path.
func writeFile(dir, name, content string) string {
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		panic(err)
	}
	return p
}

// ExampleWriteGraph prints the call graph of a small C program for people
// (what "surety graph" prints). With a parse cache that can keep results,
// the second run writes the kept output: nothing is parsed again.
func ExampleWriteGraph() {
	dir, cleanup := tempDir()
	defer cleanup()
	src := filepath.Join(dir, "src")
	os.Mkdir(src, 0o755)
	writeFile(src, "a.c", "int b(void);\nint main(void) { return b(); }\n")
	writeFile(src, "b.c", "int b(void) { return 1; }\n")
	cache, err := surety.OpenFileCache(filepath.Join(dir, "cache"), os.Getenv)
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := &surety.GraphOptions{Cache: cache}
	for range 2 {
		var out strings.Builder
		if err := surety.WriteGraph(context.Background(), &out, []string{src}, surety.GraphList, opts); err != nil {
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
	dir, cleanup := tempDir()
	defer cleanup()
	writeFile(dir, "a.c", "int b(void) { return 1; }\nint main(void) { return b(); }\n")
	res, err := surety.Graph(context.Background(), []string{dir}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var out strings.Builder
	res.Write(&out, surety.GraphDOT)
	fmt.Println(strings.Contains(out.String(), "digraph"), strings.Count(out.String(), "->"))
	// Output:
	// true 1
}

// ExampleLanguages lists the frontends a load uses, with one replaced:
// here by itself, as GraphOptions.Languages would take a Go frontend with
// a cheaper call graph algorithm.
func ExampleLanguages() {
	var names []string
	for _, l := range surety.Languages() {
		names = append(names, l.Name)
	}
	fmt.Println(slices.Contains(names, "c"), len(surety.Languages(surety.Languages()[0])) == len(names))
	// Output:
	// true true
}

// ExampleOpenFileCache opens the parse cache in a directory; "off" is none.
func ExampleOpenFileCache() {
	dir, cleanup := tempDir()
	defer cleanup()
	c, err := surety.OpenFileCache(dir, os.Getenv)
	fmt.Println(c != nil, err)
	c, err = surety.OpenFileCache("off", os.Getenv)
	fmt.Println(c == nil, err)
	// Output:
	// true <nil>
	// true <nil>
}

// ExampleReadEdges reads extra call edges, one JSON object a line; a bad
// line is an error naming it.
func ExampleReadEdges() {
	dir, cleanup := tempDir()
	defer cleanup()
	good := writeFile(dir, "edges.jsonl", `{"caller": "main", "callee": "handler", "line": 12}`+"\n")
	edges, err := surety.ReadEdges(context.Background(), good)
	fmt.Println(len(edges), edges[0].Caller, "->", edges[0].Callee, err)
	bad := writeFile(dir, "bad.jsonl", `{"caller": "main"}`+"\n")
	_, err = surety.ReadEdges(context.Background(), bad)
	fmt.Println(strings.Contains(err.Error(), "bad.jsonl:1"))
	// Output:
	// 1 main -> handler <nil>
	// true
}

// ExampleReadSource reads a file a user named; what cannot be read is an
// error naming it.
func ExampleReadSource() {
	dir, cleanup := tempDir()
	defer cleanup()
	src, err := surety.ReadSource(context.Background(), writeFile(dir, "a.c", "int main(void) { return 0; }\n"))
	fmt.Println(len(src), err)
	_, err = surety.ReadSource(context.Background(), "missing.c")
	fmt.Println(err)
	// Output:
	// 29 <nil>
	// missing.c: no such file or directory
}

// ExampleReadDescription reads the task description Synth takes.
func ExampleReadDescription() {
	dir, cleanup := tempDir()
	defer cleanup()
	desc, err := surety.ReadDescription(context.Background(), writeFile(dir, "task.txt", "\n  Sort an array of ints.\n"))
	fmt.Printf("%q %v\n", desc, err)
	// Output:
	// "Sort an array of ints." <nil>
}

// ExampleReadKnowledge reads domain-knowledge documents for Contracts,
// each named by its file's base name.
func ExampleReadKnowledge() {
	dir, cleanup := tempDir()
	defer cleanup()
	docs, err := surety.ReadKnowledge(context.Background(), []string{writeFile(dir, "lexer.md", "Keywords are lower case.\n")})
	fmt.Println(len(docs), docs[0].Name, err)
	// Output:
	// 1 lexer.md <nil>
}

// ExampleCheckOutDir checks, before anything is asked, that an output
// directory can be one: a file in its place is an error.
func ExampleCheckOutDir() {
	dir, cleanup := tempDir()
	defer cleanup()
	fmt.Println(surety.CheckOutDir(filepath.Join(dir, "out"), true))
	err := surety.CheckOutDir(writeFile(dir, "file", ""), true)
	fmt.Println(err != nil)
	// Output:
	// <nil>
	// true
}

// ExampleCheckOutFile checks that an output file can be written: a
// directory in its place is an error.
func ExampleCheckOutFile() {
	dir, cleanup := tempDir()
	defer cleanup()
	fmt.Println(surety.CheckOutFile(filepath.Join(dir, "reason.json"), true))
	fmt.Println(surety.CheckOutFile(dir, true) != nil)
	// Output:
	// <nil>
	// true
}

// ExampleOpenCheckCache opens the cache of check results that Facts and
// Synth share; with no directory and no cache home, there is none.
func ExampleOpenCheckCache() {
	dir, cleanup := tempDir()
	defer cleanup()
	c, err := surety.OpenCheckCache(dir, os.Getenv)
	fmt.Println(c != nil, err)
	c, err = surety.OpenCheckCache("", func(string) string { return "" })
	fmt.Println(c == nil, err)
	// Output:
	// true <nil>
	// true <nil>
}

// ExampleUserCacheDir names surety's part of the user's cache.
func ExampleUserCacheDir() {
	env := map[string]string{"HOME": "/home/ada"}
	fmt.Println(surety.UserCacheDir(func(k string) string { return env[k] }, "files"))
	// Output:
	// /home/ada/.cache/surety/files
}

// ExampleProgressBar prints a pipeline's warnings for people; off a
// terminal no bar is drawn.
func ExampleProgressBar() {
	progress := surety.ProgressBar(os.Stdout, "contracts", false)
	progress(surety.Event{Stage: "load", Warning: "skipped src/bin.c: frontend: binary file"})
	progress(surety.Event{Stage: "contracts", Done: 1, Total: 2, Layer: 1, Layers: 1})
	// Output:
	// surety contracts: skipped src/bin.c: frontend: binary file
}

// ExampleStageProgress prints each stage of Synth as it starts, with the
// time since the run began.
func ExampleStageProgress() {
	var out strings.Builder
	progress := surety.StageProgress(&out, "synth")
	progress("properties")
	fmt.Println(strings.HasPrefix(out.String(), "synth: properties"))
	// Output:
	// true
}

// ExampleTaskProgress prints each task of Bench as it is answered.
func ExampleTaskProgress() {
	progress := surety.TaskProgress(os.Stdout)
	progress(&svcomp.Result{Task: "loop.yml", Verdict: svcomp.True, Outcome: svcomp.CorrectTrue, CPU: 1500 * time.Millisecond})
	progress(&svcomp.Result{Task: "deep.yml", Verdict: svcomp.Unknown, Outcome: svcomp.NoAnswer, CPU: 30 * time.Second, Reason: "a1 (line 9) holds up to k=64 only"})
	// Output:
	// loop.yml: true (correct true) 1.5s CPU
	// deep.yml: unknown (unknown) 30.0s CPU: a1 (line 9) holds up to k=64 only
}

// ExampleTaskVerdict_WriteJSON prints one task's verdict as SV-COMP's
// table of that task, as "surety facts --json TASK.yml" does.
func ExampleTaskVerdict_WriteJSON() {
	var out strings.Builder
	v := surety.TaskVerdict{Result: &svcomp.Result{Task: "loop.yml", Verdict: svcomp.True, Outcome: svcomp.CorrectTrue}}
	v.WriteJSON(&out)
	fmt.Println(strings.Contains(out.String(), `"loop.yml"`))
	// Output:
	// true
}

// ExampleWriteJSON prints a result as indented JSON, C code as it is.
func ExampleWriteJSON() {
	surety.WriteJSON(os.Stdout, map[string]string{"pred": "i < n && a[i] > 0"})
	// Output:
	// {
	//   "pred": "i < n && a[i] > 0"
	// }
}

// ExampleUpdateOptions_solvers takes every SMT solver installed here
// (smt.Available) as a portfolio, as the command line checks the closed
// formulas of Update's Hoare pass; with none installed, none.
func ExampleUpdateOptions_solvers() {
	opts := &surety.UpdateOptions{PlanOnly: true}
	if ss := smt.Available(); len(ss) > 0 {
		opts.Solver = smt.Portfolio(ss...)
	}
	_ = opts
}

// ExampleReportsFailed tells a finding (a MISMATCH) from a run that failed
// (every function ended in ERROR).
func ExampleReportsFailed() {
	failed, all, _ := surety.ReportsFailed([]*hoare.Report{{Name: "f", Verdict: hoare.Match}, {Name: "g", Verdict: hoare.Mismatch}})
	fmt.Println(failed, all)
	failed, all, first := surety.ReportsFailed([]*hoare.Report{{Name: "f", Verdict: hoare.Error, Reason: "the model\nrefused"}})
	fmt.Println(failed, all, first)
	// Output:
	// true false
	// true true f: the model refused
}

// ExampleWriteReasonText prints Reason's reports for people.
func ExampleWriteReasonText() {
	surety.WriteReasonText(os.Stdout, []*hoare.Report{{Name: "f", Verdict: hoare.Match}}, "a scripted model")
	// Output:
	// MATCH    f
	// 1 functions: 1 MATCH, 0 MISMATCH, 0 ERROR, 0 SKIPPED (verdicts of a scripted model)
}

// ExampleContractsResult_WriteText prints the counts of a Contracts run.
func ExampleContractsResult_WriteText() {
	res := &surety.ContractsResult{Functions: 6, Out: ".surety/contracts", Result: &contract.Result{Asked: 2, Reused: 4}}
	res.WriteText(os.Stdout)
	// Output:
	// 6 functions: 2 asked, 4 reused from .surety/contracts, 0 failed components
}

// ExampleConfirmResult_WriteSummary prints the outcome of a Confirm run.
func ExampleConfirmResult_WriteSummary() {
	res := &surety.ConfirmResult{From: ".surety/reason.json"}
	res.WriteSummary(os.Stdout, ".surety/bugs", false)
	res.Bugs = []*surety.ConfirmedBug{{Confirmation: &validate.Confirmation{Status: validate.Confirmed}}}
	res.Files = &validate.BugReportFiles{SARIF: ".surety/bugs/bugs.sarif"}
	res.WriteSummary(os.Stdout, ".surety/bugs", false)
	// Output:
	// no potential bugs in .surety/reason.json for these paths: nothing to confirm
	// 1 potential bugs: 1 confirmed, 0 not; reports in .surety/bugs, SARIF in .surety/bugs/bugs.sarif
}

// ExampleSynthOptions_ProgramFile names the files Synth writes.
func ExampleSynthOptions_ProgramFile() {
	opts := &surety.SynthOptions{Out: "synth", Name: "sort"}
	fmt.Println(opts.ProgramFile(), opts.ReportFile())
	// Output:
	// synth/sort.c synth/sort.json
}

// ExampleVersion prints the version of surety and of Go it was built with.
func ExampleVersion() {
	fmt.Println(strings.Contains(surety.Version(), "go1"))
	// Output:
	// true
}

// ExamplePathError names a path a user gave, then what is wrong with it.
func ExamplePathError() {
	_, err := os.Open("missing.c")
	fmt.Println(surety.PathError("missing.c", err))
	// Output:
	// missing.c: no such file or directory
}

// ExampleCheckPaths checks, without parsing, that each path can be loaded.
func ExampleCheckPaths() {
	dir, cleanup := tempDir()
	defer cleanup()
	fmt.Println(surety.CheckPaths(context.Background(), []string{writeFile(dir, "a.c", "int f(void) { return 0; }\n")}))
	fmt.Println(surety.CheckPaths(context.Background(), []string{writeFile(dir, "notes.txt", "notes\n")}) != nil)
	// Output:
	// <nil>
	// true
}

// ExampleReadReasonFile reads the reports Reason wrote, for Confirm; none
// there is ErrNoReasonFile.
func ExampleReadReasonFile() {
	dir, cleanup := tempDir()
	defer cleanup()
	path := filepath.Join(dir, "reason.json")
	_, err := surety.ReadReasonFile(context.Background(), path)
	fmt.Println(errors.Is(err, surety.ErrNoReasonFile))
	f := &surety.ReasonFile{Reports: []*hoare.Report{{Name: "f", Verdict: hoare.Match}}}
	if err := f.Write(path); err != nil {
		fmt.Println(err)
		return
	}
	f, err = surety.ReadReasonFile(context.Background(), path)
	fmt.Println(len(f.Reports), f.Reports[0].Name, f.Reports[0].Verdict, err)
	// Output:
	// true
	// 1 f MATCH <nil>
}

// ExampleWriteDoctor prints the outside programs found and each engine's
// self-test as soon as it is known, as "surety doctor" does.
func ExampleWriteDoctor() {
	rep, err := surety.WriteDoctor(context.Background(), os.Stdout, &surety.DoctorOptions{Timeout: time.Minute})
	if err == nil && !rep.OK() {
		fmt.Println("a check failed")
	}
}
