package cospec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/suretydev/surety/progress"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/llm"
)

// Options control Synthesize. Model and Checker are required; every other
// zero value means the default. Synthesize never modifies Options.
type Options struct {
	// Model answers every stage's prompts.
	Model llm.Model
	// Checker decides the assertions (bmc.Engines gives the portfolio of
	// the engines available here).
	Checker bmc.Checker
	// K is the loop-unwind bound; 0 means bmc.DefaultK.
	K int
	// Timeout is the budget of each check; 0 means bmc.DefaultTimeout.
	Timeout time.Duration
	// Workers is how many checks run at once; 0 means one per CPU.
	Workers int
	// Cache keeps check results by query content; nil means none.
	Cache *bmc.Cache
	// BoundCheck also checks whether each fact's bound is complete (one
	// more check per fact).
	BoundCheck bool
	// MaxCompileTries is how many programs the synthesis and annotation
	// stages each ask for before giving up, counting the first; a program
	// that does not compile (or, in annotation, changed the code) is sent
	// back with what is wrong. 0 means 3.
	MaxCompileTries int
	// Compiler is the compile check; nil means a *GCC with CC and
	// CompileArgs.
	Compiler Compiler
	// CC is the C compiler of the default compile check; "" means "gcc".
	CC string
	// CompileArgs are its flags; nil means DefaultCompileArgs.
	CompileArgs []string
	// File names the program in reports and facts; "" means "program.c".
	File string
	// Progress, if not nil, is called as each stage starts, with an event
	// that names it ("properties", "synthesize", "annotate", "reduce",
	// "verify", "map", "translate", "embed") and counts the stages done.
	Progress func(progress.Event)
}

// Sentinels of the stages that can fail on the model's replies.
var (
	// ErrNoCompile: no synthesized (or annotated) program compiled within
	// MaxCompileTries.
	ErrNoCompile = errors.New("cospec: no program that compiles")
	// ErrCodeChanged: the annotated programs changed more than
	// assertions, the last one included, within MaxCompileTries.
	ErrCodeChanged = errors.New("cospec: the annotation changed the program")
	// ErrOptions: Options lack a Model or a Checker.
	ErrOptions = errors.New("cospec: options")
)

// A Result is everything Synthesize produced, stage by stage. It marshals
// to stable JSON. When Synthesize fails, the Result holds the stages that
// finished.
type Result struct {
	Description string `json:"description"`
	File        string `json:"file"`
	K           int    `json:"k"`
	// Properties are the elicited properties Pi; property i (1-based) is
	// Properties[i-1].
	Properties []string `json:"properties"`
	// Synthesized is P0, the program as synthesized (it compiles).
	Synthesized string `json:"synthesized,omitempty"`
	// Annotated is P+, P0 with assertions inserted (it compiles, and
	// without its assertions and helpers it is P0).
	Annotated string `json:"annotated,omitempty"`
	// Reductions are the bound constants lowered, in source order, and
	// Reduced is Pk+, the annotated program with them lowered: the program
	// that was verified.
	Reductions []Reduction `json:"reductions"`
	Reduced    string      `json:"reduced,omitempty"`
	// Report is VerifyAll's report on Reduced.
	Report *bmc.Report `json:"report,omitempty"`
	// Mapping gives each assertion the property it expresses, in
	// assertion order.
	Mapping []Mapping `json:"mapping"`
	// Facts are the verified assertions with their translations, in
	// assertion order.
	Facts []Fact `json:"facts"`
	// Final is the annotated program with its original bounds, each fact
	// in place of its assertion as "//FACT[k=K...]: sentence" and the
	// other assertions removed, under a header that says how the facts
	// were established.
	Final string `json:"final,omitempty"`
	// Stages are the stages that ran, in order.
	Stages []Stage `json:"stages"`
	// Usage is the model use of all stages.
	Usage Usage `json:"usage"`
}

// A Mapping links an assertion to the property it expresses (0: none).
type Mapping struct {
	Assertion string `json:"assertion"` // label, "a1"
	Index     int    `json:"index"`
	Property  int    `json:"property"`
}

