package validate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
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
	// RunTimeout bounds one compile-and-run of the methods on their small
	// inputs; a method still running then is taken as not returning on
	// the input it was given. 0 means 60s.
	RunTimeout time.Duration
}

func (o *CompleteOptions) maxInputs() int     { return defInt(o.MaxInputs, 24) }
func (o *CompleteOptions) maxRuns() int       { return defInt(o.MaxRuns, 8) }
func (o *CompleteOptions) maxNeighbours() int { return defInt(o.MaxNeighbours, 12) }
func (o *CompleteOptions) runTimeout() time.Duration {
	if o.RunTimeout > 0 {
		return o.RunTimeout
	}
	return 60 * time.Second
}

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
	// Runs is the number of Dafny processes started: the file's own
	// verification, one for the uniqueness lemmas and small inputs, one
	// run of the methods, and one to three rounds of witness search, one
	// more when the last round found a candidate to verify again alone
	// (more when a generated check had to be dropped, or a method hung or
	// crashed).
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
// never written. It costs a few Dafny runs for the whole file, however
// many methods and inputs it has (CompleteReport.Runs says how many).
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
	c.asGiven = dafny.File{Name: "input.dfy", Content: absIncludes(path, string(src))}
	c.input = dafny.File{Name: "input.dfy", Content: prepareInput(path, src, file, false)}
	c.runInput = dafny.File{Name: "input.dfy", Content: prepareInput(path, src, file, true)}
	c.unproved = uncheckedIn(path, file)
	c.reveal = opaqueNames(file)
	rep := &CompleteReport{File: path, DafnyVersion: tool.Version()}
	c.targets()
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

// absIncludes makes the includes of src absolute, relative to the
// directory of path: the copy given to Dafny lives elsewhere.
func absIncludes(path, src string) []byte {
	dir, _ := filepath.Abs(filepath.Dir(path))
	return []byte(includeRE.ReplaceAllStringFunc(src, func(m string) string {
		sub := includeRE.FindStringSubmatch(m)
		p := sub[2]
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return sub[1] + `"` + p + `"`
	}))
}

// prepareInput makes the copy of the user's file that generated checks
// include: its includes made absolute and a top-level Main renamed, so the
// generated Main can run. For running, methods without a body are blanked
// out, since Dafny refuses to compile them.
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
	return absIncludes(path, out)
}

// An unproved is something Dafny takes as true without proof: a
// postcondition of a declaration without a body, a declaration marked
// {:axiom} or {:verify false}, an assume statement. Any of them may make a
// proof vacuous: a body-less "function Oracle(x: int): int ensures false"
// proves every lemma. Global is set when Dafny assumes it everywhere (a
// function's or predicate's postcondition is an axiom of every proof);
// the others are assumed only by the proofs that call them or contain them.
type unproved struct {
	What   string // "the body-less function Oracle", "an assume statement"
	File   string // "" for the checked file, else the included file's path
	Line   int
	Global bool
}

func (u unproved) String() string {
	where := fmt.Sprintf("line %d", u.Line)
	if u.File != "" {
		where = fmt.Sprintf("%s line %d", u.File, u.Line)
	}
	return u.What + " (" + where + ")"
}

// uncheckedIn lists what f and the files it includes (read from disk,
// transitively) assume without proof, in source order.
func uncheckedIn(path string, f *dfyFile) []unproved {
	var out []unproved
	seen := map[string]bool{}
	if abs, err := filepath.Abs(path); err == nil {
		seen[abs] = true
	}
	var walk func(name string, f *dfyFile, dir string)
	walk = func(name string, f *dfyFile, dir string) {
		out = append(out, unprovedOf(name, f)...)
		for _, inc := range f.Includes {
			p := unquote(inc)
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			abs, err := filepath.Abs(p)
			if err != nil || seen[abs] {
				continue
			}
			seen[abs] = true
			src, err := os.ReadFile(abs)
			if err != nil {
				continue // Dafny says so when it verifies the file
			}
			g, err := extractDafny(string(src))
			if err != nil {
				continue
			}
			walk(p, g, filepath.Dir(abs))
		}
	}
	walk("", f, filepath.Dir(path))
	return out
}

func unprovedOf(file string, f *dfyFile) []unproved {
	var out []unproved
	for _, d := range f.Decls {
		function := strings.HasPrefix(d.Kind, "function") || strings.Contains(d.Kind, "predicate")
		name := d.Kind + " " + d.Name
		if d.Container != "" {
			name = d.Kind + " " + d.Container + "." + d.Name
		}
		switch {
		case d.Unchecked != "":
			out = append(out, unproved{d.Unchecked + " on the " + name, file, d.Line, function})
		case !d.HasBody && len(d.Ensures) > 0:
			out = append(out, unproved{"the body-less " + name + " with a postcondition", file, d.Line, function})
		}
	}
	for _, l := range f.Assumes {
		out = append(out, unproved{"an assume statement", file, l, false})
	}
	for _, a := range f.Attrs {
		dup := false
		for _, u := range out {
			dup = dup || u.File == file && u.Line == a.line
		}
		if !dup {
			out = append(out, unproved{"the attribute " + a.text, file, a.line, true})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File == out[j].File && out[i].Line < out[j].Line })
	return out
}

// opaqueNames lists the top-level opaque functions of f, which generated
// lemmas reveal: revealing adds no assumption, only a definition.
func opaqueNames(f *dfyFile) []string {
	var ns []string
	for _, d := range f.Decls {
		if d.Opaque && d.Container == "" && d.HasBody && (strings.HasPrefix(d.Kind, "function") || strings.Contains(d.Kind, "predicate")) {
			ns = append(ns, d.Name)
		}
	}
	return ns
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

	wellFormed bool
	uniq       dafny.Status
	inputs     [][]value
	valid      [][]value
	// actual holds, per valid input, the results the method returned; nil
	// where it did not return. runNote says why running fell short.
	actual  [][]value
	runNote string
	// accepted says, per valid input, whether Dafny proved (in a lemma of
	// its own) that the contract accepts what the method returned.
	accepted []bool
	// round is the next group of inputs whose neighbours are tried;
	// pending are the neighbours the last round proved acceptable, each in
	// a lemma of its own, to be verified again alone; confirmed is the
	// first that was.
	round     int
	pending   []cand
	confirmed *cand
	tried     int // neighbours tried
	dropped   int // candidates that did not verify again alone
}

// A cand is a candidate witness: valid input j and another result.
type cand struct {
	j     int
	other []value
}

type checker struct {
	opts    *CompleteOptions
	tool    *dafny.Tool
	dialect dafny.Dialect
	file    *dfyFile
	// asGiven is the user's file with only its includes made absolute;
	// input is the copy generated checks include, runInput the one
	// compiled with them.
	asGiven, input, runInput dafny.File
	unproved                 []unproved
	reveal                   []string
	all                      []*target
	runs                     int
}

func (c *checker) targets() {
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
