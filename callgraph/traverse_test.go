package callgraph

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// item is an assertion: its function and logical line.
type item struct {
	fn   string
	line int
}

func (i item) String() string { return fmt.Sprintf("%s@%d", i.fn, i.line) }

func itemLine(i item) int { return i.line }

func TestCGTraversalPaperExample(t *testing.T) {
	// main: a1 at 2, calls sort at 3, a2 at 4, calls check at 5, a3 at 6.
	// sort: s1 at 11, calls swap at 12, s2 at 13. swap: w1 at 21.
	// check calls sort again (already visited) and has c1 at 32.
	g := Build(prog(file("p.c", "c",
		def("p.c", "main", 1, "sort@3", "check@5"),
		def("p.c", "sort", 10, "swap@12"),
		def("p.c", "swap", 20),
		def("p.c", "check", 30, "sort@31"),
		def("p.c", "unused", 40),
	)), nil)
	id := func(name string) string { return g.lookup(name, g.qualifiedIndex())[0].ID }
	items := map[string][]item{
		id("main"):   {{"main", 6}, {"main", 2}, {"main", 4}, {"main", 3}},
		id("sort"):   {{"sort", 13}, {"sort", 11}},
		id("swap"):   {{"swap", 21}},
		id("check"):  {{"check", 32}},
		id("unused"): {{"unused", 41}},
	}
	tr, err := CGTraversal(g, "main", items, itemLine)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range tr.Items {
		got = append(got, it.String())
	}
	// A call at line 3 goes before main's item at line 3.
	want := []string{"main@2", "sort@11", "swap@21", "sort@13", "main@3", "main@4", "check@32", "main@6"}
	if !slices.Equal(got, want) {
		t.Errorf("order:\n got %q\nwant %q", got, want)
	}
	if len(tr.Unreached) != 1 || tr.Unreached[0].ID != id("unused") {
		t.Errorf("unreached: %v", tr.Unreached)
	}
	if _, err := CGTraversal(g, "nosuch", items, itemLine); !errors.Is(err, ErrEntry) {
		t.Errorf("missing entry: %v", err)
	}
}

// TestCGTraversalProperty checks VIVERRA's stated property on random
// graphs: for every call edge f->g at line lc through which g was first
// reached, all of g's items precede all of f's items at lines >= lc. It
// also checks that every item of a reached function appears exactly once.
func TestCGTraversalProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for iter := range 300 {
		g := randomGraph(r, 1+r.IntN(25), r.IntN(50))
		items := map[string][]item{}
		for _, n := range g.Nodes {
			for range r.IntN(4) {
				items[n.ID] = append(items[n.ID], item{n.ID, 1 + r.IntN(50)})
			}
		}
		entry := g.Nodes[r.IntN(len(g.Nodes))]
		tr, err := CGTraversal(g, entry.ID, items, itemLine)
		if err != nil {
			t.Fatal(err)
		}
		pos := map[item][]int{}
		for i, it := range tr.Items {
			pos[it] = append(pos[it], i)
		}
		reached := map[string]bool{}
		for _, n := range tr.Functions {
			reached[n.ID] = true
		}
		total := 0
		for id, its := range items {
			if reached[id] {
				total += len(its)
			}
		}
		if total != len(tr.Items) {
			t.Fatalf("iter %d: %d items emitted, %d expected", iter, len(tr.Items), total)
		}
		// Which edge first reached each function, replayed independently.
		parent := dfsParents(g, entry)
		for _, e := range g.Edges {
			f, callee := e.Caller, e.Callee
			if parent[callee.ID] != (edgeKey{f.ID, int(e.Line)}) {
				continue
			}
			last := -1
			for _, it := range items[callee.ID] {
				last = max(last, slices.Max(pos[it]))
			}
			for _, it := range items[f.ID] {
				if it.line >= int(e.Line) && last >= 0 && slices.Min(pos[it]) < last {
					t.Fatalf("iter %d: %s item at line %d (pos %d) precedes callee %s's items (last pos %d), call at line %d",
						iter, f.ID, it.line, slices.Min(pos[it]), callee.ID, last, e.Line)
				}
			}
		}
	}
}

type edgeKey struct {
	caller string
	line   int
}

// dfsParents replays the traversal's visiting rule independently
// (recursively, which is fine for small graphs): edges of a function in
// line order, items ignored since they do not change which edge first
// reaches a function.
func dfsParents(g *Graph, entry *Node) map[string]edgeKey {
	parent := map[string]edgeKey{}
	seen := map[string]bool{entry.ID: true}
	var visit func(n *Node)
	visit = func(n *Node) {
		for _, e := range n.Out {
			if !g.Counts(e) || seen[e.Callee.ID] {
				continue
			}
			seen[e.Callee.ID] = true
			parent[e.Callee.ID] = edgeKey{n.ID, int(e.Line)}
			visit(e.Callee)
		}
	}
	visit(entry)
	return parent
}

func TestCGTraversalDeepChain(t *testing.T) {
	g := chainGraph(200_000, true)
	items := map[string][]int{}
	for _, n := range g.Nodes {
		items[n.ID] = []int{n.Index}
	}
	tr, err := CGTraversal(g, g.Nodes[0].ID, items, func(i int) int { return 1_000_000 })
	if err != nil {
		t.Fatal(err)
	}
	// Each function's item lies after its call, so the deepest comes first.
	if len(tr.Items) != 200_000 || tr.Items[0] != 199_999 || tr.Items[199_999] != 0 {
		t.Errorf("deep chain: %d items, first %d", len(tr.Items), tr.Items[0])
	}
}
