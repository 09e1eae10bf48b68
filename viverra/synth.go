package viverra

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/cospec"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/atomicfile"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/llm"
)

// SynthOptions control Synth. Cospec.Model is needed (see llm.ErrNoModel);
// the zero value of every other field is valid. Synth does not modify it.
type SynthOptions struct {
	// Cospec holds the stages' options: the model, the checker (nil means
	// Engines' default portfolio), the bound, the compile check. Its File
	// is set from Name.
	Cospec cospec.Options
	// Out is the directory the program and the report are written to; ""
	// means "synth".
	Out string
	// Name is the base name of the files written (a plain file name); ""
	// means "program". Synth writes NAME.c (the program with its facts),
	// NAME.json (the report, a cospec.Result), and the programs of the
	// stages that ran: NAME.synthesized.c, NAME.annotated.c,
	// NAME.reduced.c.
	Name string
	// DryRun writes nothing and creates no directory: for a Model that
	// only counts (llm.NewEstimator).
	DryRun bool
	// Engines chooses the checker when Cospec.Checker is nil (see
	// Engines); nil means every engine available here.
	Engines *EngineOptions
}

// Synth writes a C program from a task description with verified facts,
// VIVERRA's way (see cospec.Synthesize): properties, synthesis with a
// compile check, assertions, bound reduction, VerifyAll, //FACT comments.
// The files are written to Out, each atomically, even when a stage fails
// part-way: the result then holds the stages that finished, beside the
// error. With an estimating model the error is llm.ErrEstimate after the
// first request, since every later stage depends on the replies.
func Synth(ctx context.Context, description string, opts *SynthOptions) (*cospec.Result, error) {
	if opts == nil {
		opts = &SynthOptions{}
	}
	name := opts.Name
	if name == "" {
		name = "program"
	}
	if strings.ContainsAny(name, `/\`) {
		return nil, fmt.Errorf("surety: name %q: a plain file name is needed", name)
	}
	out := opts.Out
	if out == "" {
		out = "synth"
	}
	co := opts.Cospec
	co.File = name + ".c"
	if co.Checker == nil {
		c, err := Engines(ctx, opts.Engines)
		if err != nil {
			return nil, err
		}
		co.Checker = c
	}
	if co.Model == nil {
		return nil, llm.ErrNoModel
	}
	// Nothing is asked before the program is known to have a place.
	if err := files.CheckOutDir(out, opts.DryRun); err != nil {
		return nil, fmt.Errorf("surety: %w", err)
	}
	res, err := cospec.Synthesize(ctx, description, &co)
	if res != nil && !opts.DryRun {
		if werr := writeSynth(out, name, res); werr != nil {
			return res, werr
		}
	}
	return res, err
}

// writeSynth writes the final program, the report and each stage's program
// that exists, atomically.
func writeSynth(dir, name string, res *cospec.Result) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		return fmt.Errorf("surety: %w", err)
	}
	files := []struct{ path, text string }{
		{name + ".synthesized.c", res.Synthesized},
		{name + ".annotated.c", res.Annotated},
		{name + ".reduced.c", res.Reduced},
		{name + ".c", res.Final},
		{name + ".json", buf.String()},
	}
	for _, f := range files {
		if f.text == "" {
			continue
		}
		if err := atomicfile.Write(filepath.Join(dir, f.path), []byte(f.text)); err != nil {
			return err
		}
	}
	return nil
}

// ReadDescription reads a task description for Synth from a file: a
// regular file of text that is not empty, trimmed. An error names the
// file and what is wrong with it.
func ReadDescription(ctx context.Context, path string) (string, error) {
	data, err := frontend.ReadFile(ctx, path)
	if err != nil {
		return "", err
	}
	if err := frontend.CheckText(data); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	desc := strings.TrimSpace(string(data))
	if desc == "" {
		return "", fmt.Errorf("%s: the description is empty", path)
	}
	return desc, nil
}

// WriteSynthText writes the summary of a Synth result for people: the
// properties, the bound reductions, the verdict of each assertion with the
// property it expresses, the stages, and path, where the program is.
func WriteSynthText(w io.Writer, res *cospec.Result, path string) error {
	ew := &files.ErrWriter{W: w}
	ew.Printf("%d properties (elicited by a language model):\n", len(res.Properties))
	for i, p := range res.Properties {
		ew.Printf("  %d. %s\n", i+1, p)
	}
	for _, r := range res.Reductions {
		ew.Printf("bound reduction: %s %d -> %d\n", r.Name, r.From, r.To)
	}
	prop := map[int]int{}
	for _, m := range res.Mapping {
		prop[m.Index] = m.Property
	}
	rep := res.Report
	for _, i := range rep.Order {
		f := rep.Facts[i]
		ew.Printf("%-4s %-10s %-14s property %-2d %s", f.Label(), f.Status, f.Func, prop[i], f.Pred)
		if f.Status == bmc.VerdictCVerified {
			ew.Printf("  [deps %s]", bmc.Labels(f.Deps))
		}
		ew.Printf("\n")
	}
	s := rep.Summary
	ew.Printf("%s: %d assertions, %d VERIFIED, %d C-VERIFIED, %d unverified (%d FALSIFIED, %d UNKNOWN); k=%d; engine %s\n",
		res.File, s.Assertions, s.Verified, s.CVerified, s.Unverified, s.Falsified, s.Unknown, rep.K, rep.Engine)
	for _, st := range res.Stages {
		ew.Printf("stage %-10s %8s  %d requests", st.Name, st.Duration.Round(time.Millisecond), st.Usage.Requests)
		if len(st.Problems) > 0 {
			ew.Printf(", %d rejected", len(st.Problems))
		}
		if st.Skipped != "" {
			ew.Printf(", skipped: %s", st.Skipped)
		}
		ew.Printf("\n")
	}
	ew.Printf("wrote %s (%d facts)\n", path, len(res.Facts))
	return ew.Err
}

// ProgramFile is where Synth writes the program with its facts: NAME.c in
// Out.
func (o *SynthOptions) ProgramFile() string { return filepath.Join(o.Out, o.Name+".c") }

// ReportFile is where Synth writes its JSON report: NAME.json in Out.
func (o *SynthOptions) ReportFile() string { return filepath.Join(o.Out, o.Name+".json") }
