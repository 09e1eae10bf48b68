package complete

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/suretydev/surety/frontend"
)

// Verdict is the completeness checker's answer for one method or
// function. Package doc says what evidence each one needs.
type Verdict string

const (
	// OK: the uniqueness lemma was proved, over a file that verifies and
	// assumes nothing without proof, and the method met its contract on
	// the sampled inputs; the contract determines the result (up to the
	// stated loose relation, if any).
	OK Verdict = "OK"
	// Under: Dafny proved, in lemmas of their own, that the contract
	// accepts two different results for one valid input; the Witness
	// says which.
	Under Verdict = "UNDER"
	// Inconclusive: neither a trusted proof of uniqueness nor a trusted
	// witness; Reason says what is missing.
	Inconclusive Verdict = "INCONCLUSIVE"
	// Skip: the method is outside what the checker handles; Reason
	// says why.
	Skip Verdict = "SKIP"
)

// ErrResolution reports that the user's Dafny file itself does not
// resolve (parse and type-check), so nothing can be checked; the error
// names the line.
var ErrResolution = errors.New("complete: Dafny file does not resolve")

// Options control Check. The zero value is valid; a nil pointer means the
// zero value. Check does not modify it.
type Options struct {
	// Verifier is the Dafny to run; nil means the one the registered
	// verifier VerifierName finds, given VerifierOptions.
	Verifier Verifier
	// VerifierName names the registered verifier (see Register) that
	// finds the Dafny to run when Verifier is nil; "" means "dafny", the
	// adapter of package complete/dafny, which registers it when
	// imported.
	VerifierName string
	// VerifierOptions are given to the verifier's Finder when Verifier is
	// nil; nil means its defaults.
	VerifierOptions *VerifierOptions
	// MaxInputs is the number of small inputs tried per method against its
	// precondition; 0 means 40.
	MaxInputs int
	// MaxRuns is the number of valid inputs run per method; 0 means 12.
	MaxRuns int
	// MaxNeighbours is the number of neighbours tried per actual result;
	// 0 means 12.
	MaxNeighbours int
	// RunTimeout bounds one compile-and-run of the methods on their small
	// inputs; a method still running then is taken as not returning on
	// the input it was given. 0 means 60s.
	RunTimeout time.Duration
}

