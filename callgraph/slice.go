package callgraph

import (
	"errors"
	"fmt"
)

// ErrNoFunction is matched (errors.Is) by the error Slice returns when a
// name denotes no function or several.
var ErrNoFunction = errors.New("callgraph: no such function")

// Slice returns the part of g that lies on a path of counted edges from a
// function in from to a function in to: the functions reachable from from
// that can reach to, and the edges (counted or not) and unresolved calls
// among them. An empty from means every function that can reach to; an
// empty to means every function reachable from from; both empty give a
// copy of g. Names are function IDs, qualified names or unique simple
// names. The result is a new Graph with new nodes; g is not changed.
func Slice(g *Graph, from, to []string) (*Graph, error) {
	q := g.qualifiedIndex()
	resolve := func(names []string) ([]*Node, error) {
		var out []*Node
		for _, name := range names {
			ns := g.lookup(name, q)
			switch len(ns) {
			case 0:
				return nil, fmt.Errorf("%w: %q", ErrNoFunction, name)
			case 1:
				out = append(out, ns[0])
			default:
				return nil, fmt.Errorf("%w: %q names %d functions (%s, %s...); give an ID", ErrNoFunction, name, len(ns), ns[0].ID, ns[1].ID)
			}
		}
		return out, nil
	}
	src, err := resolve(from)
	if err != nil {
		return nil, err
	}
	dst, err := resolve(to)
	if err != nil {
		return nil, err
	}
	keep := make([]bool, len(g.Nodes))
	for i := range keep {
		keep[i] = true
	}
	if len(src) > 0 {
		fwd := g.reach(src, func(n *Node) []*Edge { return n.Out }, func(e *Edge) *Node { return e.Callee })
		for i := range keep {
			keep[i] = keep[i] && fwd[i]
		}
	}
	if len(dst) > 0 {
		back := g.reach(dst, func(n *Node) []*Edge { return n.In }, func(e *Edge) *Node { return e.Caller })
		for i := range keep {
			keep[i] = keep[i] && back[i]
		}
	}
	out := &Graph{IncludeAmbiguous: g.IncludeAmbiguous}
	copyOf := make([]*Node, len(g.Nodes))
	for i, n := range g.Nodes {
		if keep[i] {
			copyOf[i] = &Node{ID: n.ID, fn: n.fn, rec: n.rec}
			out.Nodes = append(out.Nodes, copyOf[i])
		}
	}
	out.sortNodes()
	sites := map[*callSite]*callSite{} // a call's edges share its site
	for _, e := range g.Edges {
		if keep[e.Caller.Index] && keep[e.Callee.Index] {
			c := *e
			c.Caller, c.Callee = copyOf[e.Caller.Index], copyOf[e.Callee.Index]
			if e.site != nil && e.site.cands != nil {
				s := sites[e.site]
				if s == nil {
					s = &callSite{call: e.site.call}
					for _, n := range e.site.cands {
						if copyOf[n.Index] != nil {
							s.cands = append(s.cands, copyOf[n.Index])
						}
					}
					sites[e.site] = s
				}
				c.site = s
			}
			out.Edges = append(out.Edges, &c)
		}
	}
	for _, u := range g.Unresolved {
		if keep[u.Caller.Index] {
			c := *u
			c.Caller = copyOf[u.Caller.Index]
			out.Unresolved = append(out.Unresolved, &c)
		}
	}
	out.link()
	return out, nil
}

// reach marks the nodes reachable from starts along counted edges, in the
// direction next gives.
func (g *Graph) reach(starts []*Node, edges func(*Node) []*Edge, other func(*Edge) *Node) []bool {
	seen := make([]bool, len(g.Nodes))
	var work []*Node
	for _, n := range starts {
		if !seen[n.Index] {
			seen[n.Index] = true
			work = append(work, n)
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range edges(n) {
			if m := other(e); g.Counts(e) && !seen[m.Index] {
				seen[m.Index] = true
				work = append(work, m)
			}
		}
	}
	return seen
}
