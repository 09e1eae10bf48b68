package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/llm"
)

func init() {
	register(&command{
		name:  "contracts",
		usage: "surety contracts [--entry F ...] [--knowledge DOC ...] [--workers W] [--batch N] [--budget TOKENS] [--estimate] [--out DIR] PATH...",
		short: "derive each function's contract from what its callers expect, top-down over the call graph",
		run:   runContracts,
	})
}

// stringList is a flag that may be given several times.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func runContracts(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("contracts", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var entries, knowledge stringList
	fs.Var(&entries, "entry", "treat this function (qualified name) as an entry; repeatable")
	fs.Var(&knowledge, "knowledge", "a domain-knowledge document; repeatable")
	workers := fs.Int("workers", 0, "requests in flight (0: one per CPU)")
	batch := fs.Int("batch", 1, "components per request")
	ambiguous := fs.Bool("ambiguous", true, "let ambiguous call edges (x.m() on a receiver of unknown type) order the layers: every possible caller's expectation counts")
	out := fs.String("out", filepath.Join(".surety", "contracts"), "directory of the contract records")
	var mf modelFlags
	mf.register(fs)
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "usage: surety contracts [flags] PATH...")
		return 2
	}
	if err := firstError(notNegative("workers", *workers, "0: one per CPU"), atLeast("batch", *batch, 1), mf.check()); err != nil {
		return fail(e, "contracts", err)
	}
	// Records are keyed by paths relative to the project root, so that
	// reason and update find them however the paths are spelled there.
	root, err := frontend.ProjectRoot(fs.Args())
	if err != nil {
		return fail(e, "contracts", err)
	}
	prog, err := loadPaths(ctx, e, "contracts", fs.Args(), &frontend.LoadOptions{Mode: frontend.NeedCalls, Root: root})
	if err != nil {
		return fail(e, "contracts", err)
	}
	ctx, m, err := mf.model(ctx, e)
	if err != nil {
		return fail(e, "contracts", err)
	}
	// Nothing is asked before the records are known to have a place.
	if err := checkOutDir("out", *out, mf.estimate); err != nil {
		return fail(e, "contracts", err)
	}
	g := callgraph.Build(prog, &callgraph.BuildOptions{IncludeAmbiguous: *ambiguous})

	var docs []contract.Document
	for _, path := range knowledge {
		// A regular text file only: a FIFO named by mistake is an error,
		// not a hang.
		data, err := frontend.ReadFile(ctx, path)
		if err == nil {
			err = frontend.CheckText(data)
		}
		if err != nil {
			return fail(e, "contracts", fmt.Errorf("--knowledge %w", pathError(path, err)))
		}
		docs = append(docs, contract.Document{Name: filepath.Base(path), Text: string(data)})
	}
	split := callgraph.Phases(g, &callgraph.PhaseOptions{By: callgraph.ByDirectory})
	partOf := func(n *callgraph.Node) string { return split.Phases[split.Of[n.Index]].Name }
	var know *contract.Knowledge
	if len(docs) > 0 {
		var parts []contract.Part
		for _, p := range split.Phases {
			part := contract.Part{Name: p.Name}
			for i, n := range p.Nodes {
				if i == 12 {
					break
				}
				part.Functions = append(part.Functions, n.Func.QualifiedName())
			}
			parts = append(parts, part)
		}
		know, err = contract.CutKnowledge(ctx, m, docs, parts, nil)
		if errors.Is(err, llm.ErrEstimate) {
			know, err = contract.Uncut(docs), nil // an estimate counts the cut and the uncut prompts
		}
		if rerr := m.refused(); rerr != nil {
			return failRefused(e, "contracts", rerr)
		}
		if err != nil {
			return fail(e, "contracts", err)
		}
	}

	opts := &contract.Options{
		Model: m, Store: &contract.Store{Dir: *out}, Knowledge: know, PartOf: partOf,
		Entries: entries, Workers: *workers, Batch: *batch,
		Progress: progressPrinter(e, "contracts"), ReadFile: frontend.ReadFileIn(root),
	}
	res, err := contract.Generate(ctx, g, opts)
	if rerr := m.refused(); rerr != nil {
		return failRefused(e, "contracts", rerr)
	}
	if err != nil {
		return fail(e, "contracts", err)
	}
	fmt.Fprintf(e.stdout, "%d functions: %d asked, %d reused from %s, %d failed components\n",
		len(g.Nodes), res.Asked, res.Reused, *out, len(res.Errors))
	for _, msg := range res.Errors {
		fmt.Fprintln(e.stderr, "surety contracts:", msg)
	}
	printUsage(e.stdout, m.report())
	if len(res.Errors) > 0 && !mf.estimate {
		if len(res.Records) == res.Reused {
			// Not one contract came back: that is no finding but a run
			// that failed, and the first error says why.
			fmt.Fprintf(e.stderr, "surety contracts: every request failed; the first: %s\n", res.Errors[0])
			return 2
		}
		return 1
	}
	return 0
}

