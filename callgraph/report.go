package callgraph

import (
	"fmt"
	"sort"
)

// A Report gives the figures to check with every graph: how many
// functions and edges, how many edges are guesses, how many calls went
// nowhere, and how large the largest recursion is (a giant SCC means
// resolution merged unrelated functions).
type Report struct {
	Functions      int     `json:"functions"`
	Edges          int     `json:"edges"` // one per (call site, callee)
	AmbiguousEdges int     `json:"ambiguous_edges"`
	AmbiguousShare float64 `json:"ambiguous_share"` // AmbiguousEdges / Edges, 0 without edges
	ExtraEdges     int     `json:"extra_edges"`
	// ByNameEdges counts the sound edges found by name alone (Edge.ByName)
	// and IndirectEdges the edges through function pointers (Edge.Indirect,
	// also counted as ambiguous).
	ByNameEdges   int `json:"by_name_edges"`
	IndirectEdges int `json:"indirect_edges"`
	Unresolved    int `json:"unresolved"`
	// UnresolvedBy counts unresolved calls by reason name.
	UnresolvedBy map[string]int `json:"unresolved_by"`
	// IncludeAmbiguous says whether ambiguous edges took part in the SCCs
	// and layers below.
	IncludeAmbiguous bool `json:"include_ambiguous"`
	Components       int  `json:"components"`
	LargestSCC       int  `json:"largest_scc"` // functions in the largest component
	SCCsOverOne      int  `json:"sccs_over_one"`
	Layers           int  `json:"layers"` // of the whole graph
}

// MakeReport computes g's report; c is g's condensation, or nil to compute
// it.
func MakeReport(g *Graph, c *Condensation) *Report {
	if c == nil {
		c = Condense(g)
	}
	r := &Report{
		Functions:        len(g.Nodes),
		Edges:            len(g.Edges),
		Unresolved:       len(g.Unresolved),
		UnresolvedBy:     map[string]int{},
		IncludeAmbiguous: g.IncludeAmbiguous,
		Components:       len(c.Components),
		Layers:           len(Layers(c)),
	}
	for _, e := range g.Edges {
		if e.Ambiguous {
			r.AmbiguousEdges++
		}
		if e.Extra {
			r.ExtraEdges++
		}
		if e.ByName {
			r.ByNameEdges++
		}
		if e.Indirect {
			r.IndirectEdges++
		}
	}
	if r.Edges > 0 {
		r.AmbiguousShare = float64(r.AmbiguousEdges) / float64(r.Edges)
	}
	for _, u := range g.Unresolved {
		r.UnresolvedBy[u.Reason.String()]++
	}
	for _, comp := range c.Components {
		r.LargestSCC = max(r.LargestSCC, len(comp.Nodes))
		if len(comp.Nodes) > 1 {
			r.SCCsOverOne++
		}
	}
	return r
}

// String gives the report on one line.
func (r *Report) String() string {
	return fmt.Sprintf("%d functions, %d edges (%.1f%% ambiguous), %d unresolved, largest SCC %d, %d layers",
		r.Functions, r.Edges, 100*r.AmbiguousShare, r.Unresolved, r.LargestSCC, r.Layers)
}

// A Summary is everything `surety graph` shows, as plain data with stable
// JSON: the report, every function with its layer and phase, the layers of
// the whole graph, the recursions, and the phases with their layers.
type Summary struct {
	Report    *Report        `json:"report"`
	Functions []FunctionInfo `json:"functions"`
	// Layers are the whole graph's layers, each a list of components,
	// each a list of function IDs.
	Layers [][]*Component `json:"layers"`
	// Recursions are the components of more than one function, largest
	// first, then by first ID.
	Recursions []*Component `json:"recursions"`
	PhaseBy    PhaseBy      `json:"phase_by"`
	Phases     []PhaseInfo  `json:"phases"`
	LayerStats LayerStats   `json:"layer_stats"`
	// CrossPhaseEdges counts the edges between phases.
	CrossPhaseEdges int           `json:"cross_phase_edges"`
	Unresolved      []*Unresolved `json:"unresolved"`
	UnmatchedExtra  []ExtraEdge   `json:"unmatched_extra,omitempty"`
}

