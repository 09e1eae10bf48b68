package surety

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/incremental"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/smt"
)

// UpdateOptions control Update. Model is required unless PlanOnly is set;
// the zero value of every other field is valid. Update does not modify it.
type UpdateOptions struct {
	Model  llm.Model
	Solver smt.Solver
	// State is the directory of the contract records ("contracts/") and the
	// snapshot ("snapshot.json"); "" means ".surety".
	State string
	// Since, when set, is the git revision to compare with, read from the
	// repository at Repo ("" means "."); otherwise the snapshot saved by the
	// last run is the baseline.
	Since, Repo string
	// Goal states what the change is for; with Since and no Goal, the
	// commit messages since that revision are the goal.
	Goal string
	// Relevance weighs the goal search; nil means the defaults.
	Relevance *incremental.RelevanceOptions
	// PlanOnly stops after the plan: nothing is asked, nothing written.
	PlanOnly bool
	// Workers, Batch and BlockLines are passed to the stages.
	Workers, Batch, BlockLines int
}

// An UpdateResult is what Update planned and did.
type UpdateResult struct {
	Goal string `json:"goal,omitempty"`
	// Relevant lists the functions the goal search kept.
	Relevant []incremental.Scored `json:"relevant,omitempty"`
	// LowConfidence reports that no function scored above the threshold:
	// the goal matched nothing well. Reranked says the model then chose
	// the relevant functions (a model's judgement).
	LowConfidence bool `json:"low_confidence,omitempty"`
	Reranked      bool `json:"reranked,omitempty"`
	// Plan is the plan before contracts were updated; Final the re-check
	// set after, when contract changes are known.
	Plan  *incremental.Plan `json:"plan"`
	Final *incremental.Plan `json:"final,omitempty"`
	// Contracts is the contract stage's result; Reports the Hoare reports
	// of the functions reasoned about again.
	Contracts *contract.Result `json:"contracts,omitempty"`
	Reports   []*hoare.Report  `json:"reports,omitempty"`
	// Total is the number of functions in the program.
	Total int `json:"total"`
}

// Update redoes only what a change touches (FM-Agent technique 7): it
// compares the program with a baseline (the last run's snapshot, or a git
// revision), adds the functions relevant to the goal, updates the contracts
// of the new, modified and relevant functions caller before callee, and
// reasons again about every function the re-check rule names. The
// snapshot is saved for the next run.
func Update(ctx context.Context, paths []string, opts *UpdateOptions) (*UpdateResult, error) {
	if opts == nil {
		opts = &UpdateOptions{}
	}
	if opts.Model == nil && !opts.PlanOnly {
		return nil, errors.New("surety: Update needs a Model unless PlanOnly")
	}
	state := opts.State
	if state == "" {
		state = ".surety"
	}
	store := &contract.Store{Dir: filepath.Join(state, "contracts")}
	snapPath := filepath.Join(state, "snapshot.json")
	records, err := store.All()
	if err != nil {
		return nil, err
	}
	g, err := loadGraph(ctx, paths)
	if err != nil {
		return nil, err
	}
	res := &UpdateResult{Total: len(g.Nodes), Goal: opts.Goal}
	cur, err := incremental.Take(g, records, nil)
	if err != nil {
		return nil, err
	}

	var old *incremental.Snapshot
	if opts.Since != "" {
		repo := opts.Repo
		if repo == "" {
			repo = "."
		}
		dir, remove, err := incremental.Checkout(ctx, repo, opts.Since)
		if err != nil {
			return nil, err
		}
		defer remove()
		var oldPaths []string
		for _, p := range paths {
			rel, err := filepath.Rel(repo, p)
			if err != nil {
				return nil, fmt.Errorf("surety: %s is not inside %s: %w", p, repo, err)
			}
			oldPaths = append(oldPaths, filepath.Join(dir, rel))
		}
		og, err := loadGraph(ctx, oldPaths)
		if err != nil {
			return nil, err
		}
		// The contracts on record are the baseline's.
		snap, err := incremental.Take(og, records, nil)
		if err != nil {
			return nil, err
		}
		old = snap.Trim(dir)
		if res.Goal == "" {
			if res.Goal, err = incremental.CommitMessages(ctx, repo, opts.Since); err != nil {
				return nil, err
			}
		}
	} else if old, err = incremental.Load(snapPath); err != nil {
		return nil, err
	}
	if old == nil {
		old = &incremental.Snapshot{}
	}
	if res.Goal != "" {
		res.Relevant, res.LowConfidence = incremental.Relevant(cur, res.Goal, opts.Relevance)
		if res.LowConfidence && opts.Model != nil && !opts.PlanOnly {
			// Word overlap found nothing: the model re-ranks (FM-Agent 7).
			if res.Relevant, err = incremental.Rerank(ctx, opts.Model, cur, res.Goal, 0, opts.Relevance); err != nil {
				return nil, err
			}
			res.Reranked = true
		}
	}
	res.Plan = incremental.Diff(old, cur, res.Relevant)
	if opts.PlanOnly {
		return res, nil
	}

	// Contracts: drop the records to redo and those of removed functions;
	// Generate redoes them caller before callee, and their callees after.
	ids := map[string]string{}
	for _, f := range cur.Functions {
		ids[f.Key] = f.ID
	}
	for _, it := range res.Plan.Regenerate {
		if err := store.Delete(ids[it.Key]); err != nil {
			return nil, err
		}
	}
	for _, k := range res.Plan.Discard {
		if f := old.Functions[k]; f != nil {
			if err := store.Delete(f.ID); err != nil {
				return nil, err
			}
		}
	}
	res.Contracts, err = contract.Generate(ctx, g, &contract.Options{Model: opts.Model, Store: store,
		Workers: opts.Workers, Batch: opts.Batch})
	if err != nil {
		return nil, err
	}
	after, err := incremental.Take(g, res.Contracts.Records, nil)
	if err != nil {
		return nil, err
	}
	res.Final = incremental.Diff(old, after, res.Relevant)

	var redo []string
	for _, it := range res.Final.Recheck {
		redo = append(redo, after.Functions[it.Key].ID)
	}
	if res.Reports, err = ReasonAll(ctx, g, res.Contracts.Records, &ReasonOptions{Model: opts.Model, Solver: opts.Solver,
		BlockLines: opts.BlockLines, Workers: opts.Workers, Functions: redo}); err != nil {
		return nil, err
	}
	if err := after.Save(snapPath); err != nil {
		return nil, err
	}
	return res, nil
}

// loadGraph loads paths with everything the pipelines need and builds the
// call graph, ambiguous edges included: every possible caller counts.
func loadGraph(ctx context.Context, paths []string) (*callgraph.Graph, error) {
	prog, _, err := frontend.Load(ctx, paths, &frontend.LoadOptions{Mode: frontend.NeedCalls | frontend.NeedBodies | frontend.NeedSpecs})
	if err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	return callgraph.Build(prog, &callgraph.BuildOptions{IncludeAmbiguous: true}), nil
}
