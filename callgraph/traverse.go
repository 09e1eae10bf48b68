package callgraph

import (
	"errors"
	"fmt"
	"slices"
)

// ErrEntry is matched (errors.Is) by the error CGTraversal returns when its
// entry names no function or more than one.
var ErrEntry = errors.New("callgraph: bad entry function")

// A Traversal is the linear order CGTraversal computes.
type Traversal[T any] struct {
	// Items is the order of all items reached from the entry.
	Items []T
	// Functions lists the functions reached, in the order first visited.
	Functions []*Node
	// Unreached lists the functions that have items but were not reached
	// from the entry, sorted by ID; their items are not in Items.
	Unreached []*Node
}

// CGTraversal orders per-function items (VIVERRA's assertions, Section
// 3.2) so that what a callee establishes comes before the caller's items
// that follow the call. items maps a function ID to its items; line gives
// an item's logical line in its function's file.
//
// The traversal is depth first from entry (a function ID, qualified name or
// unique simple name), with cycle avoidance: each function is visited once,
// when first reached. Visiting f emits f's items in line order, and at each
// counted call edge f→g at line lc, ahead of f's items at lines >= lc,
// inserts the traversal of g if g was not visited yet. Hence for every call
// edge f→g at line lc through which g was first reached, all of g's items
// precede all of f's items at lines >= lc. Calls of one function are taken
// in Graph edge order (by line, then callee ID), so the order depends only
// on the graph and items. The traversal keeps its own stack, so the depth
// of the call graph is not limited.
func CGTraversal[T any](g *Graph, entry string, items map[string][]T, line func(T) int) (*Traversal[T], error) {
	start := g.lookup(entry, g.qualifiedIndex())
	switch len(start) {
	case 0:
		return nil, fmt.Errorf("%w: no function %q", ErrEntry, entry)
	case 1:
	default:
		return nil, fmt.Errorf("%w: %q names %d functions (%s, %s...); give its ID", ErrEntry, entry, len(start), start[0].ID, start[1].ID)
	}
	t := &Traversal[T]{}
	visited := make([]bool, len(g.Nodes))
	type frame struct {
		n     *Node
		items []T
		item  int // next item to emit
		edge  int // next edge of n.Out to consider
	}
	var stack []frame
	enter := func(n *Node) {
		visited[n.Index] = true
		t.Functions = append(t.Functions, n)
		its := slices.Clone(items[n.ID])
		slices.SortStableFunc(its, func(a, b T) int { return line(a) - line(b) })
		stack = append(stack, frame{n: n, items: its})
	}
	enter(start[0])
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		// Skip edges that do not count or lead to visited functions.
		for f.edge < len(f.n.Out) {
			e := f.n.Out[f.edge]
			if g.Counts(e) && !visited[e.Callee.Index] {
				break
			}
			f.edge++
		}
		hasEdge := f.edge < len(f.n.Out)
		hasItem := f.item < len(f.items)
		switch {
		case hasEdge && (!hasItem || int(f.n.Out[f.edge].Line) <= line(f.items[f.item])):
			e := f.n.Out[f.edge]
			f.edge++
			enter(e.Callee) // f may move: stack can grow
		case hasItem:
			t.Items = append(t.Items, f.items[f.item])
			f.item++
		default:
			stack = stack[:len(stack)-1]
		}
	}
	ids := make([]string, 0, len(items))
	for id := range items {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if len(items[id]) == 0 {
			continue
		}
		if n := g.Node(id); n == nil || !visited[n.Index] {
			if n == nil {
				n = &Node{Index: -1, ID: id}
			}
			t.Unreached = append(t.Unreached, n)
		}
	}
	return t, nil
}
