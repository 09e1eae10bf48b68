package contract

import (
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

	"github.com/suretydev/surety/work"

	"golang.org/x/sync/errgroup"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/llm"
)

// ExpectationsPromptVersion is the version of the prompt that revises the
// expectations a caller holds of a function whose contract changed.
const ExpectationsPromptVersion = "contract.expectations/1"

//go:embed prompts/expectations.tmpl
var expectationsText string

var expectationsTmpl = template.Must(template.New("expectations").Parse(expectationsText))

var expectationsSchema = llm.MustCompileSchema("contract.expectations", expectationsSchemaJSON)

type expectationsReply struct {
	Callees []struct {
		Callee string      `json:"callee"`
		Line   int         `json:"line"`
		Pre    []Condition `json:"pre"`
		Post   []Condition `json:"post"`
	} `json:"callees"`
}

// ReviseOptions control ReviseCallers. Model is required; the zero value
// of every other field is valid. ReviseCallers does not modify it.
type ReviseOptions struct {
	Model llm.Model
	// Store, if set, receives every record ReviseCallers changes.
	Store *Store
	// Goal states what the change is for; shown to the model.
	Goal string
	// Previous holds the records before the change, by StableID: the
	// contracts the callers' expectations were written against.
	Previous map[string]*Record
	// Workers is the number of requests in flight; 0 means one per CPU.
	Workers int
	// ReadFile reads source files for bodies; nil means os.ReadFile.
	ReadFile func(path string) ([]byte, error)
	Ask      *llm.AskOptions
}

// A ReviseResult is what ReviseCallers did.
type ReviseResult struct {
	// Records holds every record, the revised ones included, sorted by
	// function ID.
	Records []*Record `json:"records"`
	// Revised lists the IDs of the callers whose expectations the model
	// revised, sorted.
	Revised []string `json:"revised,omitempty"`
	// Requests counts the model requests (repairs included); Usage sums
	// their tokens.
	Requests int       `json:"requests"`
	Usage    llm.Usage `json:"usage"`
	// Errors lists the callers that failed; their expectations stay as
	// they were.
	Errors []string `json:"errors,omitempty"`
}

// ReviseCallers brings up to date the expectations callers hold of the
// functions whose contracts changed (FM-Agent's technique 7, step 5: "also
// update the expected specifications held by its callers"). changed lists
// the IDs of those functions. Each caller holding an expectation of one of
// them is shown its body, each changed callee's contract before and after,
// its expectations of it and the goal, and writes them again; then the
// changed function's record takes the hash of its callers' expectations as
// they now stand, so a later run does not take the revision for a new
// demand on it.
//
// Why: the reasoning pass assumes what a function's record expects of its
// callees. Without the revision, a caller re-checked after its callee's
// contract changed is reasoned about against the old contract, and the
// re-check shows nothing.
//
// A caller that fails (an invalid reply after repairs) keeps its
// expectations and is listed in Errors; the returned error is non-nil only
// when ctx is cancelled or the options are unusable.
func ReviseCallers(ctx context.Context, g *callgraph.Graph, records []*Record, changed []string, opts *ReviseOptions) (*ReviseResult, error) {
	if opts == nil || opts.Model == nil {
		return nil, errors.New("contract: ReviseCallers needs a Model")
	}
	read := opts.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	byID := map[string]*Record{}
	for _, r := range records {
		byID[StableID(r.Function)] = r
	}
	isChanged := map[string]bool{}
	for _, id := range changed {
		isChanged[StableID(id)] = true
	}
	// The callers to revise, in graph order, each with its changed callees.
	type job struct {
		node    *callgraph.Node
		rec     *Record
		callees []*callgraph.Node
		exps    []Expectation // the revised expectations, when done
		done    bool
	}
	var jobs []*job
	for _, n := range g.Nodes {
		rec := byID[StableID(n.ID)]
		if rec == nil {
			continue
		}
		var callees []*callgraph.Node
		for _, e := range n.Out {
			c := e.Callee
			if !isChanged[StableID(c.ID)] || slices.Contains(callees, c) || byID[StableID(c.ID)] == nil {
				continue
			}
			if slices.ContainsFunc(rec.Expectations, func(x Expectation) bool { return StableID(x.Callee) == StableID(c.ID) }) {
				callees = append(callees, c)
			}
		}
		if len(callees) > 0 {
			jobs = append(jobs, &job{node: n, rec: rec, callees: callees})
		}
	}

	res := &ReviseResult{}
	var (
		mu    sync.Mutex
		files = map[string][]byte{}
	)
	source := func(path string) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		if b, ok := files[path]; ok {
			return b, nil
		}
		b, err := read(path)
		if err != nil {
			return nil, fmt.Errorf("contract: %w", err)
		}
		files[path] = b
		return b, nil
	}
	workers := work.Workers(opts.Workers)
	var eg errgroup.Group
	eg.SetLimit(workers)
	for _, j := range jobs {
		eg.Go(func() error {
			exps, rep, err := reviseOne(ctx, j.node, j.rec, j.callees, byID, source, opts)
			mu.Lock()
			defer mu.Unlock()
			if rep != nil {
				res.Requests += rep.Attempts
				res.Usage.PromptTokens += rep.Response.Usage.PromptTokens
				res.Usage.CompletionTokens += rep.Response.Usage.CompletionTokens
			}
			var rerr *llm.ReplyError
			if errors.As(err, &rerr) {
				res.Requests += rerr.Attempts
			}
			switch {
			case errors.Is(err, llm.ErrEstimate):
				res.Requests++ // a dry run: counted, nothing to keep
			case err != nil && ctx.Err() != nil:
				// cancelled: reported once, below
			case err != nil:
				res.Errors = append(res.Errors, err.Error())
			default:
				j.exps, j.done = exps, true
			}
			return nil
		})
	}
	_ = eg.Wait() // every job's error is in res.Errors
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	slices.Sort(res.Errors)
	for _, j := range jobs {
		if j.done {
			r := *j.rec
			r.Expectations = j.exps
			byID[StableID(r.Function)] = &r
			res.Revised = append(res.Revised, r.Function)
		}
	}

	// The changed functions' records record what their callers expect of
	// them now.
	for id := range isChanged {
		r := byID[id]
		if r == nil {
			continue
		}
		var exps []Expectation
		for _, o := range byID {
			for _, e := range o.Expectations {
				if StableID(e.Callee) == id {
					exps = append(exps, e)
				}
			}
		}
		slices.SortFunc(exps, func(a, b Expectation) int {
			return cmpOr(strings.Compare(a.Caller, b.Caller), a.Line-b.Line)
		})
		if h := expectationsHash(exps); h != r.Expected {
			nr := *r
			nr.Expected = h
			byID[id] = &nr
			if opts.Store != nil {
				if err := opts.Store.Put(&nr); err != nil {
					return nil, err
				}
			}
		}
	}
	if opts.Store != nil {
		for _, id := range res.Revised {
			if err := opts.Store.Put(byID[StableID(id)]); err != nil {
				return nil, err
			}
		}
	}
	for _, r := range byID {
		res.Records = append(res.Records, r)
	}
	slices.SortFunc(res.Records, func(a, b *Record) int { return strings.Compare(a.Function, b.Function) })
	slices.Sort(res.Revised)
	return res, nil
}

