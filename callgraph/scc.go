package callgraph

import (
	"encoding/json"
	"sort"
)

// A Component is a strongly connected component of the counted edges.
type Component struct {
	// Index is the component's position in Condensation.Components.
	Index int
	// Nodes are the component's functions, sorted by ID.
	Nodes []*Node
}

// Recursive reports whether the component is a recursion: more than one
// function, or one that calls itself through a counted edge.
func (c *Component) Recursive(g *Graph) bool {
	if len(c.Nodes) > 1 {
		return true
	}
	for _, e := range c.Nodes[0].Out {
		if e.Callee == c.Nodes[0] && g.Counts(e) {
			return true
		}
	}
	return false
}

// MarshalJSON writes a component as the list of its node IDs.
func (c *Component) MarshalJSON() ([]byte, error) {
	ids := make([]string, len(c.Nodes))
	for i, n := range c.Nodes {
		ids[i] = n.ID
	}
	return json.Marshal(ids)
}

// A Condensation is the graph of components: each component collapsed to
// one vertex, with an edge where a counted edge joins two components. It
// is acyclic.
type Condensation struct {
	Graph *Graph
	// Nodes are the nodes condensed, sorted by index: all of the graph's
	// for Condense, a phase's for Phases.
	Nodes []*Node
	// Components are in reverse topological order: a component comes
	// after every component it calls (callees before callers). Ties are
	// broken by Tarjan's visiting order over nodes sorted by ID and edges
	// in Graph order, so the order depends only on the graph.
	Components []*Component
	// Succ[i] lists the components component i calls, Pred[i] those
	// calling it; ascending, without i itself.
	Succ, Pred [][]int32

	of []int32 // of[k]: component of Nodes[k]
}

// ComponentOf returns the component holding n, or nil when n was not
// condensed.
func (c *Condensation) ComponentOf(n *Node) *Component {
	k := sort.Search(len(c.Nodes), func(i int) bool { return c.Nodes[i].Index >= n.Index })
	if k == len(c.Nodes) || c.Nodes[k] != n {
		return nil
	}
	return c.Components[c.of[k]]
}

// SCCs returns the strongly connected components of g's counted edges in
// reverse topological order (callees before callers), each sorted by node
// ID. It is Condense(g).Components.
func (g *Graph) SCCs() []*Component { return Condense(g).Components }

// Condense computes the components of g (Tarjan's algorithm, iterative, so
// a call chain of any depth is fine) and the acyclic graph between them.
func Condense(g *Graph) *Condensation {
	local := make([]int32, len(g.Nodes))
	for i := range local {
		local[i] = int32(i)
	}
	return condense(g, g.Nodes, local)
}

// condense condenses the nodes of a subset; local maps a graph node index
// to its position in nodes, or -1 for nodes outside the subset (their
// edges are ignored). nodes must be sorted by index.
func condense(g *Graph, nodes []*Node, local []int32) *Condensation {
	n := len(nodes)
	succ := make([][]int32, n)
	for k, nd := range nodes {
		var s []int32
		for _, e := range nd.Out {
			if !g.Counts(e) {
				continue
			}
			if l := local[e.Callee.Index]; l >= 0 {
				s = append(s, l)
			}
		}
		succ[k] = sortUnique(s)
	}
	of, count := tarjan(succ)
	c := &Condensation{Graph: g, Nodes: nodes, of: of}
	c.Components = make([]*Component, count)
	sizes := make([]int, count)
	for _, ci := range of {
		sizes[ci]++
	}
	for i := range c.Components {
		c.Components[i] = &Component{Index: i, Nodes: make([]*Node, 0, sizes[i])}
	}
	for k, ci := range of {
		// nodes are sorted by index, hence by ID: members stay sorted.
		c.Components[ci].Nodes = append(c.Components[ci].Nodes, nodes[k])
	}
	c.Succ = make([][]int32, count)
	c.Pred = make([][]int32, count)
	for k, s := range succ {
		from := of[k]
		for _, l := range s {
			if to := of[l]; to != from {
				c.Succ[from] = append(c.Succ[from], to)
			}
		}
	}
	for i := range c.Succ {
		c.Succ[i] = sortUnique(c.Succ[i])
		for _, to := range c.Succ[i] {
			c.Pred[to] = append(c.Pred[to], int32(i))
		}
	}
	return c
}

// tarjan returns for each vertex of the graph succ its component number;
// components are numbered in the order Tarjan's algorithm completes them,
// which is reverse topological order. It keeps its own stack of frames
// instead of recursing.
func tarjan(succ [][]int32) (of []int32, count int) {
	n := len(succ)
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	of = make([]int32, n)
	for i := range index {
		index[i] = -1
	}
	type frame struct{ v, next int32 }
	var (
		stack  []int32
		frames []frame
		next   int32
	)
	visit := func(v int32) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		frames = append(frames, frame{v: v})
	}
	for s := range n {
		if index[s] >= 0 {
			continue
		}
		visit(int32(s))
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			v := f.v
			if int(f.next) < len(succ[v]) {
				w := succ[v][f.next]
				f.next++
				if index[w] < 0 {
					visit(w)
				} else if onStack[w] && index[w] < low[v] {
					low[v] = index[w]
				}
				continue
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					of[w] = int32(count)
					if w == v {
						break
					}
				}
				count++
			}
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				if u := frames[len(frames)-1].v; low[v] < low[u] {
					low[u] = low[v]
				}
			}
		}
	}
	return of, count
}
