package contract

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"text/template"

	"github.com/suretydev/surety/progress"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/work"
)

// GeneratePromptVersion is the version of the generation prompt; it is part
// of the cache key of every request and of every Record.
const GeneratePromptVersion = "contract.generate/1"

// RevisePromptVersion is the version of the prompt of an update (Options
// Goal or Previous set): the generation prompt preceded by the goal and
// the contracts before the change. A record it wrote is as current as one
// GeneratePromptVersion wrote.
const RevisePromptVersion = "contract.revise/1+" + GeneratePromptVersion

//go:embed prompts/generate.tmpl
var generateText string

//go:embed prompts/revise.tmpl
var reviseText string

var (
	generateTmpl = template.Must(template.New("generate").Parse(generateText))
	reviseTmpl   = template.Must(template.Must(generateTmpl.Clone()).New("revise").Parse(reviseText))
)

// currentPrompt reports whether a record's prompt version is one this
// package writes now: a record of another is asked for again.
func currentPrompt(v string) bool { return v == GeneratePromptVersion || v == RevisePromptVersion }

var generateSchema = llm.MustCompileSchema("contract.generate", generateSchemaJSON)

type generateReply struct {
	Functions []struct {
		ID        string      `json:"id"`
		Requires  []Condition `json:"requires"`
		Ensures   []Condition `json:"ensures"`
		Conflicts []string    `json:"conflicts"`
		Callees   []struct {
			Callee string      `json:"callee"`
			Line   int         `json:"line"`
			Pre    []Condition `json:"pre"`
			Post   []Condition `json:"post"`
		} `json:"callees"`
	} `json:"functions"`
}

// Options control Generate. Model is required; the zero value of every
// other field is valid. Generate does not modify it.
type Options struct {
	// Model writes the contracts.
	Model llm.Model
	// Store, if set, receives every record as soon as it is written, and
	// makes the run resumable: a function whose record is there, with the
	// same body hash, prompt version and callers' expectations, is not
	// asked again.
	Store *Store
	// Knowledge is the domain knowledge, cut by part (see CutKnowledge);
	// nil means none.
	Knowledge *Knowledge
	// PartOf names the part of the system a function belongs to, for
	// Knowledge.For; nil puts every function in part "".
	PartOf func(*callgraph.Node) string
	// Entries names functions (IDs or qualified names) to treat as entries
	// besides those no other function calls.
	Entries []string
	// Workers is the number of requests in flight; 0 means GOMAXPROCS.
	Workers int
	// Batch is the largest number of components put in one request
	// (FM-Agent's N); 0 means 1.
	Batch int
	// Progress, if set, is called after each batch (a callgraph schedule's
	// events).
	Progress func(progress.Event)
	// Ask controls the structured-reply repair loop.
	Ask *llm.AskOptions
	// ReadFile reads source files for bodies; nil means os.ReadFile.
	ReadFile func(path string) ([]byte, error)
	// Merger merges the callers' expectations of an internal function
	// before the model is asked; nil means ExactMerge.
	Merger Merger
	// Goal and Previous make the run an update (FM-Agent's incremental
	// mode, technique 7 step 4): Goal states what the change is for, and
	// Previous holds the records before it, by StableID. A function asked
	// for that had a contract (in Previous, or a stale record in Store) is
	// shown it with the goal, and the model decides whether and how it
	// must change, instead of writing it from nothing. Empty: a plain run.
	Goal     string
	Previous map[string]*Record
	// Runner, if not nil, asks the model for each batch of a layer as a
	// job (BatchKind), in this process (work.Local) or on the workers of
	// other machines (work/nats); nil means up to Workers requests of this
	// process. The batches of a layer are one Runner.Run, and the next
	// layer starts only when they are all in, so the records are those of
	// a run in this process. The prompts are made here (records reused
	// from Store, Merger, Knowledge); a job carries the request, the repair
	// loop's options (Ask) and the model's name: its worker asks the model
	// it opened itself (llm.SetWorkerModel), which must have the same name.
	// So only a Model that llm.OpenModel opened, not an estimate, can be
	// sent; another is refused before any work. The token use and the
	// budget are then the workers', and a batch whose reply stayed invalid
	// counts none of its requests in Result.Requests.
	Runner work.Runner
}

