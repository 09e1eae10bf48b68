package fmagent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/incremental"
	"github.com/suretydev/surety/incremental/git"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/progress"
	"github.com/suretydev/surety/smt"
)

// UpdateOptions control Update. Model is required unless PlanOnly is set;
// the zero value of every other field is valid. Update does not modify it.
type UpdateOptions struct {
	Model  llm.Model
	Solver smt.Solver
	// State is the directory of the contract records ("contracts/") and the
	// snapshot ("snapshot.json"); "" means ".surety".
	State State
	// Since, when set, is the revision to compare with, read from the
	// repository at Repo ("" means the project root); otherwise the
	// snapshot saved by the last run is the baseline.
	Since, Repo string
	// History reads the revision Since; nil means git (incremental/git).
	History incremental.History
	// Goal states what the change is for; with Since and no Goal, the
	// commit messages since that revision are the goal.
	Goal string
	// Relevance weighs the goal search; nil means the defaults.
	Relevance *incremental.RelevanceOptions
	// PlanOnly stops after the plan: nothing is asked, nothing written.
	PlanOnly bool
	// DryRun writes nothing, for a Model that only counts
	// (llm.NewEstimator): Update works on a scratch copy of State (the
	// records and the snapshot), removed when it returns.
	DryRun bool
	// Workers, Batch and BlockLines are passed to the stages.
	Workers, Batch, BlockLines int
	// Merger and Stepper are passed to the contract stage and the Hoare
	// pass, as in ReviewOptions.
	Merger  contract.Merger
	Stepper hoare.Stepper
	// Root is the directory files are named relative to, as in
	// ReviewOptions; "" means frontend.ProjectRoot(paths). It must be the
	// root the records were made under for them to be found.
	Root string
	// Progress, if set, receives a "load" warning for each file Update
	// leaves out or keeps in part (UpdateResult.Skipped), as it finds it.
	Progress func(progress.Event)
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
	// Expectations is what the revision of the callers' expectations of
	// changed contracts did.
	Expectations *contract.ReviseResult `json:"expectations,omitempty"`
	// Total is the number of functions in the program.
	Total int `json:"total"`
	// Skipped names, one line each with the reason, the files of the
	// paths that were left out (found inside a directory, and binary, not
	// UTF-8, or unreadable) or kept in part (a syntax error, with its line:
	// the functions that parsed are kept), in the work tree and, with
	// Since, in the revision ("REV:path"). A file named in the paths that
	// cannot be loaded is an error instead.
	Skipped []string `json:"skipped,omitempty"`
}

// WriteText writes the result for people: the goal (and whether it
// matched any function well), the plan (the final one when contracts were
// updated), then how many contracts were asked and reused and each
// function reasoned about again, with its potential bugs.
func (r *UpdateResult) WriteText(w io.Writer) error {
	ew := &files.ErrWriter{W: w}
	if r.Goal != "" {
		ew.Printf("goal: %s\n", r.Goal)
		switch {
		case r.LowConfidence && r.Reranked:
			ew.Printf("no function scores well against the goal by its words; the model chose the relevant ones\n")
		case r.LowConfidence:
			ew.Printf("no function scores well against the goal; none is added for relevance\n")
		}
	}
	plan := r.Plan
	if r.Final != nil {
		plan = r.Final
	}
	if ew.Err == nil {
		plan.Write(w)
	}
	if r.Contracts == nil {
		return ew.Err
	}
	ew.Printf("contracts: %d asked, %d reused; reasoned again about %d of %d functions\n",
		r.Contracts.Asked, r.Contracts.Reused, len(r.Reports), r.Total)
	for _, rep := range r.Reports {
		ew.Printf("  %-8s %s\n", rep.Verdict, rep.Name)
		for _, b := range rep.Bugs {
			ew.Printf("           potential bug at %s: %s\n", b.Exit, b.ExitText)
		}
	}
	return ew.Err
}

