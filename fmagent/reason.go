package fmagent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/internal/atomicfile"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/progress"
)

// A ReasonFile is what Reason writes (by default to .surety/reason.json)
// and Confirm reads: the Hoare reports of a run, as JSON
// {"reports": [...]}, indented by two spaces.
type ReasonFile struct {
	Reports []*hoare.Report `json:"reports"`
}

// Write writes f to path atomically (a temporary file renamed into place).
func (f *ReasonFile) Write(path string) error {
	data, err := f.marshal()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data)
}

// Encode writes f to w as Write writes it to a file.
func (f *ReasonFile) Encode(w io.Writer) error {
	data, err := f.marshal()
	if err == nil {
		_, err = w.Write(data)
	}
	return err
}

func (f *ReasonFile) marshal() ([]byte, error) {
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	return append(data, '\n'), nil
}

// ErrNoReasonFile is returned by ReadReasonFile when the file is not
// there: Reason has not run yet.
var ErrNoReasonFile = errors.New("surety: no reason file")

// ReadReasonFile reads a ReasonFile. A missing file is ErrNoReasonFile; a
// file that is not a regular file (a FIFO) or not JSON is an error naming
// it.
func ReadReasonFile(ctx context.Context, path string) (*ReasonFile, error) {
	data, err := frontend.ReadFile(ctx, path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNoReasonFile, path)
	}
	if err != nil {
		return nil, files.PathError(path, err)
	}
	var f ReasonFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &f, nil
}

// A ReasonResult is what Reason found.
type ReasonResult struct {
	// Reports holds one Hoare report per function, sorted by function ID.
	Reports []*hoare.Report `json:"reports"`
	// Out is the reason file written; "" in a dry run.
	Out string `json:"out,omitempty"`
}

// File returns the reason file of r, as Reason writes it.
func (r *ReasonResult) File() *ReasonFile { return &ReasonFile{Reports: r.Reports} }

// Reason runs the Hoare pass (FM-Agent techniques 3 to 5) over the code at
// paths against the contract records Contracts wrote: every function with
// a record is reasoned about block by block, assuming its callees'
// expected specifications; a function without one is SKIPPED. The reports
// are written to Out (a ReasonFile) for Confirm.
//
// A path that cannot be loaded, code with no function, and a directory
// with no record are errors. Every verdict is a language model's, except
// the checks a solver decided, which say so.
func Reason(ctx context.Context, paths []string, opts *ReasonOptions) (*ReasonResult, error) {
	if opts == nil {
		opts = &ReasonOptions{}
	}
	send := progress.Send(opts.Progress)
	root, err := projectRoot(opts.Root, paths)
	if err != nil {
		return nil, err
	}
	l, err := load(ctx, paths, &frontend.LoadOptions{Mode: frontend.NeedCalls | frontend.NeedBodies, Root: root}, true, progress.Warn(send, "load"))
	if err != nil {
		return nil, err
	}
	dir := opts.Contracts
	if dir == "" {
		dir = State("").Contracts()
	}
	records, err := (&contract.Store{Dir: dir}).All()
	if err != nil {
		return nil, err
	}
	if len(records) == 0 {
		return nil, fmt.Errorf("no contract records in %s: run surety contracts first", dir)
	}
	if opts.Model == nil && opts.Stepper == nil {
		return nil, llm.ErrNoModel
	}
	out := opts.Out
	if out == "" {
		out = State("").Reason()
	}
	// Nothing is asked before the reports are known to have a place.
	if err := files.CheckOutFile(out, opts.DryRun); err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	g := callgraph.Build(l.prog, &callgraph.BuildOptions{IncludeAmbiguous: true})
	o := *opts
	o.ReadFile, o.Progress = frontend.ReadFileIn(l.root), send
	reports, err := ReasonAll(ctx, g, records, &o)
	if err != nil {
		return nil, err
	}
	res := &ReasonResult{Reports: reports}
	if !opts.DryRun {
		if err := res.File().Write(out); err != nil {
			return nil, err
		}
		res.Out = out
	}
	return res, nil
}

// WriteReasonText writes reports for people: one line per function (its
// verdict, the reason, the model requests), each potential bug with its
// chain of conditions, then a count of the verdicts naming who gave them
// (by; "" means "a language model").
func WriteReasonText(w io.Writer, reports []*hoare.Report, by string) error {
	ew := &files.ErrWriter{W: w}
	counts := map[hoare.Verdict]int{}
	for _, r := range reports {
		counts[r.Verdict]++
		ew.Printf("%-8s %s", r.Verdict, r.Name)
		if r.Reason != "" {
			ew.Printf(": %s", r.Reason)
		}
		if r.Requests > 0 {
			ew.Printf(" (%d model requests)", r.Requests)
		}
		ew.Printf("\n")
		for _, b := range r.Bugs {
			ew.Printf("  potential bug at %s: %s\n", b.Exit, oneLine(b.ExitText))
			ew.Printf("    post-condition: %s\n    holds instead:  %s\n", oneLine(b.Post), oneLine(b.Condition))
			ew.Printf("    trigger: %s\n", oneLine(b.Trigger))
			if b.Counterexample != "" {
				ew.Printf("    counterexample: %s\n", oneLine(b.Counterexample))
			}
			for i, c := range b.Chain {
				ew.Printf("    %d. %s\n", i+1, oneLine(c))
			}
		}
	}
	if by == "" {
		by = "a language model"
	}
	ew.Printf("%d functions: %d MATCH, %d MISMATCH, %d ERROR, %d SKIPPED (verdicts of %s)\n", len(reports),
		counts[hoare.Match], counts[hoare.Mismatch], counts[hoare.Error], counts[hoare.Skipped], by)
	return ew.Err
}

// oneLine folds s onto one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// ReportsFailed sums up reports for a build: failed is true for a MISMATCH
// or an ERROR among the verdicts; all is true when every report is an
// ERROR (the run itself failed), and first is then the first one's reason,
// on one line.
func ReportsFailed(reports []*hoare.Report) (failed, all bool, first string) {
	mismatch, errs := false, 0
	for _, r := range reports {
		switch r.Verdict {
		case hoare.Mismatch:
			mismatch = true
		case hoare.Error:
			if errs == 0 {
				first = r.Name + ": " + oneLine(r.Reason)
			}
			errs++
		}
	}
	all = !mismatch && errs > 0 && errs == len(reports)
	return mismatch || errs > 0, all, first
}