// A Fact is a verified assertion and its natural-language translation.
// The translation is an LLM's wording of the predicate; the verdict is the
// checker's.
type Fact struct {
	Assertion string      `json:"assertion"` // label, "a1"
	Index     int         `json:"index"`
	Func      string      `json:"func"`
	Pred      string      `json:"pred"`
	Status    bmc.Verdict `json:"status"`
	// Tag is the fact's comment tag, "//FACT[k=5]" or
	// "//FACT[k=5, cond: a3]".
	Tag      string `json:"tag"`
	Sentence string `json:"sentence"`
	Property int    `json:"property"`
}

// A Stage is one stage's record.
type Stage struct {
	Name     string        `json:"name"`
	Duration time.Duration `json:"duration_ns"`
	Usage    Usage         `json:"usage"`
	// Problems are the replies rejected on the way, in order: compiler
	// errors, code changed by annotation, invalid mappings.
	Problems []string `json:"problems,omitempty"`
	// Skipped says why a stage asked nothing, if it did not.
	Skipped string `json:"skipped,omitempty"`
}

// Usage counts a stage's requests and tokens.
type Usage struct {
	Requests         int `json:"requests"`
	Cached           int `json:"cached"`
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

func (u *Usage) add(o Usage) {
	u.Requests += o.Requests
	u.Cached += o.Cached
	u.PromptTokens += o.PromptTokens
	u.CompletionTokens += o.CompletionTokens
}

// Stage labels of the requests (llm.Request.Stage).
const (
	stageProperties = "cospec.properties"
	stageSynthesize = "cospec.synthesize"
	stageAnnotate   = "cospec.annotate"
	stageReduce     = "cospec.reduce"
	stageMap        = "cospec.map"
	stageTranslate  = "cospec.translate"
)

// jsonTries is how many replies a JSON stage asks for when the meaning of
// a reply (not its form, which llm repairs) is wrong.
const jsonTries = 3

// Synthesize runs VIVERRA's Algorithm 1 on a task description: property
// elicitation, verification-friendly synthesis with a compile loop,
// annotation with assertions (compiled, and checked to change nothing but
// insert assertions), bound reduction, VerifyAll, the mapping of
// assertions to properties, and the translation of facts into sentences
// embedded in the program. Every stage but verification is an LLM's work;
// the facts' verdicts are the checker's, bounded by K.
func Synthesize(ctx context.Context, description string, opts *Options) (*Result, error) {
	if opts == nil || opts.Model == nil || opts.Checker == nil {
		return nil, fmt.Errorf("%w: a Model and a Checker are required", ErrOptions)
	}
	description = strings.TrimSpace(description)
	if description == "" {
		return nil, errors.New("cospec: empty description")
	}
	s := &synth{opts: opts, model: &counter{m: opts.Model, usage: map[string]*Usage{}}, cc: opts.Compiler, tries: opts.MaxCompileTries}
	if s.cc == nil {
		s.cc = &GCC{Path: opts.CC, Args: opts.CompileArgs}
	}
	if s.tries <= 0 {
		s.tries = 3
	}
	k := opts.K
	if k <= 0 {
		k = bmc.DefaultK
	}
	file := opts.File
	if file == "" {
		file = "program.c"
	}
	s.res = &Result{Description: description, File: file, K: k, Properties: []string{}, Reductions: []Reduction{}, Mapping: []Mapping{}, Facts: []Fact{}, Stages: []Stage{}}
	steps := []struct {
		name, label string
		run         func(context.Context, *Stage) error
	}{
		{"properties", stageProperties, s.properties},
		{"synthesize", stageSynthesize, s.synthesize},
		{"annotate", stageAnnotate, s.annotate},
		{"reduce", stageReduce, s.reduce},
		{"verify", "", s.verify},
		{"map", stageMap, s.mapProperties},
		{"translate", stageTranslate, s.translate},
		{"embed", "", s.embed},
	}
	for i, st := range steps {
		if opts.Progress != nil {
			opts.Progress(progress.Event{Stage: st.name, Done: i, Total: len(steps)})
		}
		rec := Stage{Name: st.name}
		start := time.Now()
		err := st.run(ctx, &rec)
		rec.Duration = time.Since(start)
		if st.label != "" {
			rec.Usage = s.model.take(st.label)
		}
		s.res.Usage.add(rec.Usage)
		s.res.Stages = append(s.res.Stages, rec)
		if err != nil {
			return s.res, err
		}
	}
	return s.res, nil
}

// synth is one run of Synthesize.
type synth struct {
	opts  *Options
	model *counter
	cc    Compiler
	tries int
	res   *Result

	plus, reduced *bmc.Program
}

func (s *synth) request(stage, version string, msgs ...llm.Message) llm.Request {
	return llm.Request{Messages: msgs, PromptVersion: version, Stage: stage, Item: s.res.File}
}

// properties is stage 1, PROPERTYELICIT.
func (s *synth) properties(ctx context.Context, rec *Stage) error {
	type reply struct {
		Properties []string `json:"properties"`
	}
	prompt := render("properties.tmpl", struct{ Description string }{s.res.Description})
	out, problems, err := askJSON(ctx, s.model, s.request(stageProperties, propertiesVersion, llm.User(prompt)), propertiesSchema, jsonTries,
		func(r *reply) error {
			for i, p := range r.Properties {
				if strings.TrimSpace(p) == "" {
					return fmt.Errorf("property %d is empty", i+1)
				}
			}
			return nil
		})
	rec.Problems = problems
	if err != nil {
		return err
	}
	for _, p := range out.Properties {
		s.res.Properties = append(s.res.Properties, strings.Join(strings.Fields(p), " "))
	}
	return nil
}

// compileCheck rejects a program the compiler does not accept.
func (s *synth) compileCheck(ctx context.Context, src string) (*rejection, error) {
	diag, err := s.compile(ctx, src)
	if err != nil || diag == "" {
		return nil, err
	}
	return &rejection{problem: "does not compile: " + firstLines(diag, 3),
		feedback: render("compile_errors.tmpl", struct{ Compiler, Errors string }{compilerName(s.cc), diag}),
		kind:     ErrNoCompile}, nil
}

// synthesize is stage 2, SYNTHESIZE, with the compile loop.
func (s *synth) synthesize(ctx context.Context, rec *Stage) error {
	prompt := render("synthesize.tmpl", struct{ Description string }{s.res.Description})
	src, problems, err := askCode(ctx, s.model, s.request(stageSynthesize, synthesizeVersion, llm.User(prompt)), s.tries, ErrNoCompile,
		func(src string) (*rejection, error) {
			if rej, err := s.compileCheck(ctx, src); rej != nil || err != nil {
				return rej, err
			}
			p, err := bmc.ParseProgram(s.res.File, []byte(src))
			switch {
			case err != nil:
				return &rejection{problem: "cannot be parsed for verification: " + err.Error(),
					feedback: render("unparsable.tmpl", err.Error())}, nil
			case len(p.Asserts) > 0:
				// Assertions of P0 would be indistinguishable from the
				// annotation's.
				return &rejection{problem: fmt.Sprintf("has %d assertions", len(p.Asserts)),
					feedback: render("no_asserts.tmpl", nil)}, nil
			}
			return nil, nil
		})
	rec.Problems = problems
	if err != nil {
		return err
	}
	s.res.Synthesized = src
	return nil
}

// annotate is stage 3, ANNOTATE: the annotated program must compile and
// be P0 with only assertions inserted.
func (s *synth) annotate(ctx context.Context, rec *Stage) error {
	p0, err := bmc.ParseProgram(s.res.File, []byte(s.res.Synthesized))
	if err != nil {
		return fmt.Errorf("cospec: the synthesized program: %w", err)
	}
	prompt := render("annotate.tmpl", struct {
		Description, Program string
		Properties           []string
	}{s.res.Description, strings.TrimRight(s.res.Synthesized, "\n"), s.res.Properties})
	src, problems, err := askCode(ctx, s.model, s.request(stageAnnotate, annotateVersion, llm.User(prompt)), s.tries, ErrCodeChanged,
		func(src string) (*rejection, error) {
			changed := func(problem string) *rejection {
				return &rejection{problem: "changed the program: " + problem, feedback: render("annotate_changed.tmpl", struct{ Problem string }{problem})}
			}
			p, err := bmc.ParseProgram(s.res.File, []byte(src))
			if err != nil {
				return changed(err.Error()), nil
			}
			if len(p.Asserts) == 0 {
				return changed("it has no assertion"), nil
			}
			if err := onlyAssertionsAdded(p0, p); err != nil {
				return changed(err.Error()), nil
			}
			if rej, err := s.compileCheck(ctx, src); rej != nil || err != nil {
				return rej, err
			}
			s.plus = p
			return nil, nil
		})
	rec.Problems = problems
	if err != nil {
		return err
	}
	s.res.Annotated = src
	return nil
}

// reduce is stage 4, BOUNDREDUCE: the model names the bound constants to
// lower and their values; only those #define values change.
func (s *synth) reduce(ctx context.Context, rec *Stage) error {
	defs := integerDefines([]byte(s.res.Annotated))
	if len(defs) == 0 {
		rec.Skipped = "no integer #define to lower"
		s.res.Reduced, s.reduced = s.res.Annotated, s.plus
		return nil
	}
	type reply struct {
		Defines []struct {
			Name  string `json:"name"`
			Value int64  `json:"value"`
		} `json:"defines"`
	}
	prompt := render("reduce.tmpl", struct {
		K       int
		Program string
		Defines []Define
	}{s.res.K, strings.TrimRight(s.res.Annotated, "\n"), defs})
	var reduced []byte
	var rs []Reduction
	_, problems, err := askJSON(ctx, s.model, s.request(stageReduce, reduceVersion, llm.User(prompt)), reduceSchema, jsonTries,
		func(r *reply) error {
			rs = rs[:0]
			old := map[string]int64{}
			for _, d := range defs {
				if _, ok := old[d.Name]; !ok {
					old[d.Name] = d.Value
				}
			}
			for _, d := range r.Defines {
				if v, ok := old[d.Name]; ok && v == d.Value {
					continue // unchanged
				}
				rs = append(rs, Reduction{Name: d.Name, From: old[d.Name], To: d.Value})
			}
			out, err := applyReductions([]byte(s.res.Annotated), rs)
			if err != nil {
				return err
			}
			if diag, err := s.compile(ctx, string(out)); err != nil {
				return err
			} else if diag != "" {
				return fmt.Errorf("with these values the program does not compile: %s", firstLines(diag, 3))
			}
			reduced = out
			return nil
		})
	rec.Problems = problems
	if err != nil {
		return err
	}
	p, err := bmc.ParseProgram(s.res.File, reduced)
	if err != nil {
		return fmt.Errorf("cospec: the bound-reduced program: %w", err)
	}
	if len(p.Asserts) != len(s.plus.Asserts) {
		return fmt.Errorf("cospec: bound reduction changed the assertions (%d, was %d)", len(p.Asserts), len(s.plus.Asserts))
	}
	sort.Slice(rs, func(i, j int) bool { return defIndex(defs, rs[i].Name) < defIndex(defs, rs[j].Name) })
	s.res.Reductions = append(s.res.Reductions, rs...)
	s.res.Reduced, s.reduced = string(reduced), p
	return nil
}

func defIndex(defs []Define, name string) int {
	for i, d := range defs {
		if d.Name == name {
			return i
		}
	}
	return len(defs)
}

// verify is stages 5 and 6 of Algorithm 1 (CGTRAVERSAL and VERIFYALL).
func (s *synth) verify(ctx context.Context, rec *Stage) error {
	rep, err := bmc.VerifyAll(ctx, s.reduced, s.opts.Checker, &bmc.Options{
		K: s.res.K, Timeout: s.opts.Timeout, Workers: s.opts.Workers, Cache: s.opts.Cache, BoundCheck: s.opts.BoundCheck,
	})
	if err != nil {
		return fmt.Errorf("cospec: verify: %w", err)
	}
	s.res.Report = rep
	return nil
}

// assertionView is an assertion as the prompts show it.
type assertionView struct{ Label, Func, Pred string }

// mapProperties is stage 7, MAPTOPROPERTIES.
func (s *synth) mapProperties(ctx context.Context, rec *Stage) error {
	var views []assertionView
	for _, a := range s.reduced.Asserts {
		views = append(views, assertionView{a.Label(), a.Func, a.Pred})
	}
	if len(views) == 0 {
		rec.Skipped = "no assertion"
		return nil
	}
	type reply struct {
		Mapping []struct {
			Assertion string `json:"assertion"`
			Property  int    `json:"property"`
		} `json:"mapping"`
	}
	prompt := render("map.tmpl", struct {
		Properties []string
		Assertions []assertionView
		Program    string
	}{s.res.Properties, views, strings.TrimRight(s.res.Annotated, "\n")})
	out, problems, err := askJSON(ctx, s.model, s.request(stageMap, mapVersion, llm.User(prompt)), mapSchema, jsonTries,
		func(r *reply) error {
			got := map[string]bool{}
			for _, m := range r.Mapping {
				if labelIndex(m.Assertion, len(views)) < 0 {
					return fmt.Errorf("there is no assertion %s (they are a1 to a%d)", m.Assertion, len(views))
				}
				if got[m.Assertion] {
					return fmt.Errorf("assertion %s is mapped twice", m.Assertion)
				}
				if m.Property > len(s.res.Properties) {
					return fmt.Errorf("assertion %s: there is no property %d (they are 1 to %d, or 0 for none)", m.Assertion, m.Property, len(s.res.Properties))
				}
				got[m.Assertion] = true
			}
			var missing []string
			for _, v := range views {
				if !got[v.Label] {
					missing = append(missing, v.Label)
				}
			}
			if len(missing) > 0 {
				return fmt.Errorf("assertions not mapped: %s", strings.Join(missing, ", "))
			}
			return nil
		})
	rec.Problems = problems
	if err != nil {
		return err
	}
	for _, m := range out.Mapping {
		s.res.Mapping = append(s.res.Mapping, Mapping{Assertion: m.Assertion, Index: labelIndex(m.Assertion, len(views)), Property: m.Property})
	}
	sort.Slice(s.res.Mapping, func(i, j int) bool { return s.res.Mapping[i].Index < s.res.Mapping[j].Index })
	return nil
}

// labelIndex is the index of assertion label "aN" among n, or -1.
func labelIndex(label string, n int) int {
	var i int
	if _, err := fmt.Sscanf(label, "a%d", &i); err != nil || fmt.Sprintf("a%d", i) != label || i < 1 || i > n {
		return -1
	}
	return i - 1
}

// number matches a numeric literal in a predicate or a sentence.
var number = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?`)

// factPrefix begins every fact sentence (VIVERRA's appendix C.4).
const factPrefix = "At this point in the program, "

// checkSentence rejects a translation that cannot be a faithful one-line
// rendering of pred: more than one line, a comment terminator, no fact
// prefix, or a number the predicate does not contain (a sentence must not
// say more than its assertion; a number it adds is the checkable case).
func checkSentence(label, pred, sentence string) error {
	switch {
	case strings.ContainsAny(sentence, "\r\n"):
		return fmt.Errorf("the fact for %s must be one line", label)
	case strings.Contains(sentence, "*/"):
		return fmt.Errorf("the fact for %s contains */", label)
	case !strings.HasPrefix(sentence, factPrefix):
		return fmt.Errorf("the fact for %s must begin %q", label, factPrefix)
	}
	inPred := map[string]bool{}
	for _, n := range number.FindAllString(pred, -1) {
		inPred[n] = true
	}
	for _, n := range number.FindAllString(sentence, -1) {
		if !inPred[n] {
			return fmt.Errorf("the fact for %s says %s, which its assertion %q does not: say only what the assertion says", label, n, pred)
		}
	}
	return nil
}

// translate is the fact translation of section 3.3 (appendix C.4), for the
// VERIFIED and C-VERIFIED assertions.
func (s *synth) translate(ctx context.Context, rec *Stage) error {
	var views []assertionView
	for _, f := range s.res.Report.Facts {
		if f.Status.Fact() {
			views = append(views, assertionView{f.Label(), f.Func, f.Pred})
		}
	}
	if len(views) == 0 {
		rec.Skipped = "no verified assertion"
		return nil
	}
	type reply struct {
		Facts []struct {
			Assertion string `json:"assertion"`
			Fact      string `json:"fact"`
		} `json:"facts"`
	}
	want := map[string]string{}
	for _, v := range views {
		want[v.Label] = v.Pred
	}
	prompt := render("translate.tmpl", struct {
		Program    string
		Assertions []assertionView
	}{strings.TrimRight(s.res.Annotated, "\n"), views})
	out, problems, err := askJSON(ctx, s.model, s.request(stageTranslate, translateVersion, llm.User(prompt)), translateSchema, jsonTries,
		func(r *reply) error {
			got := map[string]bool{}
			for _, f := range r.Facts {
				pred, ok := want[f.Assertion]
				switch {
				case !ok:
					return fmt.Errorf("%s is not one of the assertions to translate", f.Assertion)
				case got[f.Assertion]:
					return fmt.Errorf("%s is translated twice", f.Assertion)
				}
				got[f.Assertion] = true
				if err := checkSentence(f.Assertion, pred, strings.TrimSpace(f.Fact)); err != nil {
					return err
				}
			}
			var missing []string
			for _, v := range views {
				if !got[v.Label] {
					missing = append(missing, v.Label)
				}
			}
			if len(missing) > 0 {
				return fmt.Errorf("no fact for %s", strings.Join(missing, ", "))
			}
			return nil
		})
	rec.Problems = problems
	if err != nil {
		return err
	}
	sentence := map[string]string{}
	for _, f := range out.Facts {
		sentence[f.Assertion] = strings.TrimSpace(f.Fact)
	}
	property := map[int]int{}
	for _, m := range s.res.Mapping {
		property[m.Index] = m.Property
	}
	for _, f := range s.res.Report.Facts {
		if !f.Status.Fact() {
			continue
		}
		s.res.Facts = append(s.res.Facts, Fact{
			Assertion: f.Label(), Index: f.Index, Func: f.Func, Pred: f.Pred, Status: f.Status,
			Tag: f.FactTag(s.res.Report.K), Sentence: sentence[f.Label()], Property: property[f.Index],
		})
	}
	return nil
}

// embed is EMBEDFACTS: the annotated program with its original bounds,
// each fact's sentence in place of its assertion, the other assertions
// removed, under a header saying how the facts were established.
func (s *synth) embed(ctx context.Context, rec *Stage) error {
	rep := *s.res.Report
	rep.Facts = append([]bmc.Fact(nil), rep.Facts...)
	sentence := map[int]string{}
	for _, f := range s.res.Facts {
		sentence[f.Index] = f.Sentence
	}
	for i := range rep.Facts {
		a := s.plus.Asserts[i]
		if rep.Facts[i].Status.Fact() {
			a.Pred = sentence[i]
		}
		rep.Facts[i].Assertion = a
	}
	body := rep.Annotate(s.plus)
	var h bytes.Buffer
	r := s.res.Report
	fmt.Fprintf(&h, "// Facts: each //FACT[k=%d] comment was checked by a bounded model checker (%s)\n", r.K, r.Engine)
	fmt.Fprintf(&h, "// on every execution in which no loop runs more than %d times", r.K)
	if len(s.res.Reductions) > 0 {
		var parts []string
		for _, rd := range s.res.Reductions {
			parts = append(parts, fmt.Sprintf("%s = %d (%d in this file)", rd.Name, rd.To, rd.From))
		}
		fmt.Fprintf(&h, ",\n// with these bounds lowered: %s", strings.Join(parts, ", "))
	}
	h.WriteString(".\n")
	if r.Summary.CVerified > 0 {
		h.WriteString("// \"cond: aN\" means: provided the unverified assertions named hold there.\n")
	}
	if r.Summary.BoundComplete > 0 {
		h.WriteString("// \"complete\" means: no loop can run longer, so the fact holds on every execution.\n")
	}
	h.WriteString("// The sentences are a language model's wording of the checked conditions.\n")
	roots := map[int]bool{}
	for _, f := range r.Facts {
		if f.Status == bmc.VerdictCVerified {
			for _, d := range f.Deps {
				roots[d] = true
			}
		}
	}
	for _, i := range slices.Sorted(maps.Keys(roots)) {
		f := r.Facts[i]
		fmt.Fprintf(&h, "// %s (%s, in %s, not a fact): %s\n", f.Label(), f.Status, f.Func, f.Pred)
	}
	h.Write(body)
	s.res.Final = h.String()
	return nil
}

// firstLines is at most n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}