type calleeView struct {
	ID, Name, Before, After string
	Expectations            []expView
}

// reviseOne asks the model for caller's expectations of its changed
// callees, and returns the caller's expectations with those replaced.
func reviseOne(ctx context.Context, n *callgraph.Node, rec *Record, callees []*callgraph.Node, byID map[string]*Record,
	source func(string) ([]byte, error), opts *ReviseOptions) ([]Expectation, *llm.Reply, error) {
	src, err := source(n.Func().Span.File)
	if err != nil {
		return nil, nil, err
	}
	caller := fnPrompt{ID: n.ID, Name: n.Func().QualifiedName(), Location: n.Func().Span.String(),
		Body: numbered(n.Func().Span.Text(src), n.Func().Span.StartLine)}
	var views []calleeView
	ids := map[string]string{} // ID or qualified name -> ID
	for _, c := range callees {
		now := byID[StableID(c.ID)]
		v := calleeView{ID: c.ID, Name: c.Func().QualifiedName(), After: formatContract(now.Contract), Before: "(none: the function is new)"}
		if old := opts.Previous[StableID(c.ID)]; old != nil {
			v.Before = formatContract(old.Contract)
		}
		for _, e := range rec.Expectations {
			if StableID(e.Callee) == StableID(c.ID) {
				v.Expectations = append(v.Expectations, expView{Line: e.Line, Pre: formatConds(e.Pre), Post: formatConds(e.Post)})
			}
		}
		views = append(views, v)
		ids[c.ID], ids[c.Func().QualifiedName()] = c.ID, c.ID
	}
	var prompt strings.Builder
	if err := expectationsTmpl.Execute(&prompt, map[string]any{"Goal": opts.Goal, "Caller": caller, "Callees": views}); err != nil {
		return nil, nil, fmt.Errorf("contract: expectations prompt: %w", err)
	}
	reply, err := llm.Structured(ctx, opts.Model, &llm.Request{
		Messages:      []llm.Message{llm.User(prompt.String())},
		PromptVersion: ExpectationsPromptVersion,
		Stage:         "contract.expectations",
		Item:          caller.Name,
	}, expectationsSchema, opts.Ask)
	if err != nil {
		return nil, nil, fmt.Errorf("contract: %s: %w", caller.Name, err)
	}
	var out expectationsReply
	if err := decodeReply(reply, &out); err != nil {
		return nil, reply, err
	}
	revised := map[string]bool{}
	var fresh []Expectation
	for _, c := range out.Callees {
		id, ok := ids[c.Callee]
		if !ok {
			continue // the model named something that did not change
		}
		revised[StableID(id)] = true
		fresh = append(fresh, Expectation{Caller: rec.Function, Callee: id, Line: c.Line, Pre: c.Pre, Post: c.Post})
	}
	var exps []Expectation
	for _, e := range rec.Expectations {
		if !revised[StableID(e.Callee)] {
			exps = append(exps, e)
		}
	}
	exps = append(exps, fresh...)
	slices.SortFunc(exps, func(a, b Expectation) int {
		return cmpOr(strings.Compare(a.Callee, b.Callee), a.Line-b.Line)
	})
	return exps, reply, nil
}

// decodeReply decodes a structured reply that passed its schema.
func decodeReply(reply *llm.Reply, v any) error {
	if err := json.Unmarshal(reply.JSON, v); err != nil {
		return fmt.Errorf("contract: %w", err)
	}
	return nil
}

//go:embed prompts/expectations.schema.json
var expectationsSchemaJSON []byte
