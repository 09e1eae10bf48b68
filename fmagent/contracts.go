package fmagent

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/progress"
	"github.com/suretydev/surety/work"
)

// ContractsOptions control Contracts. The zero value is valid but for
// Model, which is needed as soon as there is something to ask (see
// llm.ErrNoModel). Contracts does not modify it.
type ContractsOptions struct {
	// Model writes the contracts and cuts the knowledge.
	Model llm.Model
	// Out is the directory of the contract records, one file per
	// function; "" means ".surety/contracts". A rerun reuses the records
	// that are there.
	Out string
	// Entries names functions (qualified names) to treat as entries
	// besides the uncalled.
	Entries []string
	// Knowledge is the domain knowledge; it is cut by directory with the
	// model before use.
	Knowledge []contract.Document
	// Merger merges a function's expected specifications into its
	// contract; nil means contract.ExactMerge.
	Merger contract.Merger
	// Workers is the number of model requests in flight; 0 means one per
	// CPU. Batch is the components per request; 0 means 1.
	Workers, Batch int
	// StrictCalls keeps ambiguous call edges (x.m() on a receiver of
	// unknown type) out of the layering. By default they order it: every
	// possible caller's expectation counts.
	StrictCalls bool
	// Root is the directory files are named relative to, as in
	// ReviewOptions; "" means frontend.ProjectRoot(paths).
	Root string
	// DryRun writes nothing and creates no directory: for a Model that
	// only counts (llm.NewEstimator).
	DryRun bool
	// Progress, if set, receives events ("load" warnings, "contracts"
	// progress by layer) from one goroutine at a time.
	Progress func(progress.Event)
	// Runner, if not nil, asks for the contracts of each batch of a layer
	// as a job, a layer at a time (see contract.Options.Runner); nil
	// means Workers requests of this process. Only a Model that
	// llm.OpenModel opened can be sent (a worker opens its own by name).
	Runner work.Runner
}

// A ContractsResult is what Contracts did.
type ContractsResult struct {
	// Functions is the number of functions in the call graph.
	Functions int `json:"functions"`
	// Out is the directory of the records.
	Out string `json:"out"`
	// Result holds the records, the counts of asked and reused functions,
	// and the errors of the components that failed.
	*contract.Result
}

// Contracts derives the contract of every function of the code at paths
// from what its callers expect (FM-Agent techniques 1 and 2): it loads the
// code, lays out its call graph, cuts the domain knowledge by directory,
// and generates contracts top-down over the layers, one record per
// function in Out. Records are keyed by paths relative to Root, so that
// Reason, Confirm and Update find them however the paths are spelled
// there.
//
// A path that cannot be loaded is an error naming it (see PathError), and
// so is code with no function. Components whose request failed are listed
// in the result's Errors: that is a partial result, not an error.
func Contracts(ctx context.Context, paths []string, opts *ContractsOptions) (*ContractsResult, error) {
	if opts == nil {
		opts = &ContractsOptions{}
	}
	send := progress.Send(opts.Progress)
	root, err := projectRoot(opts.Root, paths)
	if err != nil {
		return nil, err
	}
	l, err := load(ctx, paths, &frontend.LoadOptions{Mode: frontend.NeedCalls, Root: root}, true, progress.Warn(send, "load"))
	if err != nil {
		return nil, err
	}
	if opts.Model == nil {
		return nil, llm.ErrNoModel
	}
	out := opts.Out
	if out == "" {
		out = State("").Contracts()
	}
	// Nothing is asked before the records are known to have a place.
	if err := files.CheckOutDir(out, opts.DryRun); err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	g := callgraph.Build(l.prog, &callgraph.BuildOptions{IncludeAmbiguous: !opts.StrictCalls})
	know, partOf, err := cutKnowledge(ctx, opts.Model, g, opts.Knowledge)
	if err != nil {
		return nil, err
	}
	res, err := contract.Generate(ctx, g, &contract.Options{
		Model: opts.Model, Store: &contract.Store{Dir: out}, Knowledge: know, PartOf: partOf,
		Entries: opts.Entries, Workers: opts.Workers, Batch: opts.Batch, ReadFile: frontend.ReadFileIn(l.root), Merger: opts.Merger,
		Runner: opts.Runner,
		Progress: func(ev progress.Event) {
			ev.Stage = "contracts"
			send(ev)
		},
	})
	if err != nil {
		return nil, err
	}
	return &ContractsResult{Functions: len(g.Nodes), Out: out, Result: res}, nil
}

// ReadKnowledge reads domain-knowledge documents for
// ContractsOptions.Knowledge, each named by its file's base name. Each must
// be a regular file of text (a FIFO named by mistake is an error, not a
// hang); an error names the file (PathError).
func ReadKnowledge(ctx context.Context, paths []string) ([]contract.Document, error) {
	var docs []contract.Document
	for _, path := range paths {
		data, err := frontend.ReadFile(ctx, path)
		if err == nil {
			err = frontend.CheckText(data)
		}
		if err != nil {
			return nil, files.PathError(path, err)
		}
		docs = append(docs, contract.Document{Name: filepath.Base(path), Text: string(data)})
	}
	return docs, nil
}