// Update redoes only what a change touches (FM-Agent technique 7): it
// compares the program with a baseline (the last run's snapshot, or a git
// revision), adds the functions relevant to the goal, updates the contracts
// of the new, modified and relevant functions caller before callee, each
// shown its contract before the change and the goal, revises the
// expectations callers hold of every contract that changed, and reasons
// again about every function the re-check rule names. The snapshot is
// saved for the next run.
//
// Files are named relative to the project root (UpdateOptions.Root), in
// the work tree and in the checkout of a revision alike: the same function
// has the same ID in both, so the contracts on record match either.
func Update(ctx context.Context, paths []string, opts *UpdateOptions) (*UpdateResult, error) {
	if opts == nil {
		opts = &UpdateOptions{}
	}
	if err := files.CheckPaths(ctx, paths); err != nil {
		return nil, err
	}
	if opts.Model == nil && !opts.PlanOnly {
		return nil, llm.ErrNoModel
	}
	state := opts.State
	if !opts.PlanOnly {
		// Nothing is asked before the state is known to have a place.
		if err := files.CheckOutDir(state.Dir(), opts.DryRun); err != nil {
			return nil, fmt.Errorf("surety: %w", err)
		}
	}
	if opts.DryRun && !opts.PlanOnly {
		// Update deletes the records it will redo and saves the
		// snapshot; a dry run writes nothing, so it works on a copy.
		scratch, err := scratchState(state)
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(scratch)
		state = State(scratch)
	}
	store := &contract.Store{Dir: state.Contracts()}
	snapPath := state.Snapshot()
	records, err := store.All()
	if err != nil {
		return nil, err
	}
	root, err := projectRoot(opts.Root, paths)
	if err != nil {
		return nil, err
	}
	read := frontend.ReadFileIn(root)
	res := &UpdateResult{Goal: opts.Goal}
	send := progress.Send(opts.Progress)
	skip := func(msg string) {
		res.Skipped = append(res.Skipped, msg)
		send(progress.Event{Stage: "load", Warning: msg})
	}
	g, err := loadGraph(ctx, paths, root, skip)
	if err != nil {
		return nil, err
	}
	res.Total = len(g.Nodes)
	cur, err := incremental.Take(g, records, read)
	if err != nil {
		return nil, err
	}

	var old *incremental.Snapshot
	if opts.Since != "" {
		// The revision's tree of the root itself: git archive run in a
		// directory gives that directory's subtree, so the checkout is
		// the root as it was and loads under the same names.
		hist := opts.History
		if hist == nil {
			hist = &git.Tool{}
		}
		dir, remove, err := hist.Checkout(ctx, root, opts.Since)
		if err != nil {
			return nil, fmt.Errorf("surety: %w", err)
		}
		defer remove()
		var oldPaths []string
		for _, p := range paths {
			abs, err := filepath.Abs(p)
			if err != nil {
				return nil, fmt.Errorf("surety: %w", err)
			}
			rel, err := filepath.Rel(root, abs)
			if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return nil, fmt.Errorf("surety: %s is not inside the project root %s", p, root)
			}
			oldPaths = append(oldPaths, filepath.Join(dir, rel))
		}
		// The revision's files are named as REV:path.
		og, err := loadGraph(ctx, oldPaths, dir, func(msg string) {
			skip(strings.ReplaceAll(msg, dir+string(filepath.Separator), opts.Since+":"))
		})
		if err != nil {
			return nil, err
		}
		// The contracts on record are the baseline's.
		if old, err = incremental.Take(og, records, frontend.ReadFileIn(dir)); err != nil {
			return nil, err
		}
		if res.Goal == "" {
			repo := opts.Repo
			if repo == "" {
				repo = root
			}
			if res.Goal, err = hist.Messages(ctx, repo, opts.Since); err != nil {
				return nil, fmt.Errorf("surety: %w", err)
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
	// Generate redoes them caller before callee, and their callees after,
	// each shown its contract before the change and the goal (step 4).
	previous := map[string]*contract.Record{}
	for _, r := range records {
		previous[contract.StableID(r.Function)] = r
	}
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
		Workers: opts.Workers, Batch: opts.Batch, ReadFile: read, Goal: res.Goal, Previous: previous, Merger: opts.Merger})
	if err != nil {
		return nil, err
	}
	after, err := incremental.Take(g, res.Contracts.Records, read)
	if err != nil {
		return nil, err
	}
	// Step 5: the expectations callers hold of a changed contract are
	// brought up to date, so that their re-check reasons against it.
	var changed []string
	for _, k := range slices.Sorted(maps.Keys(after.Functions)) {
		f := after.Functions[k]
		if o := old.Functions[k]; o != nil && o.Contract != "" && f.Contract != "" && o.Contract != f.Contract {
			changed = append(changed, f.ID)
		}
	}
	records = res.Contracts.Records
	if len(changed) > 0 {
		res.Expectations, err = contract.ReviseCallers(ctx, g, records, changed, &contract.ReviseOptions{Model: opts.Model,
			Store: store, Goal: res.Goal, Previous: previous, Workers: opts.Workers, ReadFile: read})
		if err != nil {
			return nil, err
		}
		records = res.Expectations.Records
	}
	res.Final = incremental.Diff(old, after, res.Relevant)

	var redo []string
	for _, it := range res.Final.Recheck {
		redo = append(redo, after.Functions[it.Key].ID)
	}
	if res.Reports, err = ReasonAll(ctx, g, records, &ReasonOptions{Model: opts.Model, Solver: opts.Solver,
		BlockLines: opts.BlockLines, Workers: opts.Workers, Functions: redo, ReadFile: read, Stepper: opts.Stepper}); err != nil {
		return nil, err
	}
	if err := after.Save(snapPath); err != nil {
		return nil, err
	}
	return res, nil
}

// loadGraph loads paths under root with everything the pipelines need and
// builds the call graph, ambiguous edges included: every possible caller
// counts. Each file left out or kept in part is a line sent to warn. It
// is not load: the tree of an old revision may lack a path named now,
// and may have no function at all.
func loadGraph(ctx context.Context, paths []string, root string, warn func(string)) (*callgraph.Graph, error) {
	prog, ferrs, err := frontend.Load(ctx, paths, &frontend.LoadOptions{Mode: frontend.NeedCalls | frontend.NeedBodies | frontend.NeedSpecs, Root: root})
	if err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	warnLoad(prog, ferrs, true, warn)
	return callgraph.Build(prog, &callgraph.BuildOptions{IncludeAmbiguous: true}), nil
}

// scratchState copies what Update reads of the state directory (the
// contract records and the snapshot) into a new temporary directory.
func scratchState(state State) (string, error) {
	dir, err := os.MkdirTemp("", "surety-estimate-")
	if err != nil {
		return "", fmt.Errorf("surety: %w", err)
	}
	copyFile := func(from, to string) error {
		data, err := os.ReadFile(from)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	}
	scratch := State(dir)
	err = copyFile(state.Snapshot(), scratch.Snapshot())
	if err == nil {
		err = os.MkdirAll(scratch.Contracts(), 0o755)
	}
	if err == nil {
		var entries []os.DirEntry
		entries, err = os.ReadDir(state.Contracts())
		if errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
		for _, en := range entries {
			if err != nil {
				break
			}
			if en.Type().IsRegular() {
				err = copyFile(filepath.Join(state.Contracts(), en.Name()), filepath.Join(scratch.Contracts(), en.Name()))
			}
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("surety: %w", err)
	}
	return dir, nil
}
