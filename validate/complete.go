package validate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/suretydev/surety/validate/dafny"
)

// CompleteVerdict is the completeness checker's answer for one method or function.
type CompleteVerdict string

const (
	// CompleteOK: the uniqueness lemma was proved; the contract determines
	// the result (up to the stated loose relation, if any).
	CompleteOK CompleteVerdict = "OK"
	// CompleteUnder: Dafny proved that the contract accepts two different
	// results for one valid input; the Witness says which.
	CompleteUnder CompleteVerdict = "UNDER"
	// CompleteInconclusive: neither a proof of uniqueness nor a witness.
	CompleteInconclusive CompleteVerdict = "INCONCLUSIVE"
	// CompleteSkip: the method is outside what the checker handles; Reason
	// says why.
	CompleteSkip CompleteVerdict = "SKIP"
)

// ErrDafnyResolution reports that the user's Dafny file itself does not
// resolve, so nothing can be checked.
var ErrDafnyResolution = errors.New("validate: Dafny file does not resolve")

// CompleteOptions control CheckComplete. The zero value is valid; a nil
// pointer means the zero value. CheckComplete does not modify it.
type CompleteOptions struct {
	// Dafny is the Dafny to use; nil means dafny.Find(ctx, DafnyOptions).
	Dafny *dafny.Tool
	// DafnyOptions are used to find Dafny when Dafny is nil.
	DafnyOptions *dafny.Options
	// MaxInputs is the number of small inputs tried per method against its
	// precondition; 0 means 24.
	MaxInputs int
	// MaxRuns is the number of valid inputs run per method; 0 means 8.
	MaxRuns int
	// MaxNeighbours is the number of neighbours tried per actual result;
	// 0 means 12.
	MaxNeighbours int
}

func (o *CompleteOptions) maxInputs() int     { return defInt(o.MaxInputs, 24) }
func (o *CompleteOptions) maxRuns() int       { return defInt(o.MaxRuns, 8) }
func (o *CompleteOptions) maxNeighbours() int { return defInt(o.MaxNeighbours, 12) }

func defInt(v, d int) int {
	if v > 0 {
		return v
	}
	return d
}

// A CompleteReport is the checker's answer for one file.
type CompleteReport struct {
	File         string           `json:"file"`
	DafnyVersion string           `json:"dafny_version"`
	Results      []CompleteResult `json:"results"` // in source order
	// Runs is the number of Dafny processes started (at most four when no
	// generated check had to be dropped).
	Runs       int   `json:"dafny_runs"`
	DurationMS int64 `json:"duration_ms"`
}

// Under reports whether any result is CompleteUnder.
func (r *CompleteReport) Under() bool {
	for _, x := range r.Results {
		if x.Verdict == CompleteUnder {
			return true
		}
	}
	return false
}

// A CompleteResult is the verdict for one method or function.
type CompleteResult struct {
	Name    string          `json:"name"`
	Kind    string          `json:"kind"`
	Line    int             `json:"line"`
	Verdict CompleteVerdict `json:"verdict"`
	Reason  string          `json:"reason"`
	// Loose is the allowed-freedom relation declared for the method, over
	// r1 and r2; empty when none.
	Loose   string           `json:"loose,omitempty"`
	Witness *CompleteWitness `json:"witness,omitempty"`
	// Inputs is the number of small inputs proved valid; Neighbours the
	// number of other results tried.
	Inputs     int `json:"inputs"`
	Neighbours int `json:"neighbours"`
}

// A CompleteWitness is one valid input with two different results the contract
// accepts, both proved by Dafny.
type CompleteWitness struct {
	Input  []CompleteBinding `json:"input"`
	Actual []CompleteBinding `json:"actual"` // what the method returned
	Other  []CompleteBinding `json:"other"`  // another result the contract accepts
}

// A CompleteBinding names a value, written as a Dafny literal.
type CompleteBinding struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// CheckComplete checks every method and function of the Dafny file at path
// for contract completeness, as package doc describes. The file is read,
// never written. It costs at most four Dafny runs for the whole file (more
// only when a generated check fails to resolve and is dropped).
func CheckComplete(ctx context.Context, path string, opts *CompleteOptions) (*CompleteReport, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("validate: %w", err)
	}
	return CheckCompleteSource(ctx, path, src, opts)
}

