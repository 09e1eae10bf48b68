package fmagent

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/llm"
)

// maxWarned bounds the skipped files named one by one in the warnings of
// a load; the rest are counted.
const maxWarned = 20

// loaded is a program loaded the way every pipeline loads the paths it is
// given.
type loaded struct {
	prog *frontend.Program
	root string
}

// load loads paths with opts, the one way every step loads the tree it
// is given (Update's loadGraph adds what an old revision needs). A path
// named in paths that gives nothing (missing, not a regular file or
// directory, binary, not UTF-8, of no language surety reads) is an error
// naming it (see files.PathError), as is a set of paths with no source
// file, or, with needFuncs, with no function. A bad file found inside a
// directory, and with needFuncs a file with syntax errors, is a warning
// sent to warn as one line.
func load(ctx context.Context, paths []string, opts *frontend.LoadOptions, needFuncs bool, warn func(string)) (*loaded, error) {
	if warn == nil {
		warn = func(string) {}
	}
	prog, ferrs, err := frontend.Load(ctx, paths, opts)
	if err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	for _, fe := range ferrs {
		if files.IsNamed(paths, fe.Path) {
			return nil, files.PathError(fe.Path, fe.Err)
		}
	}
	warnLoad(prog, ferrs, needFuncs, warn)
	if len(prog.Files) == 0 {
		return nil, fmt.Errorf("no source files surety reads in %s", strings.Join(paths, " "))
	}
	funcs := 0
	for _, f := range prog.Files {
		funcs += len(f.Functions)
	}
	if funcs == 0 && needFuncs {
		return nil, fmt.Errorf("no function found in %s", strings.Join(paths, " "))
	}
	return &loaded{prog: prog, root: opts.Root}, nil
}

// warnLoad sends warn a line for each file a load skipped (the first
// maxWarned, then a count), and with syntax, one for each file with syntax
// errors.
func warnLoad(prog *frontend.Program, ferrs []*frontend.FileError, syntax bool, warn func(string)) {
	for i, fe := range ferrs {
		if i == maxWarned {
			warn(fmt.Sprintf("and %d more files skipped", len(ferrs)-maxWarned))
			break
		}
		warn(fmt.Sprintf("skipped %v", fe))
	}
	for _, f := range prog.Files {
		if len(f.Errors) > 0 && syntax {
			// The parser keeps every function that parsed; the rest is
			// named, not silently dropped.
			more := ""
			if len(f.Errors) > 1 {
				more = fmt.Sprintf(" (and %d more)", len(f.Errors)-1)
			}
			warn(fmt.Sprintf("%v%s; the functions that parsed are kept", f.Errors[0], more))
		}
	}
}

// cutKnowledge cuts the domain-knowledge documents by the directory
// phases of g (FM-Agent: each part is shown only what concerns it),
// naming up to 12 functions of each part for the model. With an estimating
// model (llm.ErrEstimate) the cut cannot be known: every part gets every
// section, so the estimate counts the cut and the uncut prompts. It
// returns nil knowledge for no documents, and the part of each node.
func cutKnowledge(ctx context.Context, m llm.Model, g *callgraph.Graph, docs []contract.Document) (*contract.Knowledge, func(*callgraph.Node) string, error) {
	split := callgraph.Phases(g, &callgraph.PhaseOptions{By: callgraph.ByDirectory})
	partOf := func(n *callgraph.Node) string { return split.Phases[split.Of[n.Index]].Name }
	if len(docs) == 0 {
		return nil, partOf, nil
	}
	var parts []contract.Part
	for _, p := range split.Phases {
		part := contract.Part{Name: p.Name}
		for _, n := range p.Nodes[:min(12, len(p.Nodes))] {
			part.Functions = append(part.Functions, n.Func().QualifiedName())
		}
		parts = append(parts, part)
	}
	know, err := contract.CutKnowledge(ctx, m, docs, parts, nil)
	if errors.Is(err, llm.ErrEstimate) {
		return contract.Uncut(docs), partOf, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("surety: %w", err)
	}
	return know, partOf, nil
}
