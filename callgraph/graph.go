package callgraph

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// A Graph is a call graph: one node per function definition, one edge per
// (call site, callee) pair. Build makes one; the fields may be read freely
// but should not be changed.
type Graph struct {
	// Nodes are sorted by ID; Nodes[i].Index == i.
	Nodes []*Node `json:"nodes"`
	// Edges are sorted by caller index, then line, then callee index.
	// For every e in Edges, e is in e.Caller.Out and in e.Callee.In.
	Edges []*Edge `json:"edges"`
	// Unresolved lists the calls that reached no node, sorted by caller
	// index, then line.
	Unresolved []*Unresolved `json:"unresolved"`
	// IncludeAmbiguous records BuildOptions.IncludeAmbiguous: whether
	// ambiguous edges count for SCCs, layers, phases and traversal.
	IncludeAmbiguous bool `json:"include_ambiguous"`
	// UnmatchedExtra lists the edges of BuildOptions.Extra whose caller or
	// callee named no function.
	UnmatchedExtra []ExtraEdge `json:"unmatched_extra,omitempty"`
}

// A Node is one function definition.
type Node struct {
	Index int    `json:"-"`
	ID    string `json:"id"` // frontend.Function.ID
	// fn is the function of a node Build made; rec the compact record of
	// one a Builder made (which keeps fn instead, slimmed, for a function
	// whose span does not fit a record). Both are nil for a node made by
	// an extra edge naming a function the program does not define.
	fn  *frontend.Function
	rec *funcRecord
	Out []*Edge `json:"-"` // calls made, in Graph.Edges order
	In  []*Edge `json:"-"` // calls received, in Graph.Edges order
}

// Func returns the function n stands for; nil for a node made by an
// extra edge naming a function the program does not define. A node Build
// made returns the program's own Function, the same pointer each time.
// A node a Builder made keeps a compact record instead (a kernel has
// hundreds of thousands of functions), and each call makes a new Function
// from it, with the fields the Builder documents as dropped left empty:
// keep the result rather than call Func again in a loop. Changing the
// result changes nothing of the graph.
func (n *Node) Func() *frontend.Function {
	if n.fn != nil {
		return n.fn
	}
	if n.rec != nil {
		return n.rec.function()
	}
	return nil
}

// File returns the file of n's function.
func (n *Node) File() string {
	switch {
	case n.fn != nil:
		return n.fn.Span.File
	case n.rec != nil:
		return n.rec.file
	}
	return ""
}

// Name returns the qualified name of n's function, or its ID when n has no
// function.
func (n *Node) Name() string {
	switch {
	case n.fn != nil:
		return n.fn.QualifiedName()
	case n.rec != nil:
		return n.rec.qualifiedName()
	}
	return n.ID
}

// line returns the first line of n's function, 0 when it has none.
func (n *Node) line() int {
	switch {
	case n.fn != nil:
		return n.fn.Span.StartLine
	case n.rec != nil:
		return int(n.rec.startLine)
	}
	return 0
}

// text returns the text field i (textName, textModule...) of n's
// function without making one; "" when n has none.
func (n *Node) text(i int) string {
	switch {
	case n.fn != nil:
		return fnText(n.fn, i)
	case n.rec != nil:
		return n.rec.text(i)
	}
	return ""
}

func (n *Node) simpleName() string { return n.text(textName) }
func (n *Node) module() string     { return n.text(textModule) }
func (n *Node) receiver() string   { return n.text(textReceiver) }
func (n *Node) trait() string      { return n.text(textTrait) }

// fileLocal returns frontend.Function.FileLocal of n's function.
func (n *Node) fileLocal() bool {
	switch {
	case n.fn != nil:
		return n.fn.FileLocal
	case n.rec != nil:
		return n.rec.fileLocal
	}
	return false
}

