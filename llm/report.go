package llm

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"text/tabwriter"
)

// A Tally counts requests and tokens.
type Tally struct {
	// Requests is the replies that came from the model (not a cache); for
	// an Estimator, the requests a run would send.
	Requests int `json:"requests"`
	// Cached is the replies that came from a Cache.
	Cached int `json:"cached"`
	// Failed is the requests that got no reply: errors, ErrCacheMiss,
	// ErrEstimate from below, and those the budget refused.
	Failed int `json:"failed"`
	// Refused is the part of Failed that the budget refused.
	Refused int `json:"refused"`
	// PromptTokens and CompletionTokens are the tokens of the replies that
	// came from the model, as the server reported them (or estimated by
	// EstimateTokens where it reported none; see Estimated).
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	// CachedTokens is what the cached replies cost when they were
	// recorded: tokens saved.
	CachedTokens int `json:"cached_tokens"`
	// Estimated is the replies whose tokens were estimated because the
	// server reported none.
	Estimated int `json:"estimated"`

	// Structured is the structured exchanges begun (see Structured): the
	// requests that were an exchange's first attempt.
	Structured int `json:"structured,omitempty"`
	// NeededRepair is the structured exchanges whose first reply was
	// invalid and was sent back (counted at the first repair request);
	// Repairs is all repair requests.
	NeededRepair int `json:"needed_repair,omitempty"`
	Repairs      int `json:"repairs,omitempty"`
	// SchemaFormat and ObjectFormat are the replies (from the model or a
	// cache) to requests that sent the server the schema
	// (FormatJSONSchema or FormatJSONObjectSchema) or asked for any JSON
	// object (FormatJSONObject).
	SchemaFormat int `json:"schema_format,omitempty"`
	ObjectFormat int `json:"object_format,omitempty"`
	// UnknownFormat is the cached replies to JSON requests whose entry
	// does not say what was asked (recorded before Response.Format was).
	UnknownFormat int `json:"unknown_format,omitempty"`
}

// Tokens returns PromptTokens + CompletionTokens.
func (t Tally) Tokens() int { return t.PromptTokens + t.CompletionTokens }

func (t *Tally) add(o Tally) {
	t.Requests += o.Requests
	t.Cached += o.Cached
	t.Failed += o.Failed
	t.Refused += o.Refused
	t.PromptTokens += o.PromptTokens
	t.CompletionTokens += o.CompletionTokens
	t.CachedTokens += o.CachedTokens
	t.Estimated += o.Estimated
	t.Structured += o.Structured
	t.NeededRepair += o.NeededRepair
	t.Repairs += o.Repairs
	t.SchemaFormat += o.SchemaFormat
	t.ObjectFormat += o.ObjectFormat
	t.UnknownFormat += o.UnknownFormat
}

// A Report is the token use of a run, per stage and per item. Stages and
// items are sorted by name, so the JSON depends only on what was counted.
// Requests without a Stage are counted under stage "", without an Item
// under item "".
type Report struct {
	// Estimate is true when the figures come from an Estimator: planned
	// requests and estimated tokens, nothing sent.
	Estimate bool `json:"estimate,omitempty"`
	// Budget is the token budget; 0 means none.
	Budget int `json:"budget,omitempty"`
	// Source names who answered (MeterOptions.Source); "" when not said.
	Source string       `json:"source,omitempty"`
	Total  Tally        `json:"total"`
	Stages []StageTally `json:"stages"`
}

// A StageTally is the Tally of one stage and of each of its items.
type StageTally struct {
	Stage string `json:"stage"`
	Tally
	Items []ItemTally `json:"items"`
}

// An ItemTally is the Tally of one item of a stage.
type ItemTally struct {
	Item string `json:"item"`
	Tally
}

// WriteTable writes who answered (when Source says), then the per-stage
// figures and the total as an aligned text table.
func (r *Report) WriteTable(w io.Writer) error {
	if r.Source != "" {
		if _, err := fmt.Fprintf(w, "replies: %s\n", r.Source); err != nil {
			return err
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "stage\titems\trequests\tcached\tfailed\tprompt tokens\tcompletion tokens")
	row := func(name string, items int, t Tally) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\n", name, items, t.Requests, t.Cached, t.Failed, t.PromptTokens, t.CompletionTokens)
	}
	n := 0
	for _, s := range r.Stages {
		row(s.Stage, len(s.Items), s.Tally)
		n += len(s.Items)
	}
	row("total", n, r.Total)
	if err := tw.Flush(); err != nil {
		return err
	}
	var err error
	if t := r.Total; t.Structured > 0 && !r.Estimate {
		replies := t.Requests + t.Cached
		if _, err = fmt.Fprintf(w, "structured replies: %d exchanges, %d needed repair (%d repair requests); reply format asked: %d with the schema (json_schema or json_object+schema: grammar-constrained where the server honours it), %d json_object, %d none\n",
			t.Structured, t.NeededRepair, t.Repairs, t.SchemaFormat, t.ObjectFormat, replies-t.SchemaFormat-t.ObjectFormat-t.UnknownFormat); err != nil {
			return err
		}
		if t.UnknownFormat > 0 {
			if _, err = fmt.Fprintf(w, "(%d cached replies do not say which format was asked: recorded before that was kept)\n", t.UnknownFormat); err != nil {
				return err
			}
		}
	}
	if r.Estimate {
		_, err = fmt.Fprintln(w, "(estimate: nothing was sent; tokens by the 4-bytes-a-token rule)")
	} else if r.Budget > 0 {
		_, err = fmt.Fprintf(w, "budget: %d of %d tokens spent\n", r.Total.Tokens(), r.Budget)
	}
	return err
}

// ledger keeps tallies per stage and item; safe for concurrent use.
type ledger struct {
	mu     sync.Mutex
	stages map[string]map[string]*Tally
}

// add applies f to the tally of stage and item.
func (l *ledger) add(stage, item string, f func(*Tally)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stages == nil {
		l.stages = map[string]map[string]*Tally{}
	}
	items := l.stages[stage]
	if items == nil {
		items = map[string]*Tally{}
		l.stages[stage] = items
	}
	t := items[item]
	if t == nil {
		t = &Tally{}
		items[item] = t
	}
	f(t)
}

// report builds a sorted Report.
func (l *ledger) report() Report {
	l.mu.Lock()
	defer l.mu.Unlock()
	r := Report{Stages: []StageTally{}}
	for stage, items := range l.stages {
		st := StageTally{Stage: stage, Items: make([]ItemTally, 0, len(items))}
		for item, t := range items {
			st.Items = append(st.Items, ItemTally{Item: item, Tally: *t})
			st.Tally.add(*t)
		}
		slices.SortFunc(st.Items, func(a, b ItemTally) int { return cmpString(a.Item, b.Item) })
		r.Stages = append(r.Stages, st)
		r.Total.add(st.Tally)
	}
	slices.SortFunc(r.Stages, func(a, b StageTally) int { return cmpString(a.Stage, b.Stage) })
	return r
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
