package contract

import (
	"fmt"
	"slices"
	"strings"
)

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