// A Result is what Generate did.
type Result struct {
	// Records holds one record per function of the graph that has one,
	// sorted by function ID.
	Records []*Record `json:"records"`
	// Asked and Reused count the functions sent to the model and those
	// whose stored record was kept.
	Asked  int `json:"asked"`
	Reused int `json:"reused"`
	// Requests counts the model requests made (repairs included).
	Requests int `json:"requests"`
	// Usage sums the tokens of all requests.
	Usage llm.Usage `json:"usage"`
	// Errors lists the components that failed; the others are done.
	Errors []string `json:"errors,omitempty"`
}

// Generate writes the contracts of every function of g top-down over its
// layers: a function is asked for only once all its callers are done, the
// components of a layer concurrently, up to Batch components per request.
// A component that fails (the model's reply stays invalid after the
// repairs) is reported in Result.Errors and its callees are done without
// its expectations; the returned error is non-nil only when ctx is
// cancelled or the options are unusable.
func Generate(ctx context.Context, g *callgraph.Graph, opts *Options) (*Result, error) {
	if opts == nil || opts.Model == nil {
		return nil, errors.New("contract: Generate needs a Model")
	}
	gen := &generator{g: g, opts: opts, cond: callgraph.Condense(g),
		exps: map[string][]Expectation{}, records: map[string]*Record{},
		files: map[string][]byte{}}
	gen.entries = map[string]bool{}
	for _, e := range opts.Entries {
		gen.entries[e] = true
	}
	layers := callgraph.Layers(gen.cond)
	var err error
	if opts.Runner != nil {
		if _, err := llm.JobModelName(opts.Model); err != nil {
			return nil, fmt.Errorf("contract: Generate cannot send its work to workers: Model (%v)", err)
		}
		err = gen.layersAsJobs(ctx, layers)
	} else {
		err = callgraph.Schedule(ctx, layers, gen.batch, &callgraph.ScheduleOptions{
			Workers: opts.Workers, Batch: opts.Batch, Progress: opts.Progress,
		})
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	res := &gen.res
	var serr *callgraph.ScheduleError
	if errors.As(err, &serr) {
		for _, ce := range serr.Errors {
			res.Errors = append(res.Errors, ce.Error())
		}
	} else if err != nil {
		return nil, err
	}
	for _, r := range gen.records {
		res.Records = append(res.Records, r)
	}
	slices.SortFunc(res.Records, func(a, b *Record) int { return strings.Compare(a.Function, b.Function) })
	return res, nil
}

type generator struct {
	g       *callgraph.Graph
	cond    *callgraph.Condensation
	opts    *Options
	entries map[string]bool

	mu      sync.Mutex
	exps    map[string][]Expectation // by callee ID
	records map[string]*Record
	files   map[string][]byte
	res     Result
}

// fnPrompt is one function's part of a generation prompt.
type fnPrompt struct {
	ID, Name, Role, Location, Fixed, FixedHow, Knowledge, Body string
	Expectations                                               []expView
	CycleCallers                                               []cycleView
	Calls                                                      []callView

	node     *callgraph.Node
	hash     string
	expected string
	source   string
	fixed    *Contract
	// conflicts are those the merger found.
	conflicts []string
	exps      []Expectation
	// previous is the function's contract before the change, in an update.
	previous *Contract
}

// previousView is one function's contract before the change, for the
// revision prompt.
type previousView struct{ ID, Contract string }

type expView struct {
	Caller, Pre, Post string
	Line              int
}
type cycleView struct{ Name, Body string }
type callView struct {
	Line         int
	Text, Callee string
}

func (gen *generator) batch(ctx context.Context, comps []*callgraph.Component) error {
	todo, req, err := gen.request(ctx, comps)
	if err != nil || req == nil {
		return err
	}
	reply, err := llm.Structured(ctx, gen.opts.Model, req, generateSchema, gen.opts.Ask)
	return gen.answer(todo, req.PromptVersion, reply, err)
}

// request builds the request of the components of a batch, and the
// functions it asks for; a nil request when every one was reused.
func (gen *generator) request(ctx context.Context, comps []*callgraph.Component) ([]*fnPrompt, *llm.Request, error) {
	var todo []*fnPrompt
	for _, c := range comps {
		inCycle := len(c.Nodes) > 1 || c.Recursive(gen.g)
		for _, n := range c.Nodes {
			p, err := gen.prepare(ctx, n, c, inCycle)
			if err != nil {
				return nil, nil, err
			}
			if p != nil {
				todo = append(todo, p)
			}
		}
	}
	if len(todo) == 0 {
		return nil, nil, nil
	}
	var prompt strings.Builder
	tmpl, version := generateTmpl, GeneratePromptVersion
	data := map[string]any{"Functions": todo}
	if gen.revising() {
		var prev []previousView
		for _, p := range todo {
			if p.previous != nil {
				prev = append(prev, previousView{ID: p.ID, Contract: formatContract(*p.previous)})
			}
		}
		tmpl, version = reviseTmpl, RevisePromptVersion
		data["Goal"], data["Previous"] = gen.opts.Goal, prev
	}
	if err := tmpl.Execute(&prompt, data); err != nil {
		return nil, nil, fmt.Errorf("contract: generation prompt: %w", err)
	}
	names := make([]string, len(todo))
	for i, p := range todo {
		names[i] = p.Name
	}
	req := &llm.Request{
		Messages:      []llm.Message{llm.User(prompt.String())},
		PromptVersion: version,
		Stage:         "contract.generate",
		Item:          strings.Join(names, ","),
	}
	return todo, req, nil
}

// answer keeps the records of todo from the reply to their request (of
// prompt version), or says why it cannot.
func (gen *generator) answer(todo []*fnPrompt, version string, reply *llm.Reply, err error) error {
	names := make([]string, len(todo))
	for i, p := range todo {
		names[i] = p.Name
	}
	gen.mu.Lock()
	defer gen.mu.Unlock()
	var rerr *llm.ReplyError
	if errors.As(err, &rerr) {
		gen.res.Requests += rerr.Attempts
	}
	if errors.Is(err, llm.ErrEstimate) {
		gen.res.Requests++ // a dry run: counted by the estimator, nothing to keep
		return nil
	}
	if err != nil {
		return fmt.Errorf("contract: %s: %w", strings.Join(names, ", "), err)
	}
	gen.res.Requests += reply.Attempts
	gen.res.Usage.PromptTokens += reply.Response.Usage.PromptTokens
	gen.res.Usage.CompletionTokens += reply.Response.Usage.CompletionTokens
	var out generateReply
	if err := json.Unmarshal(reply.JSON, &out); err != nil {
		return fmt.Errorf("contract: %w", err)
	}
	// Models garble long IDs; a reply may name a function by its ID or by
	// its qualified name.
	byID := map[string]int{}
	for i, f := range out.Functions {
		byID[f.ID] = i
	}
	share := llm.Usage{
		PromptTokens:     reply.Response.Usage.PromptTokens / len(todo),
		CompletionTokens: reply.Response.Usage.CompletionTokens / len(todo),
	}
	var missing []string
	for _, p := range todo {
		i, ok := byID[p.ID]
		if !ok {
			i, ok = byID[p.Name]
		}
		if !ok {
			missing = append(missing, p.Name)
			continue
		}
		f := out.Functions[i]
		r := &Record{
			Function: p.ID, Name: p.Name, Span: p.node.Func().Span, BodyHash: p.hash, Expected: p.expected,
			Contract:  Contract{Requires: f.Requires, Ensures: f.Ensures},
			Source:    p.source,
			Conflicts: append(slices.Clone(p.conflicts), f.Conflicts...),
			Model:     llm.NameOf(gen.opts.Model),
			Prompt:    version,
			Usage:     share,
		}
		if p.fixed != nil {
			r.Contract = *p.fixed
		}
		for _, e := range p.exps {
			if !slices.Contains(r.Callers, e.Caller) {
				r.Callers = append(r.Callers, e.Caller)
			}
		}
		callees := map[string]string{} // ID or qualified name -> ID
		for _, e := range p.node.Out {
			callees[e.Callee.ID] = e.Callee.ID
			callees[e.Callee.Func().QualifiedName()] = e.Callee.ID
		}
		for _, c := range f.Callees {
			id, ok := callees[c.Callee]
			if !ok {
				continue // the model named something this function does not call
			}
			r.Expectations = append(r.Expectations, Expectation{Caller: p.ID, Callee: id, Line: c.Line, Pre: c.Pre, Post: c.Post})
		}
		if err := gen.keep(r, true); err != nil {
			return err
		}
		gen.res.Asked++
	}
	if len(missing) > 0 {
		return fmt.Errorf("contract: the reply has no contract for %s", strings.Join(missing, ", "))
	}
	return nil
}

// keep records r and publishes its expectations to its callees, and writes
// it to the store when it is new or moved. The caller holds gen.mu.
func (gen *generator) keep(r *Record, write bool) error {
	gen.records[r.Function] = r
	for _, e := range r.Expectations {
		gen.exps[e.Callee] = append(gen.exps[e.Callee], e)
	}
	if write && gen.opts.Store != nil {
		return gen.opts.Store.Put(r)
	}
	return nil
}

// prepare builds the prompt part of one function, or reuses its stored
// record and returns nil.
func (gen *generator) prepare(ctx context.Context, n *callgraph.Node, c *callgraph.Component, inCycle bool) (*fnPrompt, error) {
	fn := n.Func()
	src, err := gen.source(fn.Span.File)
	if err != nil {
		return nil, err
	}
	text := fn.Span.Text(src)
	p := &fnPrompt{ID: n.ID, Name: fn.QualifiedName(), node: n, hash: BodyHash(text),
		Location: fn.Span.String(), Body: numbered(text, fn.Span.StartLine)}

	gen.mu.Lock()
	exps := slices.Clone(gen.exps[n.ID])
	gen.mu.Unlock()
	slices.SortFunc(exps, func(a, b Expectation) int {
		return cmpOr(strings.Compare(a.Caller, b.Caller), a.Line-b.Line)
	})
	p.expected = expectationsHash(exps)

	// A stored record is kept when the body, the prompt and what the
	// callers expect are all unchanged: a changed contract pushes down to
	// exactly the callees whose expectations it changed.
	if gen.opts.Store != nil {
		old, err := gen.opts.Store.Get(n.ID)
		if err != nil {
			return nil, err
		}
		if old != nil && gen.revising() {
			p.previous = &old.Contract
		}
		if old != nil && old.BodyHash == p.hash && currentPrompt(old.Prompt) && old.Expected == p.expected {
			moved := old.Function != n.ID
			old.Function, old.Span = n.ID, fn.Span
			for i := range old.Expectations {
				old.Expectations[i].Caller = n.ID
			}
			gen.mu.Lock()
			defer gen.mu.Unlock()
			gen.res.Reused++
			return nil, gen.keep(old, moved)
		}
	}

	if prev := gen.opts.Previous[StableID(n.ID)]; prev != nil {
		p.previous = &prev.Contract
	}
	entry := len(n.In) == 0 || gen.entries[n.ID] || gen.entries[p.Name] || fn.Entry
	switch {
	case entry:
		p.Role, p.source = "entry function: write its contract from domain knowledge and its body", FromEntry
	case inCycle && len(exps) == 0:
		p.Role, p.source = "internal function in a recursive cycle", FromCycle
	case len(exps) == 0:
		p.Role, p.source = "internal function whose callers left no expectation", FromOrphan
	default:
		p.Role, p.source = "internal function: merge its callers' expectations, checked against domain knowledge", FromModel
		merger := gen.opts.Merger
		if merger == nil {
			merger = ExactMerge{}
		}
		merged, err := merger.Merge(ctx, exps)
		if err != nil {
			return nil, fmt.Errorf("contract: merging the expectations of %s: %w", p.Name, err)
		}
		if merged != nil {
			p.fixed, p.source, p.conflicts = &merged.Contract, cmp.Or(merged.Source, FromExact), merged.Conflicts
			p.Fixed, p.FixedHow = formatContract(merged.Contract), cmp.Or(merged.How, exactHow)
		}
	}
	p.exps = exps
	for _, e := range exps {
		p.Expectations = append(p.Expectations, expView{Caller: e.Caller, Line: e.Line, Pre: formatConds(e.Pre), Post: formatConds(e.Post)})
	}
	if inCycle {
		for _, e := range n.In {
			if gen.cond.ComponentOf(e.Caller) != c || e.Caller == n && len(c.Nodes) > 1 {
				continue
			}
			if slices.ContainsFunc(p.CycleCallers, func(v cycleView) bool { return v.Name == e.Caller.Func().QualifiedName() }) {
				continue
			}
			csrc, err := gen.source(e.Caller.Func().Span.File)
			if err != nil {
				return nil, err
			}
			p.CycleCallers = append(p.CycleCallers, cycleView{Name: e.Caller.Func().QualifiedName(),
				Body: numbered(e.Caller.Func().Span.Text(csrc), e.Caller.Func().Span.StartLine)})
		}
	}
	if gen.opts.Knowledge != nil {
		part := ""
		if gen.opts.PartOf != nil {
			part = gen.opts.PartOf(n)
		}
		p.Knowledge = gen.opts.Knowledge.For(part)
	}
	for _, e := range n.Out {
		p.Calls = append(p.Calls, callView{Line: int(e.Line), Text: e.Call().Callee, Callee: e.Callee.ID})
	}
	return p, nil
}

// revising reports whether the run is an update: prompts show the goal
// and the contracts before the change.
func (gen *generator) revising() bool { return gen.opts.Goal != "" || gen.opts.Previous != nil }

// expectationsHash hashes what callers expect of a function, ignoring
// call lines (an edit above a call moves it without changing it).
func expectationsHash(exps []Expectation) string {
	var b strings.Builder
	for _, e := range exps {
		fmt.Fprintf(&b, "%s|%s|%s\n", StableID(e.Caller), formatConds(e.Pre), formatConds(e.Post))
	}
	return BodyHash(b.String())
}

func cmpOr(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

// source reads a file once per run.
func (gen *generator) source(path string) ([]byte, error) {
	gen.mu.Lock()
	defer gen.mu.Unlock()
	if b, ok := gen.files[path]; ok {
		return b, nil
	}
	read := gen.opts.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	b, err := read(path)
	if err != nil {
		return nil, fmt.Errorf("contract: %w", err)
	}
	gen.files[path] = b
	return b, nil
}

// numbered prefixes each line of text with its line number in the file.
func numbered(text string, first int) string {
	lines := strings.Split(text, "\n")
	var b strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&b, "%5d  %s\n", first+i, l)
	}
	return b.String()
}

func formatConds(cs []Condition) string {
	if len(cs) == 0 {
		return "(nothing)"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Text
		if c.Formal != "" {
			parts[i] += " [" + c.Formal + "]"
		}
	}
	return strings.Join(parts, "; ")
}

func formatContract(c Contract) string {
	return "requires: " + formatConds(c.Requires) + "\nensures: " + formatConds(c.Ensures)
}

//go:embed prompts/generate.schema.json
var generateSchemaJSON []byte
