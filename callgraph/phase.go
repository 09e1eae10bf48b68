package callgraph

import (
	"fmt"
	"path"
	"sort"
)

// PhaseBy says how Phases cuts a graph.
type PhaseBy int

const (
	// ByComponent: one phase per weakly connected component of the
	// counted edges; no counted edge crosses phases.
	ByComponent PhaseBy = iota
	// ByDirectory: one phase per directory of the functions' files.
	ByDirectory
	// ByModule: one phase per module (frontend.Function.Module), the
	// directory for functions without one (C).
	ByModule
)

var phaseByNames = [...]string{"component", "dir", "module"}

func (b PhaseBy) String() string {
	if int(b) < len(phaseByNames) {
		return phaseByNames[b]
	}
	return fmt.Sprintf("PhaseBy(%d)", int(b))
}

// MarshalText makes PhaseBy a string in JSON.
func (b PhaseBy) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// ParsePhaseBy reads "component", "dir" or "module".
func ParsePhaseBy(s string) (PhaseBy, error) {
	for i, n := range phaseByNames {
		if n == s {
			return PhaseBy(i), nil
		}
	}
	return 0, fmt.Errorf("callgraph: unknown phase split %q (want component, dir or module)", s)
}

// PhaseOptions control Phases. The zero value (or nil) cuts by weakly
// connected components.
type PhaseOptions struct {
	By PhaseBy
}

// A Phase is a part of the program layered on its own: only the counted
// edges between its own nodes order it.
type Phase struct {
	// Name is the directory or module for ByDirectory and ByModule; for
	// ByComponent the qualified name of the phase's first entry function.
	Name string `json:"name"`
	// Nodes are the phase's functions, sorted by ID.
	Nodes        []*Node        `json:"-"`
	Condensation *Condensation  `json:"-"`
	Layers       [][]*Component `json:"layers"`
}

// A PhaseSplit is a graph cut into phases.
type PhaseSplit struct {
	By PhaseBy `json:"by"`
	// Phases are sorted by size, largest first, then by name and first
	// node ID. Every node is in exactly one phase.
	Phases []*Phase `json:"phases"`
	// Cross lists the edges, counted or not, whose caller and callee lie
	// in different phases, in Graph order.
	Cross []*Edge `json:"cross"`
	// Of gives the phase number (index into Phases) of every node, by
	// node index.
	Of []int `json:"-"`
}

// Phases cuts g into phases and layers each of them.
func Phases(g *Graph, opts *PhaseOptions) *PhaseSplit {
	if opts == nil {
		opts = &PhaseOptions{}
	}
	key := make([]int, len(g.Nodes)) // group number per node
	switch opts.By {
	case ByComponent:
		uf := newUnionFind(len(g.Nodes))
		for _, e := range g.Edges {
			if g.Counts(e) {
				uf.union(e.Caller.Index, e.Callee.Index)
			}
		}
		for i := range key {
			key[i] = uf.find(i)
		}
	default:
		ids := map[string]int{}
		for i, n := range g.Nodes {
			k := path.Dir(n.File())
			if m := n.module(); opts.By == ByModule && m != "" {
				k = m
			}
			id, ok := ids[k]
			if !ok {
				id = len(ids)
				ids[k] = id
			}
			key[i] = id
		}
	}
	groups := map[int][]*Node{}
	var order []int
	for i, n := range g.Nodes {
		if _, ok := groups[key[i]]; !ok {
			order = append(order, key[i])
		}
		groups[key[i]] = append(groups[key[i]], n)
	}
	s := &PhaseSplit{By: opts.By, Of: make([]int, len(g.Nodes))}
	local := make([]int32, len(g.Nodes))
	for i := range local {
		local[i] = -1
	}
	for _, k := range order {
		nodes := groups[k]
		for j, n := range nodes {
			local[n.Index] = int32(j)
		}
		c := condense(g, nodes, local)
		for _, n := range nodes {
			local[n.Index] = -1
		}
		p := &Phase{Nodes: nodes, Condensation: c, Layers: Layers(c)}
		switch opts.By {
		case ByComponent:
			p.Name = p.Layers[0][0].Nodes[0].Name()
		case ByModule:
			if m := nodes[0].module(); m != "" {
				p.Name = m
				break
			}
			fallthrough
		default:
			p.Name = path.Dir(nodes[0].File())
		}
		s.Phases = append(s.Phases, p)
	}
	sort.SliceStable(s.Phases, func(i, j int) bool {
		a, b := s.Phases[i], s.Phases[j]
		if len(a.Nodes) != len(b.Nodes) {
			return len(a.Nodes) > len(b.Nodes)
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Nodes[0].Index < b.Nodes[0].Index
	})
	for pi, p := range s.Phases {
		for _, n := range p.Nodes {
			s.Of[n.Index] = pi
		}
	}
	// Counted first: on a kernel, millions of ambiguous edges cross
	// components, and a growing slice would copy them all again and again.
	cross := 0
	for _, e := range g.Edges {
		if s.Of[e.Caller.Index] != s.Of[e.Callee.Index] {
			cross++
		}
	}
	if cross > 0 {
		s.Cross = make([]*Edge, 0, cross)
	}
	for _, e := range g.Edges {
		if s.Of[e.Caller.Index] != s.Of[e.Callee.Index] {
			s.Cross = append(s.Cross, e)
		}
	}
	return s
}

// LayerStats gives the number of layers per phase in the form of FM-Agent's
// Table 4: how many phases, and the maximum, median and minimum of their
// layer counts. The median of an even number of phases is the lower of the
// two middle values. All zero when there are no phases.
type LayerStats struct {
	Phases int `json:"phases"`
	Max    int `json:"max"`
	Median int `json:"median"`
	Min    int `json:"min"`
	// Single counts the phases of one function (uncalled functions that
	// call nothing, when phases are components); they pull the median and
	// minimum down to 1 on large trees.
	Single int `json:"single"`
}

// LayerStats computes the layer statistics of s.
func (s *PhaseSplit) LayerStats() LayerStats {
	if len(s.Phases) == 0 {
		return LayerStats{}
	}
	counts := make([]int, len(s.Phases))
	single := 0
	for i, p := range s.Phases {
		counts[i] = len(p.Layers)
		if len(p.Nodes) == 1 {
			single++
		}
	}
	sort.Ints(counts)
	return LayerStats{
		Phases: len(counts),
		Max:    counts[len(counts)-1],
		Median: counts[(len(counts)-1)/2],
		Min:    counts[0],
		Single: single,
	}
}

type unionFind struct{ parent, rank []int }

func newUnionFind(n int) *unionFind {
	u := &unionFind{parent: make([]int, n), rank: make([]int, n)}
	for i := range u.parent {
		u.parent[i] = i
	}
	return u
}

func (u *unionFind) find(x int) int {
	for u.parent[x] != x {
		u.parent[x] = u.parent[u.parent[x]]
		x = u.parent[x]
	}
	return x
}

func (u *unionFind) union(a, b int) {
	a, b = u.find(a), u.find(b)
	switch {
	case a == b:
	case u.rank[a] < u.rank[b]:
		u.parent[a] = b
	case u.rank[a] > u.rank[b]:
		u.parent[b] = a
	default:
		u.parent[b] = a
		u.rank[a]++
	}
}