// MarshalJSON writes a node as {"id", "file", "name", "line"}.
func (n *Node) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ID   string `json:"id"`
		File string `json:"file,omitempty"`
		Name string `json:"name"`
		Line int    `json:"line,omitempty"`
	}{n.ID, n.File(), n.Name(), n.line()})
}

// An Edge is a call from Caller to Callee. A kernel has millions, so an
// edge takes 32 bytes: what its call's edges share (the call site, the
// candidates) is kept once for them, and Line is an int32.
type Edge struct {
	Caller *Node `json:"-"`
	Callee *Node `json:"-"`
	// site is what the call's edges share; nil for an edge with neither
	// call site nor candidates.
	site *callSite
	// Line is the line of the call site (for an extra edge, the line it
	// gave, possibly 0).
	Line int32 `json:"line"`
	// Ambiguous marks an edge that is one of several candidates of a call
	// whose callee name resolution could not decide; Candidates then lists
	// them all.
	Ambiguous bool `json:"ambiguous,omitempty"`
	// Extra marks an edge supplied by the user.
	Extra bool `json:"extra,omitempty"`
	// ByName marks a sound edge found by name alone: a method called on a
	// receiver whose type resolution could not tell, where the program
	// has a single method of that name. It is counted like any sound edge;
	// a call of a library method of the same name would be mistaken for
	// it, so reports count these edges apart.
	ByName bool `json:"by_name,omitempty"`
	// Indirect marks an edge of a call through a pointer to a function the
	// frontend saw stored in it (frontend.Call.Candidates). Such edges are
	// also Ambiguous: the pointer may hold a function stored elsewhere.
	Indirect bool `json:"indirect,omitempty"`
}

// A callSite is what the edges of one call share.
type callSite struct {
	// call is the call site, when kept.
	call *frontend.Call
	// cands are the candidates of an ambiguous call, sorted by index.
	cands []*Node
}

// Call returns the call site of e; nil for an edge given in
// BuildOptions.Extra, and for most edges of a graph a Builder made (see
// Builder). The call is the program's own and shared by the call's edges:
// not to be changed.
func (e *Edge) Call() *frontend.Call {
	if e.site == nil {
		return nil
	}
	return e.site.call
}

// Candidates returns the candidates of an ambiguous edge's call, sorted by
// node index and shared by the call's edges (not to be changed); nil for
// a sound edge.
func (e *Edge) Candidates() []*Node {
	if e.site == nil {
		return nil
	}
	return e.site.cands
}

// MarshalJSON writes an edge with its endpoints and candidates as IDs.
func (e *Edge) MarshalJSON() ([]byte, error) {
	var cands []string
	for _, c := range e.Candidates() {
		cands = append(cands, c.ID)
	}
	var callee string
	if c := e.Call(); c != nil {
		callee = c.Callee
	}
	return json.Marshal(struct {
		Caller     string   `json:"caller"`
		Callee     string   `json:"callee"`
		As         string   `json:"as_written,omitempty"`
		Line       int      `json:"line"`
		Ambiguous  bool     `json:"ambiguous,omitempty"`
		Candidates []string `json:"candidates,omitempty"`
		Extra      bool     `json:"extra,omitempty"`
		ByName     bool     `json:"by_name,omitempty"`
		Indirect   bool     `json:"indirect,omitempty"`
	}{e.Caller.ID, e.Callee.ID, callee, int(e.Line), e.Ambiguous, cands, e.Extra, e.ByName, e.Indirect})
}

// Reason says why a call reached no node.
type Reason uint8

const (
	// ReasonUnknown: no function of that name is declared or defined in
	// the program (a library function without a prototype, a macro, a
	// constructor such as Some(x)).
	ReasonUnknown Reason = iota
	// ReasonLibrary: the callee is declared (a C prototype) but not
	// defined in the program, or the frontend resolved it outside.
	ReasonLibrary
	// ReasonIndirect: the call goes through a value (a function pointer,
	// a closure variable); its callee cannot be known from syntax.
	ReasonIndirect
	// ReasonTooMany: the call could mean more functions than
	// BuildOptions.MaxCandidates allows.
	ReasonTooMany
)