// FunctionInfo describes one function of a Summary.
type FunctionInfo struct {
	ID    string `json:"id"`
	File  string `json:"file"`
	Name  string `json:"name"` // qualified name
	Line  int    `json:"line"`
	Layer int    `json:"layer"` // 1-based, in the whole graph
	Phase int    `json:"phase"` // index into Summary.Phases
	// PhaseLayer is the 1-based layer within the function's phase.
	PhaseLayer int `json:"phase_layer"`
}

// PhaseInfo describes one phase of a Summary.
type PhaseInfo struct {
	Name      string         `json:"name"`
	Functions int            `json:"functions"`
	Layers    [][]*Component `json:"layers"`
}

// Summarize computes g's summary with phases cut as opts says.
func Summarize(g *Graph, opts *PhaseOptions) *Summary {
	// What the summary keeps of the whole graph's condensation is in s
	// after summarizeWhole: its edges between components are let go
	// before the phases make their own (on a kernel, tens of megabytes).
	s, layerOf := summarizeWhole(g)
	split := Phases(g, opts)
	s.PhaseBy = split.By
	s.LayerStats = split.LayerStats()
	s.CrossPhaseEdges = len(split.Cross)
	phaseLayer := make([]int, len(g.Nodes))
	for _, p := range split.Phases {
		s.Phases = append(s.Phases, PhaseInfo{Name: p.Name, Functions: len(p.Nodes), Layers: p.Layers})
		for i, l := range p.Layers {
			for _, comp := range l {
				for _, n := range comp.Nodes {
					phaseLayer[n.Index] = i + 1
				}
			}
		}
		p.Condensation = nil // split is Summarize's own
	}
	if s.Phases == nil {
		s.Phases = []PhaseInfo{}
	}
	// The functions' records are made last, once the phases'
	// condensations can go: on a kernel each takes tens of megabytes.
	split.Cross = nil
	s.Functions = make([]FunctionInfo, len(g.Nodes))
	for i, n := range g.Nodes {
		s.Functions[i] = FunctionInfo{ID: n.ID, File: n.File(), Name: n.Name(), Line: n.line(),
			Layer: layerOf[i], Phase: split.Of[i], PhaseLayer: phaseLayer[i]}
	}
	return s
}

// summarizeWhole starts g's summary with what the whole graph's
// condensation gives: the report, layers and recursions. It returns the
// layer of each node too.
func summarizeWhole(g *Graph) (*Summary, []int) {
	c := Condense(g)
	layers := Layers(c)
	s := &Summary{
		Report:         MakeReport(g, c),
		Layers:         layers,
		Unresolved:     g.Unresolved,
		UnmatchedExtra: g.UnmatchedExtra,
	}
	if s.Layers == nil {
		s.Layers = [][]*Component{}
	}
	if s.Unresolved == nil {
		s.Unresolved = []*Unresolved{}
	}
	for _, comp := range c.Components {
		if len(comp.Nodes) > 1 {
			s.Recursions = append(s.Recursions, comp)
		}
	}
	sortComponentsBySize(s.Recursions)
	if s.Recursions == nil {
		s.Recursions = []*Component{}
	}
	return s, LayerOf(g, layers)
}

func sortComponentsBySize(cs []*Component) {
	sort.Slice(cs, func(i, j int) bool { return lessBySize(cs[i], cs[j]) })
}

func lessBySize(a, b *Component) bool {
	if len(a.Nodes) != len(b.Nodes) {
		return len(a.Nodes) > len(b.Nodes)
	}
	return a.Nodes[0].Index < b.Nodes[0].Index
}
