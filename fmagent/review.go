package fmagent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/suretydev/surety/work"

	"golang.org/x/sync/errgroup"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/incremental"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/progress"
	"github.com/suretydev/surety/smt"
)

// ReviewOptions control Review. Model is required; the zero value of every
// other field is valid. Review does not modify it.
type ReviewOptions struct {
	// Model writes contracts and reasons about bodies.
	Model llm.Model
	// Solver decides the implications whose formulas are closed; nil keeps
	// every check in natural language.
	Solver smt.Solver
	// State is the directory of the contract records ("contracts/") and
	// of the snapshot Update starts from ("snapshot.json"); "" means
	// ".surety". A rerun reuses the records that are there.
	State State
	// Entries names functions to treat as entries besides the uncalled.
	Entries []string
	// Knowledge is the domain knowledge; it is cut by directory with the
	// model before use.
	Knowledge []contract.Document
	// Workers is the number of model requests in flight; 0 means
	// GOMAXPROCS. Batch is the components per contract request; 0 means 1.
	Workers, Batch int
	// BlockLines is the largest block of the Hoare pass; 0 means 10.
	BlockLines int
	// Merger merges callers' expectations into contracts; nil means
	// contract.ExactMerge (see contract.Options.Merger).
	Merger contract.Merger
	// Stepper takes the steps of the Hoare pass; nil means a
	// hoare.ModelStepper with Model and Solver (see hoare.Options.Stepper).
	Stepper hoare.Stepper
	// StrictCalls keeps ambiguous call edges (x.m() on a receiver of
	// unknown type) out of the layering. By default they order it: every
	// possible caller's expectation goes into a contract.
	StrictCalls bool
	// Root is the directory files are named relative to in function IDs,
	// contract records and prompts (see frontend.LoadOptions.Root), so
	// that the same code gives the same keys however its paths are
	// spelled; "" means frontend.ProjectRoot(paths).
	Root string
	// Progress, if set, receives events from one goroutine at a time.
	Progress func(progress.Event)
}

// A ReviewResult is what Review found.
type ReviewResult struct {
	Functions int `json:"functions"`
	// FileErrors lists, one line each, files found inside a named
	// directory that gave no model (unreadable, binary) and files with
	// syntax errors (their functions that parsed are kept); a named path
	// that gives none is an error (see files.PathError). Each is also sent
	// to Progress as a warning.
	FileErrors []string         `json:"file_errors,omitempty"`
	Contracts  *contract.Result `json:"contracts"`
	// Reports holds one Hoare report per function, sorted by function ID.
	Reports []*hoare.Report `json:"reports"`
}

// Bugs returns every potential bug of every report, in report order.
func (r *ReviewResult) Bugs() []hoare.PotentialBug {
	var out []hoare.PotentialBug
	for _, rep := range r.Reports {
		out = append(out, rep.Bugs...)
	}
	return out
}

