package callgraph

import (
	"math/rand/v2"
	"testing"
)

func TestLayersPaperShape(t *testing.T) {
	// main calls parse and emit; parse calls expr; expr and term recurse;
	// emit calls write; term calls write.
	g := Build(prog(file("c.c", "c",
		def("c.c", "main", 1, "parse@2", "emit@3"),
		def("c.c", "parse", 10, "expr@11"),
		def("c.c", "expr", 20, "term@21"),
		def("c.c", "term", 30, "expr@31", "write@32"),
		def("c.c", "emit", 40, "write@41"),
		def("c.c", "write", 50),
	)), nil)
	var got [][]string
	for _, l := range Layers(Condense(g)) {
		var row []string
		for _, c := range l {
			row = append(row, names(c)...)
		}
		got = append(got, row)
	}
	want := [][]string{{"main"}, {"emit", "parse"}, {"expr", "term"}, {"write"}}
	if len(got) != len(want) {
		t.Fatalf("layers %q, want %q", got, want)
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("layers %q, want %q", got, want)
		}
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Fatalf("layers %q, want %q", got, want)
			}
		}
	}
	lo := LayerOf(g, Layers(Condense(g)))
	if m := g.Node("c.c:main@1"); m == nil || lo[m.Index] != 1 {
		t.Errorf("LayerOf main wrong: %v", lo)
	}
	if w := g.Node("c.c:write@50"); w == nil || lo[w.Index] != 4 {
		t.Errorf("LayerOf write wrong: %v", lo)
	}
}

// TestLayersProperty checks Algorithm 1's promise on random graphs: every
// counted edge goes from an earlier layer to a later one or stays inside one
// component, every component is placed once, and a component is placed
// right after its last caller (no layer is later than it must be).
func TestLayersProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for iter := range 300 {
		g := randomGraph(r, 1+r.IntN(40), r.IntN(80))
		c := Condense(g)
		layers := Layers(c)
		layerOfComp := make([]int, len(c.Components))
		placed := 0
		for i, l := range layers {
			if len(l) == 0 {
				t.Fatalf("iter %d: empty layer %d", iter, i)
			}
			for _, comp := range l {
				if layerOfComp[comp.Index] != 0 {
					t.Fatalf("iter %d: component placed twice", iter)
				}
				layerOfComp[comp.Index] = i + 1
				placed++
			}
		}
		if placed != len(c.Components) {
			t.Fatalf("iter %d: %d of %d components placed", iter, placed, len(c.Components))
		}
		for _, e := range g.Edges {
			a, b := c.ComponentOf(e.Caller), c.ComponentOf(e.Callee)
			if a != b && layerOfComp[a.Index] >= layerOfComp[b.Index] {
				t.Fatalf("iter %d: edge %s->%s from layer %d to layer %d", iter, e.Caller.Name(), e.Callee.Name(), layerOfComp[a.Index], layerOfComp[b.Index])
			}
		}
		for i, preds := range c.Pred {
			want := 1
			for _, p := range preds {
				want = max(want, layerOfComp[p]+1)
			}
			if layerOfComp[i] != want {
				t.Fatalf("iter %d: component in layer %d, its callers put it in %d", iter, layerOfComp[i], want)
			}
		}
	}
}