// loadPaths loads the paths named on the command line as surety graph
// does: a path that gives nothing (missing, not a regular file or
// directory, binary, not UTF-8, of no language surety reads) is an input
// error naming it, as is a set of paths with no function at all; a bad
// file found inside a directory, and a file with syntax errors, is a
// warning on stderr.
func loadPaths(ctx context.Context, e *env, name string, paths []string, opts *frontend.LoadOptions) (*frontend.Program, error) {
	prog, ferrs, err := frontend.Load(ctx, paths, opts)
	if err != nil {
		return nil, err
	}
	for _, fe := range ferrs {
		if isNamed(paths, fe.Path) {
			return nil, pathError(fe.Path, fe.Err)
		}
	}
	for _, fe := range ferrs {
		fmt.Fprintf(e.stderr, "surety %s: skipped %v\n", name, fe)
	}
	if len(prog.Files) == 0 {
		return nil, fmt.Errorf("no source files surety reads in %s", strings.Join(paths, " "))
	}
	funcs := 0
	for _, f := range prog.Files {
		funcs += len(f.Functions)
		if len(f.Errors) > 0 {
			// The parser keeps every function that parsed; the rest is
			// named, not silently dropped.
			more := ""
			if len(f.Errors) > 1 {
				more = fmt.Sprintf(" (and %d more)", len(f.Errors)-1)
			}
			fmt.Fprintf(e.stderr, "surety %s: %v%s; the functions that parsed are kept\n", name, f.Errors[0], more)
		}
	}
	if funcs == 0 {
		return nil, fmt.Errorf("no function found in %s", strings.Join(paths, " "))
	}
	return prog, nil
}

// pathError is the error of a path named on the command line, for a user:
// the path once, then what is wrong with it.
func pathError(path string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, frontend.ErrNoParser):
		return fmt.Errorf("%s: not a source file surety reads (%s: known by the extension)", path, strings.Join(frontend.Names(), ", "))
	case errors.As(err, &pe):
		return fmt.Errorf("%s: %w", path, pe.Err)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// isNamed reports whether path is one of paths, however spelled.
func isNamed(paths []string, path string) bool {
	for _, p := range paths {
		if p == path || filepath.Clean(p) == filepath.Clean(filepath.FromSlash(path)) {
			return true
		}
	}
	return false
}

// progressPrinter returns a progress callback: a bar redrawn in place on a
// terminal, nothing otherwise (logs stay clean).
func progressPrinter(e *env, what string) func(callgraph.Progress) {
	if !e.isTerminal {
		return nil
	}
	return func(p callgraph.Progress) {
		const width = 30
		done := 0
		if p.Total > 0 {
			done = width * p.Done / p.Total
		}
		fmt.Fprintf(e.stderr, "\r%s layer %d/%d [%s%s] %d/%d", what, p.Layer, p.Layers,
			strings.Repeat("#", done), strings.Repeat(".", width-done), p.Done, p.Total)
		if p.Done == p.Total {
			fmt.Fprintln(e.stderr)
		}
	}
}