// Review runs FM-Agent's pipeline over a codebase: load it, lay out its
// call graph, derive every function's contract from its callers'
// expectations top-down over the layers, then reason about each body block
// by block against its contract, assuming its callees' expected
// specifications. Potential bugs are reported, not yet confirmed: package
// validate confirms them with tests.
//
// Every verdict in the result is a language model's, except the checks a
// solver decided, which say so. A path named in paths that cannot be
// loaded (missing, not a regular file or directory, binary, of no
// language surety reads) is an error naming it (PathError), as in the
// other pipelines, before anything is asked.
func Review(ctx context.Context, paths []string, opts *ReviewOptions) (*ReviewResult, error) {
	if opts == nil || opts.Model == nil {
		return nil, errors.New("surety: Review needs a Model")
	}
	if err := files.CheckPaths(ctx, paths); err != nil {
		return nil, err
	}
	send := progress.Send(opts.Progress)
	root, err := projectRoot(opts.Root, paths)
	if err != nil {
		return nil, err
	}
	read := frontend.ReadFileIn(root)
	res := &ReviewResult{}
	warn := progress.Warn(send, "load")
	l, err := load(ctx, paths, &frontend.LoadOptions{Mode: frontend.NeedCalls | frontend.NeedBodies | frontend.NeedSpecs, Root: root}, true,
		func(msg string) { res.FileErrors = append(res.FileErrors, msg); warn(msg) })
	if err != nil {
		return nil, err
	}
	g := callgraph.Build(l.prog, &callgraph.BuildOptions{IncludeAmbiguous: !opts.StrictCalls})
	state := opts.State
	res.Functions = len(g.Nodes)
	send(progress.Event{Stage: "load", Done: len(g.Nodes), Total: len(g.Nodes)})

	know, partOf, err := cutKnowledge(ctx, opts.Model, g, opts.Knowledge)
	if err != nil {
		return nil, err
	}
	res.Contracts, err = contract.Generate(ctx, g, &contract.Options{
		Model: opts.Model, Store: &contract.Store{Dir: state.Contracts()}, Knowledge: know, PartOf: partOf,
		Entries: opts.Entries, Workers: opts.Workers, Batch: opts.Batch, ReadFile: read, Merger: opts.Merger,
		Progress: func(ev progress.Event) {
			ev.Stage = "contracts"
			send(ev)
		},
	})
	if err != nil {
		return nil, err
	}
	res.Reports, err = ReasonAll(ctx, g, res.Contracts.Records, &ReasonOptions{
		Model: opts.Model, Solver: opts.Solver, BlockLines: opts.BlockLines, Workers: opts.Workers,
		Progress: send, ReadFile: read, Stepper: opts.Stepper,
	})
	if err != nil {
		return nil, err
	}
	// The snapshot is the baseline of the next Update.
	snap, err := incremental.Take(g, res.Contracts.Records, read)
	if err != nil {
		return nil, err
	}
	return res, snap.Save(state.Snapshot())
}

// projectRoot returns root, or when it is empty the project root of paths.
func projectRoot(root string, paths []string) (string, error) {
	if root != "" {
		return filepath.Abs(root)
	}
	r, err := frontend.ProjectRoot(paths)
	if err != nil {
		return "", fmt.Errorf("surety: %w", err)
	}
	return r, nil
}

// ReasonOptions control Reason and ReasonAll. Model is required, unless
// Stepper is set, as soon as there is something to ask (see llm.ErrNoModel);
// the zero value of every other field is valid. Neither modifies it.
type ReasonOptions struct {
	Model llm.Model
	// Solver decides the implications whose formulas are closed; nil keeps
	// every check in natural language (see Solver).
	Solver smt.Solver
	// BlockLines is the largest block of the Hoare pass, in source lines
	// (one model request); 0 means 10.
	BlockLines int
	// Stepper takes the steps of the Hoare pass, for every function at
	// once, so it must be safe for concurrent use; nil means a
	// hoare.ModelStepper with Model and Solver.
	Stepper hoare.Stepper
	// Workers is the number of functions reasoned about at once; 0 means
	// one per CPU (work.Workers). The work waits on the model, not on the
	// processor: a remote model takes more.
	Workers int
	// Runner, if not nil, runs the Hoare pass of each function as a job
	// (ReasonKind), in this process (work.Local) or on the workers of
	// another machine (work/nats); nil means a pool of Workers goroutines
	// in this process. A job carries the function, its source text, its
	// contract and its callees' expected specifications, and names the
	// model and the solver: a worker runs it with the model it opened
	// itself (llm.SetWorkerModel), which must have the same name, and the
	// solver registered under that name. So only a Model that
	// llm.OpenModel opened (not an estimate), a registered Solver and no
	// Stepper can be sent: other options are refused, by name, before any
	// work. The model's token use and its budget are then the workers'.
	Runner   work.Runner
	Progress func(progress.Event)
	// Functions, when not nil, lists the IDs of the functions to reason
	// about; the others get no report.
	Functions []string
	// ReadFile reads source files; nil means os.ReadFile. When the graph
	// was loaded under a root (frontend.LoadOptions.Root), pass
	// frontend.ReadFileIn(root). Reason sets it from Root.
	ReadFile func(string) ([]byte, error)

	// The fields below are Reason's; ReasonAll is given its graph and
	// records.

	// Contracts is the directory of the contract records written by
	// Contracts; "" means ".surety/contracts".
	Contracts string
	// Out is the reason file written for Confirm (see ReasonFile); ""
	// means ".surety/reason.json".
	Out string
	// Root is the directory files are named relative to, as in
	// ReviewOptions; "" means frontend.ProjectRoot(paths). It must be the
	// root the records were made under for them to be found.
	Root string
	// DryRun writes nothing: for a Model that only counts
	// (llm.NewEstimator).
	DryRun bool
}