// CheckCompleteSource is CheckComplete on a file's contents; path is used
// for messages and to resolve the file's includes.
func CheckCompleteSource(ctx context.Context, path string, src []byte, opts *CompleteOptions) (*CompleteReport, error) {
	if opts == nil {
		opts = &CompleteOptions{}
	}
	start := time.Now()
	file, err := extractDafny(string(src))
	if err != nil {
		return nil, fmt.Errorf("validate: %s: %w", path, err)
	}
	tool := opts.Dafny
	if tool == nil {
		if tool, err = dafny.Find(ctx, opts.DafnyOptions); err != nil {
			return nil, fmt.Errorf("validate: %w", err)
		}
	}
	c := &checker{opts: opts, tool: tool, file: file, dialect: tool.Dialect()}
	c.input = dafny.File{Name: "input.dfy", Content: prepareInput(path, src, file, false)}
	c.runInput = dafny.File{Name: "input.dfy", Content: prepareInput(path, src, file, true)}
	rep := &CompleteReport{File: path, DafnyVersion: tool.Version()}
	c.targets(rep)
	if err := c.run(ctx); err != nil {
		if errors.Is(err, ErrDafnyResolution) {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return nil, err
	}
	for _, t := range c.all {
		rep.Results = append(rep.Results, *t.res)
	}
	rep.Runs = c.runs
	rep.DurationMS = time.Since(start).Milliseconds()
	return rep, nil
}

var includeRE = regexp.MustCompile(`(?m)^(\s*include\s+)"([^"]+)"`)

// prepareInput makes the copy of the user's file given to Dafny: its
// includes made absolute (the copy lives elsewhere) and a top-level Main
// renamed, so the generated Main can run. For running, methods without a
// body are blanked out, since Dafny refuses to compile them.
func prepareInput(path string, src []byte, f *dfyFile, forRun bool) []byte {
	out := string(src)
	for i := len(f.Decls) - 1; i >= 0; i-- { // from the end, so offsets stay valid
		d := f.Decls[i]
		switch {
		case d.Name == "Main" && d.Container == "" && d.Kind == "method":
			out = out[:d.NameStart] + "SuretyUserMain" + out[d.NameEnd:]
		case forRun && d.Kind == "method" && !d.HasBody && d.End > d.KindStart:
			// Blank it out, keeping its lines so positions still match.
			blank := []byte(out[d.KindStart:d.End])
			for i, b := range blank {
				if b != '\n' {
					blank[i] = ' '
				}
			}
			out = out[:d.KindStart] + string(blank) + out[d.End:]
		}
	}
	dir, _ := filepath.Abs(filepath.Dir(path))
	out = includeRE.ReplaceAllStringFunc(out, func(m string) string {
		sub := includeRE.FindStringSubmatch(m)
		p := sub[2]
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return sub[1] + `"` + p + `"`
	})
	return []byte(out)
}

// A target is one method or function under check.
type target struct {
	k       int
	d       *dfyDecl
	res     *CompleteResult
	params  []*dtype
	results []*dtype
	resName []string // names of the results in the contract
	show    []string // names of the results in reports
	rtype   *dtype   // the results taken together
	ensures []string
	exec    bool // can be compiled and run
	live    bool // still being checked

	inputs     [][]value
	valid      [][]value
	actual     [][]value // per valid input, the results it produced (nil if none)
	uniq       dafny.Status
	wellFormed bool
}

type checker struct {
	opts    *CompleteOptions
	tool    *dafny.Tool
	dialect dafny.Dialect
	file    *dfyFile
	input   dafny.File
	// runInput is the copy compiled in the run pass.
	runInput dafny.File
	all      []*target
	runs     int
}

func (c *checker) targets(rep *CompleteReport) {
	for _, d := range c.file.Decls {
		if d.Name == "Main" && d.Container == "" {
			continue
		}
		switch d.Kind {
		case "lemma", "colemma", "constructor":
			continue
		}
		if len(d.Ensures) == 0 && d.Kind != "method" {
			continue // a function without a postcondition is its body
		}
		t := &target{k: len(c.all), d: d, res: &CompleteResult{Name: d.Name, Kind: d.Kind, Line: d.Line, Loose: d.Loose}}
		c.all = append(c.all, t)
		if why := c.prepare(t); why != "" {
			t.res.Verdict, t.res.Reason = CompleteSkip, why
			continue
		}
		t.live = true
	}
}

// prepare fills in a target's types, or says why it cannot be checked.
func (c *checker) prepare(t *target) string {
	d := t.d
	switch {
	case d.Container != "":
		return "declared inside " + d.Container + " (only top-level methods and functions are checked)"
	case d.TypeParam:
		return "has type parameters"
	case d.Modifies:
		return "reads or modifies the heap"
	case len(d.Results) == 0:
		return "has no results"
	case strings.Contains(d.Kind, "predicate") && len(d.Ensures) == 0:
		return "predicate without postcondition"
	}
	for _, p := range d.Params {
		pt, err := parseType(p.Type, c.file.Datatypes)
		if err != nil {
			return "parameter " + p.Name + ": " + err.Error()
		}
		t.params = append(t.params, pt)
	}
	for i, r := range d.Results {
		rt, err := parseType(r.Type, c.file.Datatypes)
		if err != nil {
			return "result: " + err.Error()
		}
		t.results = append(t.results, rt)
		name, show := r.Name, r.Name
		if name == "" {
			name, show = fmt.Sprintf("suretyRes%d", i), "result"
		}
		t.resName = append(t.resName, name)
		t.show = append(t.show, show)
	}
	t.rtype = tupleType(t.results)
	t.ensures = d.Ensures
	if d.Kind != "method" && d.Results[0].Name == "" {
		// A function's ensures speak of F(params): put the result there.
		var names []string
		for _, p := range d.Params {
			names = append(names, regexp.QuoteMeta(p.Name))
		}
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(d.Name) + `\s*\(\s*` + strings.Join(names, `\s*,\s*`) + `\s*\)`)
		t.ensures = nil
		for _, e := range d.Ensures {
			t.ensures = append(t.ensures, re.ReplaceAllString(e, t.resName[0]))
		}
	}
	switch d.Kind {
	case "method":
		t.exec = !d.Ghost && d.HasBody
	case "function method", "predicate method":
		t.exec = d.HasBody
	case "function", "predicate":
		t.exec = c.dialect == dafny.Modern && !d.Ghost && d.HasBody
	}
	return ""
}
