package callgraph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/suretydev/surety/frontend"
)

func names(c *Component) []string {
	var out []string
	for _, n := range c.Nodes {
		out = append(out, n.Name())
	}
	return out
}

func TestSCCsOrderAndMembers(t *testing.T) {
	// main -> a -> b -> a (cycle), b -> c, main -> d, d -> d (self).
	g := Build(prog(file("m.c", "c",
		def("m.c", "main", 1, "a@2", "d@3"),
		def("m.c", "a", 10, "b@11"),
		def("m.c", "b", 20, "a@21", "c@22"),
		def("m.c", "c", 30),
		def("m.c", "d", 40, "d@41"),
	)), nil)
	cs := g.SCCs()
	var got [][]string
	for _, c := range cs {
		got = append(got, names(c))
	}
	pos := map[string]int{}
	for i, c := range cs {
		for _, n := range c.Nodes {
			pos[n.Name()] = i
		}
	}
	if len(cs) != 4 || pos["a"] != pos["b"] {
		t.Fatalf("components: %q", got)
	}
	if !slices.Equal(names(cs[pos["a"]]), []string{"a", "b"}) {
		t.Errorf("component not sorted by ID: %q", names(cs[pos["a"]]))
	}
	// Reverse topological order: every edge goes to an earlier or the same component.
	for _, e := range g.Edges {
		if pos[e.Callee.Name()] > pos[e.Caller.Name()] {
			t.Errorf("edge %s->%s goes to a later component: %q", e.Caller.Name(), e.Callee.Name(), got)
		}
	}
	c := Condense(g)
	if !cs[pos["d"]].Recursive(g) || cs[pos["c"]].Recursive(g) || !cs[pos["a"]].Recursive(g) {
		t.Errorf("Recursive wrong")
	}
	if d := c.ComponentOf(g.Nodes[0]); d == nil || !slices.Contains(d.Nodes, g.Nodes[0]) {
		t.Errorf("ComponentOf")
	}
	for i, s := range c.Succ {
		if slices.Contains(s, int32(i)) {
			t.Errorf("component %d lists itself as successor", i)
		}
	}
}

func TestSCCsDeepChain(t *testing.T) {
	g := chainGraph(1_000_000, false)
	c := Condense(g)
	if len(c.Components) != 1_000_000 {
		t.Fatalf("chain: %d components, want 1000000", len(c.Components))
	}
	// Callees first: the last function of the chain comes first.
	if c.Components[0].Nodes[0].ID != "chain.c:f0999999@1000000" || c.Components[999_999].Nodes[0].ID != "chain.c:f0000000@1" {
		t.Errorf("chain order: first %s last %s", c.Components[0].Nodes[0].ID, c.Components[999_999].Nodes[0].ID)
	}
	if l := Layers(c); len(l) != 1_000_000 {
		t.Errorf("chain: %d layers, want 1000000", len(l))
	}
}

func TestSCCsBigCycle(t *testing.T) {
	g := chainGraph(100_000, true)
	c := Condense(g)
	if len(c.Components) != 1 || len(c.Components[0].Nodes) != 100_000 {
		t.Fatalf("cycle: %d components", len(c.Components))
	}
	if l := Layers(c); len(l) != 1 {
		t.Errorf("a cycle is one layer, got %d", len(l))
	}
}

// randomGraph builds a graph of n functions with about m random calls.
func randomGraph(r *rand.Rand, n, m int) *Graph {
	calls := make([][]string, n)
	for range m {
		a, b := r.IntN(n), r.IntN(n)
		calls[a] = append(calls[a], fmt.Sprintf("g%03d@%d", b, 1+r.IntN(50)))
	}
	var fns []*frontend.Function
	for i := range n {
		fns = append(fns, def("r.c", fmt.Sprintf("g%03d", i), 100*i, calls[i]...))
	}
	return Build(prog(file("r.c", "c", fns...)), nil)
}

// reachable computes reachability by brute force for checking SCCs.
func reachable(g *Graph) [][]bool {
	n := len(g.Nodes)
	r := make([][]bool, n)
	for i := range n {
		r[i] = g.reach([]*Node{g.Nodes[i]}, func(n *Node) []*Edge { return n.Out }, func(e *Edge) *Node { return e.Callee })
	}
	return r
}

func TestSCCsRandomAgainstReachability(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := range 200 {
		g := randomGraph(r, 1+r.IntN(30), r.IntN(60))
		c := Condense(g)
		reach := reachable(g)
		comp := make([]int, len(g.Nodes))
		seen := 0
		for i, cc := range c.Components {
			for _, nd := range cc.Nodes {
				comp[nd.Index] = i
				seen++
			}
		}
		if seen != len(g.Nodes) {
			t.Fatalf("iter %d: %d nodes in components, want %d", iter, seen, len(g.Nodes))
		}
		for a := range g.Nodes {
			for b := range g.Nodes {
				same := reach[a][b] && reach[b][a]
				if same != (comp[a] == comp[b]) {
					t.Fatalf("iter %d: nodes %d,%d mutually reachable=%v but same component=%v", iter, a, b, same, comp[a] == comp[b])
				}
				if reach[a][b] && comp[b] > comp[a] {
					t.Fatalf("iter %d: %d reaches %d but its component comes earlier", iter, a, b)
				}
			}
		}
	}
}
