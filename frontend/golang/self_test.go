package golang_test

import (
	"context"
	"path"
	"testing"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/golang"
)

// TestLayeringOnSurety loads this repository's own Go code, resolves its
// calls with VTA, and checks the property layering promises: every call
// edge goes from an earlier layer to a later one, or stays inside one
// component.
func TestLayeringOnSurety(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the whole module")
	}
	skip := func(p string, isDir bool) bool {
		return isDir && (path.Base(p) == "testdata" || path.Base(p) == "examples")
	}
	prog, _, err := frontend.Load(context.Background(), []string{"../.."},
		&frontend.LoadOptions{Languages: []*frontend.Language{golang.Go}, Mode: frontend.NeedCalls, Skip: skip})
	if err != nil {
		t.Fatal(err)
	}
	g := callgraph.Build(prog, nil)
	if len(g.Nodes) < 500 || len(g.Edges) < 500 {
		t.Fatalf("only %d functions and %d edges: the module did not load", len(g.Nodes), len(g.Edges))
	}
	cond := callgraph.Condense(g)
	layers := callgraph.Layers(cond)
	layerOf := callgraph.LayerOf(g, layers)
	checked := 0
	for _, e := range g.Edges {
		if !g.Counts(e) {
			continue
		}
		a, b := e.Caller, e.Callee
		same := cond.ComponentOf(a) == cond.ComponentOf(b)
		if !same && layerOf[a.Index] >= layerOf[b.Index] {
			t.Errorf("edge %s -> %s goes from layer %d to layer %d", a.ID, b.ID, layerOf[a.Index], layerOf[b.Index])
		}
		checked++
	}
	t.Logf("%d functions, %d edges checked, %d layers", len(g.Nodes), checked, len(layers))
}