var reasonNames = [...]string{"unknown", "library", "indirect", "too-many"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason?"
}

// MarshalText makes a Reason a string in JSON.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// An Unresolved is a call that reached no node.
type Unresolved struct {
	Caller *Node
	// Call is the call site; nil for an extra edge whose callee was not
	// found (Callee then holds the name given).
	Call   *frontend.Call
	Callee string // as written
	Line   int32
	Reason Reason
}

// MarshalJSON writes an unresolved call with its caller's ID.
func (u *Unresolved) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Caller string `json:"caller"`
		Callee string `json:"callee"`
		Line   int    `json:"line"`
		Reason Reason `json:"reason"`
	}{u.Caller.ID, u.Callee, int(u.Line), u.Reason})
}

// Node returns the node whose ID is id, or nil.
// It searches the nodes, which are sorted by ID, rather than keep a map
// of them: a kernel has hundreds of thousands.
func (g *Graph) Node(id string) *Node {
	i, ok := slices.BinarySearchFunc(g.Nodes, id, func(n *Node, id string) int { return strings.Compare(n.ID, id) })
	if !ok {
		return nil
	}
	return g.Nodes[i]
}

// Counts reports whether e takes part in SCCs, layers, phases and
// traversal: every sound edge does, an ambiguous one only when the graph
// was built with IncludeAmbiguous.
func (g *Graph) Counts(e *Edge) bool { return !e.Ambiguous || g.IncludeAmbiguous }

func sortUnique(s []int32) []int32 {
	if len(s) < 2 {
		return s
	}
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	w := 1
	for _, x := range s[1:] {
		if x != s[w-1] {
			s[w] = x
			w++
		}
	}
	return s[:w]
}

// sortNodes sorts the nodes by ID and sets their indices.
func (g *Graph) sortNodes() {
	slices.SortFunc(g.Nodes, func(a, b *Node) int { return strings.Compare(a.ID, b.ID) })
	for i, n := range g.Nodes {
		n.Index = i
		n.In, n.Out = nil, nil
	}
}

// link sorts edges and unresolved calls and links edges to their nodes.
// Nodes must be sorted.
func (g *Graph) link() {
	slices.SortStableFunc(g.Edges, func(a, b *Edge) int {
		if a.Caller.Index != b.Caller.Index {
			return a.Caller.Index - b.Caller.Index
		}
		if a.Line != b.Line {
			return int(a.Line) - int(b.Line)
		}
		return a.Callee.Index - b.Callee.Index
	})
	// Out and In are windows on two arrays, not a slice each: Out on
	// the edges themselves (sorted by caller), In on their order by
	// callee.
	inStart := make([]int, len(g.Nodes)+1)
	for _, e := range g.Edges {
		inStart[e.Callee.Index+1]++
	}
	for i := range g.Nodes {
		inStart[i+1] += inStart[i]
	}
	in := make([]*Edge, len(g.Edges))
	at := slices.Clone(inStart[:len(g.Nodes)])
	for _, e := range g.Edges {
		in[at[e.Callee.Index]] = e
		at[e.Callee.Index]++
	}
	from := 0
	for i, n := range g.Nodes {
		to := from
		for to < len(g.Edges) && g.Edges[to].Caller.Index == i {
			to++
		}
		n.Out = g.Edges[from:to:to]
		n.In = in[inStart[i]:inStart[i+1]:inStart[i+1]]
		if len(n.Out) == 0 {
			n.Out = nil
		}
		if len(n.In) == 0 {
			n.In = nil
		}
		from = to
	}
	slices.SortStableFunc(g.Unresolved, func(a, b *Unresolved) int {
		if a.Caller.Index != b.Caller.Index {
			return a.Caller.Index - b.Caller.Index
		}
		return int(a.Line) - int(b.Line)
	})
}