func (o *Options) maxInputs() int     { return defInt(o.MaxInputs, 40) }
func (o *Options) maxRuns() int       { return defInt(o.MaxRuns, 12) }
func (o *Options) maxNeighbours() int { return defInt(o.MaxNeighbours, 12) }
func (o *Options) runTimeout() time.Duration {
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

// A Report is the checker's answer for one file.
type Report struct {
	File         string   `json:"file"`
	DafnyVersion string   `json:"dafny_version"`
	Results      []Result `json:"results"` // in source order
	// Runs is the number of Dafny processes started: the file's own
	// verification and, beside it, one for the uniqueness lemmas and small
	// inputs and one run of the methods, two to find inputs when no small one is valid,
	// one for proofs by induction, one for the models of the failed
	// uniqueness lemmas, one for the screen, and one to three
	// rounds of witness search, one more when the last round found a
	// candidate to verify again alone (more when a generated check had to
	// be dropped, or a method hung or crashed, or was run again after the
	// proofs).
	Runs       int   `json:"dafny_runs"`
	DurationMS int64 `json:"duration_ms"`
	// Timings are the Dafny runs, one each, in the order they ended (runs
	// of different passes may overlap: the induction run goes beside the
	// methods' runs).
	Timings []Timing `json:"timings,omitempty"`
	// ParseErrors are the syntax errors frontend/dafny met ("line 3:
	// syntax error"), where declarations may be missing from Results;
	// Dafny, which verified the file, has the last word on its syntax.
	ParseErrors []string `json:"parse_errors,omitempty"`
	// Lowered says, by line, what of a Dafny 4 file was rewritten in the
	// spelling of the older Dafny installed ("line 3: ghost predicate");
	// empty when the file was checked as written. Lines are the user's.
	Lowered []string `json:"lowered,omitempty"`
}

// Under reports whether any result is Under.
func (r *Report) Under() bool {
	for _, x := range r.Results {
		if x.Verdict == Under {
			return true
		}
	}
	return false
}

// A Timing is how long one Dafny run took, and for which pass: "file",
// "proof", "inputs", "induction", "model", "early", "run", "screen" or
// "witness".
type Timing struct {
	Pass string `json:"pass"`
	MS   int64  `json:"ms"`
}

// A Result is the verdict for one method or function.
type Result struct {
	Name    string  `json:"name"`
	Kind    string  `json:"kind"`
	Line    int     `json:"line"`
	Verdict Verdict `json:"verdict"`
	Reason  string  `json:"reason"`
	// Loose is the allowed-freedom relation declared for the method, over
	// r1 and r2; empty when none.
	Loose   string   `json:"loose,omitempty"`
	Witness *Witness `json:"witness,omitempty"`
	// Inputs is the number of small inputs proved valid; Neighbours the
	// number of other results tried.
	Inputs     int `json:"inputs"`
	Neighbours int `json:"neighbours"`
}

// A Witness is one valid input with two different results the contract
// accepts, both proved by Dafny.
type Witness struct {
	Input  []Binding `json:"input"`
	Actual []Binding `json:"actual"` // what the method returned
	Other  []Binding `json:"other"`  // another result the contract accepts
}

// A Binding names a value, written as a Dafny literal.
type Binding struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Check checks every method and function of the Dafny file at path
// for contract completeness, as package doc describes. The file is read,
// never written. It costs a few Dafny runs for the whole file, however
// many methods and inputs it has (Report.Runs says how many). Only a
// regular file is read: a FIFO or a device is an error, not a wait.
func Check(ctx context.Context, path string, opts *Options) (*Report, error) {
	src, err := frontend.ReadFile(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("complete: %w", err)
	}
	return CheckSource(ctx, path, src, opts)
}

// CheckSource is Check on a file's contents; path is used
// for messages and to resolve the file's includes.
func CheckSource(ctx context.Context, path string, src []byte, opts *Options) (rep *Report, err error) {
	defer func() {
		// A bug of the checker must not take its caller down: it is an
		// error naming the file, like any other failure of the checker.
		if r := recover(); r != nil {
			rep, err = nil, fmt.Errorf("complete: %s: internal error: %v", path, r)
		}
	}()
	if opts == nil {
		opts = &Options{}
	}
	start := time.Now()
	file, err := readDafny(ctx, path, src)
	if err != nil {
		return nil, fmt.Errorf("complete: %w", err)
	}
	tool := opts.Verifier
	if tool == nil {
		if tool, err = find(ctx, &verifiers, opts.VerifierName, opts.VerifierOptions); err != nil {
			return nil, err
		}
	}
	var lowered []string
	if needsLowering(src, tool.Dialect()) {
		// A Dafny 4 file, and an older Dafny: read and check it lowered,
		// every line where it was.
		low, notes, err := lower(src, file)
		if err != nil {
			return nil, fmt.Errorf("%s: Dafny %s: %w", path, tool.Version(), err)
		}
		if file, err = readDafny(ctx, path, low); err != nil {
			return nil, fmt.Errorf("complete: %w", err)
		}
		src, lowered = low, notes
	}
	c := &checker{opts: opts, tool: tool, file: file, dialect: tool.Dialect()}
	c.asGiven = File{Name: "input.dfy", Content: absIncludes(path, string(src))}
	c.input = File{Name: "input.dfy", Content: prepareInput(path, src, file, false)}
	c.runInput = File{Name: "input.dfy", Content: prepareInput(path, src, file, true)}
	c.path, c.src = path, src
	c.unproved = uncheckedIn(ctx, path, file)
	c.reveal = opaqueNames(file)
	rep = &Report{File: path, DafnyVersion: tool.Version(), ParseErrors: file.Errors, Lowered: lowered}
	c.targets()
	if err := c.run(ctx); err != nil {
		if errors.Is(err, ErrResolution) && lowered != nil {
			return nil, fmt.Errorf("%s: %w (read as Dafny %s after lowering its Dafny 4 constructs: %s)", path, err, tool.Version(), strings.Join(lowered, "; "))
		}
		if errors.Is(err, ErrResolution) {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return nil, err
	}
	for _, t := range c.all {
		rep.Results = append(rep.Results, *t.res)
	}
	rep.Runs = c.runs
	rep.Timings = c.timings
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
	return prepareInputWith(path, src, f, forRun, nil, 0)
}

// prepareInputWith is prepareInput that also makes compiled the ghost
// functions and predicates whose indices promote holds (see promotable),
// as dialect spells it, so that a compiled copy of a contract can call
// them. Lines stay where they were.
func prepareInputWith(path string, src []byte, f *dfyFile, forRun bool, promote map[int]bool, dialect Dialect) []byte {
	out := string(src)
	for i := len(f.Decls) - 1; i >= 0; i-- { // from the end, so offsets stay valid
		d := f.Decls[i]
		if promote[i] {
			if at, word := promotable(src, d, dialect); at >= 0 {
				if dialect == Modern {
					// "ghost function F": the word ghost goes.
					h := out[d.Start:at]
					if g := strings.LastIndex(h, "ghost"); g >= 0 {
						out = out[:d.Start+g] + strings.Repeat(" ", len("ghost")) + out[d.Start+g+len("ghost"):]
					}
				} else {
					out = out[:at+len(word)] + " method" + out[at+len(word):]
				}
			}
			continue
		}
		switch {
		case d.Name == "Main" && d.Container == "" && d.Kind == "method":
			out = out[:d.NameStart] + "SuretyUserMain" + out[d.NameEnd:]
		case forRun && d.Kind == "method" && !d.HasBody && d.End > d.Start:
			// Blank it out, keeping its lines so positions still match.
			blank := []byte(out[d.Start:d.End])
			for i, b := range blank {
				if b != '\n' {
					blank[i] = ' '
				}
			}
			out = out[:d.Start] + string(blank) + out[d.End:]
		}
	}
	return absIncludes(path, out)
}

// A target is one method or function under check.
type target struct {
	k       int
	d       *decl
	res     *Result
	params  []*dtype
	results []*dtype
	resName []string // names of the results in the contract
	show    []string // names of the results in reports
	rtype   *dtype   // the results taken together
	ensures []string
	exec    bool // can be compiled and run
	live    bool // still being checked

	wellFormed bool
	uniq       Status
	// induction names the parameter whose induction proved uniqueness,
	// when the plain lemma did not.
	induction string
	inputs    [][]value
	valid     [][]value
	// actual holds, per valid input, the results the method returned; nil
	// where it did not return. runNote says why running fell short.
	actual  [][]value
	runNote string
	// cands are, per valid input, the other results screened; screen,
	// when set, holds the ones a compiled copy of the postcondition
	// accepts (screenedOut counts the others); consts are the integer
	// literals of the declaration.
	cands       [][]value
	screen      [][]value
	screenedOut int
	consts      []int64
	// runFailed is set when the compiled method stopped with an error on
	// a valid input, which a verified body should not do.
	runFailed bool
	// accepted says, per valid input, whether Dafny proved (in a lemma of
	// its own) that the contract accepts what the method returned.
	accepted []bool
	// acted says which inputs were given such a lemma.
	acted []bool
	// round is the next group of inputs whose neighbours are tried;
	// pending are the neighbours the last round proved acceptable, each in
	// a lemma of its own, to be verified again alone; confirmed is the
	// first that was.
	round     int
	pending   []cand
	confirmed *cand
	tried     int // neighbours tried
	dropped   int // candidates that did not verify again alone
	// model is what the failed uniqueness lemma's counterexample gave, nil
	// when none was read; modelJ is the index in valid of its input when
	// it was added there (not proved valid by a lemma of its own: see
	// cex.go), else -1; modelAt is the index of the model's input in
	// valid, added or already there, else -1.
	model           *modelCex
	modelJ, modelAt int
}

// A cand is a candidate witness: valid input j and another result.
type cand struct {
	j     int
	other []value
}

type checker struct {
	opts    *Options
	tool    Verifier
	dialect Dialect
	file    *dfyFile
	// asGiven is the user's file with only its includes made absolute;
	// input is the copy generated checks include, runInput the one
	// compiled with them.
	asGiven, input, runInput File
	path                     string
	src                      []byte // the user's file as given
	unproved                 []unproved
	reveal                   []string
	all                      []*target
	// mu guards runs and timings: the induction run goes beside others.
	mu      sync.Mutex
	runs    int
	timings []Timing
}

// ran counts a Dafny run of pass that started at start.
func (c *checker) ran(pass string, start time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.runs++
	c.timings = append(c.timings, Timing{Pass: pass, MS: time.Since(start).Milliseconds()})
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
		t := &target{k: len(c.all), d: d, res: &Result{Name: d.Name, Kind: d.Kind, Line: d.Line, Loose: d.Loose}, modelJ: -1, modelAt: -1}
		c.all = append(c.all, t)
		if why := c.prepare(t); why != "" {
			t.res.Verdict, t.res.Reason = Skip, why
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
		t.exec = c.dialect == Modern && !d.Ghost && d.HasBody
	}
	return ""
}
