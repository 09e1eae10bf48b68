package contract

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// A Merger merges what the callers of one function expect of it into the
// function's contract. Generate asks Options.Merger for every internal
// function that has expectations, before asking the model: a contract the
// Merger returns is fixed, and the generation request only writes the
// expectations of the function's callees; nil leaves the merge to the model
// in the generation request, where it sees the function's body and the
// domain knowledge too (FromModel).
//
// ExactMerge and ModelMerge are the two mergers of FM-Agent's rule;
// a researcher's own (a merge that simplifies with a solver, one that asks
// a model of its own) implements the interface. Merge is called
// concurrently for functions of different components.
type Merger interface {
	// Merge returns the merged contract of the function exps are
	// expectations of, sorted by caller and line, or nil to leave the
	// merge to the model. An error fails the function's component (see
	// Generate).
	Merge(ctx context.Context, exps []Expectation) (*Merged, error)
}

// Merged is a contract a Merger decided.
type Merged struct {
	Contract Contract
	// Source says how, for Record.Source: FromExact for ExactMerge; a
	// Merger of one's own names itself. Empty means FromExact.
	Source string
	// How says it to the model, in the generation prompt: "Its contract
	// is FIXED (How)". Empty means "merged exactly from its callers'
	// formal expectations".
	How string
	// Conflicts are contradictions between the callers' expectations the
	// merge found; they go into Record.Conflicts.
	Conflicts []string
}

// ExactMerge is the merge rule applied exactly (see Merge) where every
// clause is formal; it leaves sentences to the model. It is Generate's
// default.
type ExactMerge struct{}

// Merge merges exps by Merge when every clause is formal, else returns nil.
func (ExactMerge) Merge(_ context.Context, exps []Expectation) (*Merged, error) {
	c, ok := Merge(exps)
	if !ok {
		return nil, nil
	}
	return &Merged{Contract: c, Source: FromExact}, nil
}

// ModelMerge leaves every merge to the model, in the generation request,
// formal clauses included: the model may rephrase the merged contract to
// remove redundancy and must report conflicts between callers.
type ModelMerge struct{}

// Merge returns nil.
func (ModelMerge) Merge(context.Context, []Expectation) (*Merged, error) { return nil, nil }

// exactHow is how the generation prompt describes an exact merge.
const exactHow = "merged exactly from its callers' formal expectations"

// Merge applies the merge rule to the expectations callers hold of one
// function: requires is the disjunction of the callers' pre-conditions,
// ensures the conjunction of their post-conditions.
//
// It merges exactly, and reports ok, only when every clause of every
// expectation is formal; otherwise it returns ok false and the merge is
// left to the model, which understands sentences. Duplicate clauses are
// dropped; the result does not depend on the order of exps.
func Merge(exps []Expectation) (c Contract, ok bool) {
	for _, e := range exps {
		if !allFormal(e.Pre) || !allFormal(e.Post) {
			return Contract{}, false
		}
	}
	if len(exps) == 0 {
		return Contract{}, true
	}
	// One disjunct per distinct caller pre-condition.
	var disjuncts []Condition
	seen := map[string]bool{}
	for _, e := range exps {
		d := conjoin(e.Pre)
		if !seen[d.Formal] {
			seen[d.Formal] = true
			disjuncts = append(disjuncts, d)
		}
	}
	slices.SortFunc(disjuncts, func(a, b Condition) int { return strings.Compare(a.Formal, b.Formal) })
	switch {
	case seen["true"]:
		// A caller that promises nothing makes the disjunction true.
	case len(disjuncts) == 1:
		c.Requires = []Condition{disjuncts[0]}
	default:
		texts, forms := make([]string, len(disjuncts)), make([]string, len(disjuncts))
		for i, d := range disjuncts {
			texts[i], forms[i] = d.Text, d.Formal
		}
		c.Requires = []Condition{{
			Text:   "one of the following holds: " + strings.Join(quoteAll(texts), "; or "),
			Formal: "(or " + strings.Join(forms, " ") + ")",
		}}
	}
	seen = map[string]bool{}
	for _, e := range exps {
		for _, q := range e.Post {
			if !seen[q.Formal] {
				seen[q.Formal] = true
				c.Ensures = append(c.Ensures, q)
			}
		}
	}
	slices.SortFunc(c.Ensures, func(a, b Condition) int { return strings.Compare(a.Formal, b.Formal) })
	return c, true
}

// conjoin makes one condition of a list: true for none, the clause itself
// for one, their conjunction otherwise.
func conjoin(cs []Condition) Condition {
	switch len(cs) {
	case 0:
		return Condition{Text: "true", Formal: "true"}
	case 1:
		return cs[0]
	}
	texts, forms := make([]string, len(cs)), make([]string, len(cs))
	for i, c := range cs {
		texts[i], forms[i] = c.Text, c.Formal
	}
	return Condition{Text: strings.Join(texts, " and "), Formal: "(and " + strings.Join(forms, " ") + ")"}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("(%s)", s)
	}
	return out
}
