package incremental

import (
	"fmt"
	"slices"
	"strings"
)

// An Item is a function to redo and why.
type Item struct {
	Key     string   `json:"key"`
	Name    string   `json:"name"`
	Reasons []string `json:"reasons"`
}

// A Plan says what changed between two snapshots and what to redo.
type Plan struct {
	Added    []string `json:"added,omitempty"`
	Removed  []string `json:"removed,omitempty"`
	Modified []string `json:"modified,omitempty"`
	// ContractChanged lists the functions whose contract differs.
	ContractChanged []string `json:"contract_changed,omitempty"`
	// SpecChanged lists the specification functions that changed or were
	// removed.
	SpecChanged []string `json:"spec_changed,omitempty"`
	// Regenerate lists the functions whose contracts are to be updated,
	// caller before callee (contract.Generate orders them): the new, the
	// modified and the relevant ones.
	Regenerate []Item `json:"regenerate,omitempty"`
	// Recheck lists the functions to reason about again, by the re-check
	// rule, each with every reason that applies.
	Recheck []Item `json:"recheck,omitempty"`
	// Discard lists the removed functions whose contracts are discarded.
	Discard []string `json:"discard,omitempty"`
	// Unchanged counts the functions nothing touches.
	Unchanged int `json:"unchanged"`
}

// Diff compares two snapshots and applies the re-check rule. relevant lists
// functions to reconsider though unchanged (see Relevant); it may be nil.
//
// Called before contracts are regenerated, the plan's ContractChanged is
// empty for functions not yet regenerated; called again with the snapshot
// taken after, it gives the final Recheck set.
func Diff(old, cur *Snapshot, relevant []Scored) *Plan {
	p := &Plan{}
	reasons := map[string][]string{}
	add := func(k, why string) {
		if !slices.Contains(reasons[k], why) {
			reasons[k] = append(reasons[k], why)
		}
	}
	changedSpec := map[string]bool{}
	for _, k := range old.keys() {
		o, c := old.get(k), cur.get(k)
		switch {
		case c == nil:
			p.Removed = append(p.Removed, k)
			p.Discard = append(p.Discard, k)
			if o.Spec {
				changedSpec[k] = true
			}
		case o.Body != c.Body:
			if o.Spec {
				changedSpec[k] = true
			}
		}
	}
	for _, k := range cur.keys() {
		o, c := old.get(k), cur.get(k)
		switch {
		case o == nil:
			p.Added = append(p.Added, k)
			add(k, "new")
		case o.Body != c.Body:
			p.Modified = append(p.Modified, k)
			add(k, "modified")
		}
		if o != nil && o.Contract != c.Contract && c.Contract != "" {
			p.ContractChanged = append(p.ContractChanged, k)
			add(k, "its contract changed")
		}
	}
	for k := range changedSpec {
		p.SpecChanged = append(p.SpecChanged, k)
	}
	slices.Sort(p.SpecChanged)

	// Rule 3: callers of a function whose contract changed.
	contractChanged := map[string]bool{}
	for _, k := range p.ContractChanged {
		contractChanged[k] = true
	}
	for _, k := range cur.keys() {
		c := cur.get(k)
		for _, callee := range c.Callees {
			if contractChanged[callee] && callee != k {
				add(k, "calls "+name(cur, callee)+", whose contract changed")
			}
		}
		// Rule 4: a specification function it mentions changed. The old
		// snapshot knows what a function mentioned before a rename.
		mentions := slices.Clone(c.Mentions)
		if o := old.get(k); o != nil {
			mentions = append(mentions, o.Mentions...)
		}
		for _, m := range mentions {
			if changedSpec[m] && m != k {
				why := "mentions specification function " + name(old, m) + ", which changed"
				if cur.get(m) == nil {
					why = "mentions specification function " + name(old, m) + ", which was removed or renamed"
				}
				add(k, why)
			}
		}
	}
	var regen []Item
	for _, k := range append(slices.Clone(p.Added), p.Modified...) {
		regen = append(regen, Item{Key: k, Name: name(cur, k), Reasons: []string{reasons[k][0]}})
	}
	for _, s := range relevant {
		if cur.get(s.Key) == nil {
			continue
		}
		why := fmt.Sprintf("relevant to the goal (score %.2f)", s.Score)
		add(s.Key, why)
		if !slices.ContainsFunc(regen, func(it Item) bool { return it.Key == s.Key }) {
			regen = append(regen, Item{Key: s.Key, Name: name(cur, s.Key), Reasons: []string{why}})
		}
	}
	slices.SortFunc(regen, func(a, b Item) int { return strings.Compare(a.Key, b.Key) })
	p.Regenerate = regen
	for _, k := range cur.keys() {
		if rs := reasons[k]; len(rs) > 0 {
			p.Recheck = append(p.Recheck, Item{Key: k, Name: name(cur, k), Reasons: rs})
		}
	}
	p.Unchanged = len(cur.keys()) - len(p.Recheck)
	return p
}

func name(s *Snapshot, k string) string {
	if f := s.get(k); f != nil {
		return f.Name
	}
	return k
}

// Write prints the plan for a person: what changed, what will be redone and
// why.
func (p *Plan) Write(w interface{ Write([]byte) (int, error) }) {
	section := func(title string, ks []string) {
		if len(ks) > 0 {
			fmt.Fprintf(w, "%s (%d):\n", title, len(ks))
			for _, k := range ks {
				fmt.Fprintf(w, "  %s\n", k)
			}
		}
	}
	section("added", p.Added)
	section("modified", p.Modified)
	section("removed (contracts discarded)", p.Removed)
	section("contract changed", p.ContractChanged)
	section("specification functions changed", p.SpecChanged)
	if len(p.Regenerate) > 0 {
		fmt.Fprintf(w, "contracts to update, caller before callee (%d):\n", len(p.Regenerate))
		for _, it := range p.Regenerate {
			fmt.Fprintf(w, "  %s: %s\n", it.Name, strings.Join(it.Reasons, "; "))
		}
	}
	fmt.Fprintf(w, "to reason about again (%d, %d unchanged):\n", len(p.Recheck), p.Unchanged)
	for _, it := range p.Recheck {
		fmt.Fprintf(w, "  %s: %s\n", it.Name, strings.Join(it.Reasons, "; "))
	}
}