// ReasonAll runs the Hoare pass on every function of g that has a contract
// record, giving it the expected specifications its record holds of its
// callees. Functions are independent here (callees' contracts are
// assumed), so they run concurrently. Reports come back sorted by function
// ID; a function without a record is SKIPPED.
func ReasonAll(ctx context.Context, g *callgraph.Graph, records []*contract.Record, opts *ReasonOptions) ([]*hoare.Report, error) {
	if opts == nil || (opts.Model == nil && opts.Stepper == nil) {
		return nil, errors.New("surety: ReasonAll needs a Model or a Stepper")
	}
	// Records are matched by the line-free ID, so an edit above a
	// function does not orphan its record.
	byID := map[string]*contract.Record{}
	for _, r := range records {
		byID[contract.StableID(r.Function)] = r
	}
	read := opts.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	var (
		mu      sync.Mutex
		files   = map[string][]byte{}
		reports = make([]*hoare.Report, len(g.Nodes))
		done    int
	)
	source := func(path string) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		if b, ok := files[path]; ok {
			return b, nil
		}
		b, err := read(path)
		if err == nil {
			files[path] = b
		}
		return b, err
	}
	workers := work.Workers(opts.Workers)
	var eg errgroup.Group
	eg.SetLimit(workers)
	var only map[string]bool
	if opts.Functions != nil {
		only = map[string]bool{}
		for _, id := range opts.Functions {
			only[id] = true
		}
	}
	var inputs map[int]*hoare.Input // for the Runner, by index
	if opts.Runner != nil {
		if _, _, err := opts.sendable(); err != nil {
			return nil, err
		}
		inputs = map[int]*hoare.Input{}
	}
	for i, n := range g.Nodes {
		if only != nil && !only[n.ID] {
			continue
		}
		rec := byID[contract.StableID(n.ID)]
		if rec == nil || n.Func().Body == nil {
			why := "no contract record"
			if n.Func().Body == nil {
				why = "no statement tree (load with frontend.NeedBodies)"
			}
			reports[i] = &hoare.Report{Function: n.ID, Name: n.Func().QualifiedName(), Verdict: hoare.Skipped, Reason: why, DecidedBy: hoare.ByModel}
			continue
		}
		input := func() (*hoare.Input, error) {
			src, err := source(n.Func().Span.File)
			if err != nil {
				return nil, err
			}
			names := map[string]string{}
			for _, e := range n.Out {
				names[e.Callee.ID] = e.Callee.Func().QualifiedName()
			}
			return &hoare.Input{Func: n.Func(), Source: src, Contract: rec.Contract, Callees: rec.Expectations, CalleeNames: names}, nil
		}
		if inputs != nil {
			in, err := input()
			if err != nil {
				return nil, fmt.Errorf("surety: %w", err)
			}
			inputs[i] = in
			continue
		}
		eg.Go(func() error {
			in, err := input()
			var rep *hoare.Report
			if err == nil {
				rep, err = hoare.Reason(ctx, in,
					&hoare.Options{Model: opts.Model, Solver: opts.Solver, BlockLines: opts.BlockLines, Stepper: opts.Stepper})
			}
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			reports[i] = rep
			done++
			if opts.Progress != nil {
				opts.Progress(progress.Event{Stage: "reason", Done: done, Total: len(byID), Function: rep.Name})
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil { // the first error
		return nil, fmt.Errorf("surety: %w", err)
	}
	if inputs != nil {
		if err := reasonJobs(ctx, inputs, reports, len(byID), opts); err != nil {
			return nil, err
		}
	}
	out := slices.DeleteFunc(reports, func(r *hoare.Report) bool { return r == nil })
	slices.SortFunc(out, func(a, b *hoare.Report) int { return strings.Compare(a.Function, b.Function) })
	return out, nil
}
