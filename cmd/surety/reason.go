package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/internal/atomicfile"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/smt"
)

func init() {
	register(&command{
		name:  "reason",
		usage: "surety reason [--block-lines N] [--json] [--contracts DIR] [--out FILE] [--solver z3|cvc5|boolector|none] [--budget TOKENS] [--estimate] PATH...",
		short: "reason about each function block by block against its contract (run surety contracts first); report potential bugs",
		run:   runReason,
	})
}

// reasonFile is what surety reason writes and surety confirm reads.
type reasonFile struct {
	Reports []*hoare.Report `json:"reports"`
}

func runReason(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("reason", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	blockLines := fs.Int("block-lines", 10, "most source lines grouped into one block (one model request)")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	contracts := fs.String("contracts", filepath.Join(".surety", "contracts"), "directory of the contract records written by surety contracts")
	out := fs.String("out", filepath.Join(".surety", "reason.json"), "file the reports are written to, for surety confirm")
	solverName := fs.String("solver", "z3", "SMT solver for closed formulas: z3, cvc5, boolector, or none (every check stays in natural language)")
	var mf modelFlags
	mf.register(fs)
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "usage: surety reason [flags] PATH...")
		return 2
	}
	if err := firstError(atLeast("block-lines", *blockLines, 1), mf.check()); err != nil {
		return fail(e, "reason", err)
	}
	solver, err := pickSolver(*solverName)
	if err != nil {
		return fail(e, "reason", err)
	}
	// Named relative to the project root, as surety contracts named them.
	root, err := frontend.ProjectRoot(fs.Args())
	if err != nil {
		return fail(e, "reason", err)
	}
	prog, err := loadPaths(ctx, e, "reason", fs.Args(), &frontend.LoadOptions{Mode: frontend.NeedCalls | frontend.NeedBodies, Root: root})
	if err != nil {
		return fail(e, "reason", err)
	}
	records, err := (&contract.Store{Dir: *contracts}).All()
	if err != nil {
		return fail(e, "reason", err)
	}
	if len(records) == 0 {
		return fail(e, "reason", fmt.Errorf("no contract records in %s: run surety contracts first", *contracts))
	}
	ctx, m, err := mf.model(ctx, e)
	if err != nil {
		return fail(e, "reason", err)
	}
	// Nothing is asked before the reports are known to have a place.
	if err := checkOutFile("out", *out, mf.estimate); err != nil {
		return fail(e, "reason", err)
	}
	g := callgraph.Build(prog, &callgraph.BuildOptions{IncludeAmbiguous: true})
	reports, err := surety.ReasonAll(ctx, g, records, &surety.ReasonOptions{Model: m, Solver: solver, BlockLines: *blockLines,
		ReadFile: frontend.ReadFileIn(root)})
	if rerr := m.refused(); rerr != nil {
		return failRefused(e, "reason", rerr)
	}
	if err != nil {
		return fail(e, "reason", err)
	}
	data, err := json.MarshalIndent(reasonFile{Reports: reports}, "", "  ")
	if err != nil {
		return fail(e, "reason", err)
	}
	if !mf.estimate {
		if err := atomicfile.Write(*out, append(data, '\n')); err != nil {
			return fail(e, "reason", err)
		}
	}
	if *asJSON {
		e.stdout.Write(append(data, '\n'))
	} else {
		printReasonText(e.stdout, reports)
		printUsage(e.stdout, m.report())
	}
	if mf.estimate {
		return 0
	}
	return reportsStatus(e, "reason", reports)
}

// reportsStatus is the exit status of a run that reasoned about reports:
// 1 for a MISMATCH or an ERROR among verdicts, but 2 when every function
// ended in ERROR (the run failed; a line on stderr gives the first
// reason), else 0.
func reportsStatus(e *env, name string, reports []*hoare.Report) int {
	errs, first := 0, ""
	status := 0
	for _, r := range reports {
		switch r.Verdict {
		case hoare.Mismatch:
			status = 1
		case hoare.Error:
			if errs == 0 {
				first = r.Name + ": " + oneLine(r.Reason)
			}
			errs++
		}
	}
	if status == 0 && errs > 0 && errs == len(reports) {
		fmt.Fprintf(e.stderr, "surety %s: every function failed (%d ERROR); the first: %s\n", name, errs, first)
		return 2
	}
	if errs > 0 {
		return 1
	}
	return status
}

func pickSolver(name string) (smt.Solver, error) {
	var s smt.Solver
	switch name {
	case "none", "":
		return nil, nil
	case "z3":
		s = smt.Z3(nil)
	case "cvc5":
		s = smt.CVC5(nil)
	case "boolector":
		s = smt.Boolector(nil)
	default:
		return nil, fmt.Errorf("unknown solver %q (want z3, cvc5, boolector or none)", name)
	}
	if _, err := proc.LookPath(name); err != nil {
		return nil, fmt.Errorf("%w (or use --solver none)", err)
	}
	return s, nil
}

// printReasonText writes one line per function and each potential bug
// with its chain, then a summary.
func printReasonText(w io.Writer, reports []*hoare.Report) {
	counts := map[hoare.Verdict]int{}
	for _, r := range reports {
		counts[r.Verdict]++
		fmt.Fprintf(w, "%-8s %s", r.Verdict, r.Name)
		if r.Reason != "" {
			fmt.Fprintf(w, ": %s", r.Reason)
		}
		if r.Requests > 0 {
			fmt.Fprintf(w, " (%d model requests)", r.Requests)
		}
		fmt.Fprintln(w)
		for _, b := range r.Bugs {
			fmt.Fprintf(w, "  potential bug at %s: %s\n", b.Exit, oneLine(b.ExitText))
			fmt.Fprintf(w, "    post-condition: %s\n    holds instead:  %s\n", oneLine(b.Post), oneLine(b.Condition))
			fmt.Fprintf(w, "    trigger: %s\n", oneLine(b.Trigger))
			if b.Counterexample != "" {
				fmt.Fprintf(w, "    counterexample: %s\n", oneLine(b.Counterexample))
			}
			for i, c := range b.Chain {
				fmt.Fprintf(w, "    %d. %s\n", i+1, oneLine(c))
			}
		}
	}
	fmt.Fprintf(w, "%d functions: %d MATCH, %d MISMATCH, %d ERROR, %d SKIPPED (verdicts of a language model)\n", len(reports),
		counts[hoare.Match], counts[hoare.Mismatch], counts[hoare.Error], counts[hoare.Skipped])
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
