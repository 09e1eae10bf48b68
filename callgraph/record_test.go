package callgraph

import (
	"testing"
	"unsafe"

	"github.com/suretydev/surety/frontend"
)

// TestEdgeSites checks what an edge tells of its call: Build's edges give
// the program's call site, those of one call share it and their
// candidates, a Builder's compact calls give none, and an extra edge none.
func TestEdgeSites(t *testing.T) {
	mk := func() *frontend.Program {
		return prog(
			file("x86/a.c", "c", def("x86/a.c", "arch_init", 1)),
			file("arm/a.c", "c", def("arm/a.c", "arch_init", 1)),
			file("main.c", "c", def("main.c", "main", 1, "arch_init@2", "helper@3", "arch_init@4")),
			file("util.c", "c", def("util.c", "helper", 1)),
		)
	}
	p := mk()
	calls := p.Files[2].Functions[0].Calls
	g := Build(p, &BuildOptions{Extra: []ExtraEdge{{Caller: "helper", Callee: "main", Line: 7}}})
	if len(g.Edges) != 6 {
		t.Fatalf("want 6 edges, got %q", edgesOf(g))
	}
	byLine := map[int32][]*Edge{}
	for _, e := range g.Edges {
		byLine[e.Line] = append(byLine[e.Line], e)
	}
	for line, call := range map[int32]*frontend.Call{2: calls[0], 3: calls[1], 4: calls[2]} {
		for _, e := range byLine[line] {
			if e.Call() != call {
				t.Errorf("edge %s->%s at line %d: Call gives %v, want the call of line %d", e.Caller.ID, e.Callee.ID, line, e.Call(), line)
			}
		}
	}
	if a, b := byLine[2], byLine[4]; len(a) != 2 || len(b) != 2 || &a[0].Candidates()[0] != &a[1].Candidates()[0] || a[0].site == b[0].site {
		t.Errorf("the edges of one call share its site and candidates, two calls do not: %+v %+v", a, b)
	}
	if x := byLine[7]; len(x) != 1 || !x[0].Extra || x[0].Call() != nil || x[0].Candidates() != nil {
		t.Errorf("extra edge: %+v", x)
	}
	if e := byLine[3]; len(e) != 1 || e[0].Candidates() != nil || e[0].Ambiguous {
		t.Errorf("sound edge: %+v", e)
	}

	b := NewBuilder(nil)
	for _, f := range mk().Files {
		b.Add(f)
	}
	bg := b.Graph()
	if len(bg.Edges) != 5 {
		t.Fatalf("builder: want 5 edges, got %q", edgesOf(bg))
	}
	for _, e := range bg.Edges {
		if e.Call() != nil {
			t.Errorf("builder: edge %s->%s at line %d gives a call site though its call was kept compact", e.Caller.ID, e.Callee.ID, e.Line)
		}
		if e.Line == 3 && e.site != nil {
			t.Errorf("builder: a sound compact edge has a site: %+v", e.site)
		}
	}
	// Both arch_init calls of main mean the same candidates, memoized:
	// one site serves them.
	if e := bg.Edges; e[0].Line != 2 || e[4].Line != 4 || e[0].site != e[4].site || len(e[0].Candidates()) != 2 {
		t.Errorf("builder: calls with the same candidates do not share a site: %+v", e)
	}
}

// TestCompactSizes checks the sizes the memory of a kernel's graph rests
// on: an edge of 32 bytes, a function record of at most 96, an
// unresolved call of 40.
func TestCompactSizes(t *testing.T) {
	if s := unsafe.Sizeof(Unresolved{}); s != 40 {
		t.Errorf("an Unresolved takes %d bytes, want 40", s)
	}
	if s := unsafe.Sizeof(Edge{}); s != 32 {
		t.Errorf("an Edge takes %d bytes, want 32", s)
	}
	if s := unsafe.Sizeof(funcRecord{}); s > 96 {
		t.Errorf("a funcRecord takes %d bytes, want at most 96", s)
	}
}

// TestNodeByID checks that Graph.Node, which searches the sorted nodes,
// finds every node by its ID and nothing for an ID no node has.
func TestNodeByID(t *testing.T) {
	g := Build(prog(
		file("b.c", "c", def("b.c", "f", 1), def("b.c", "g", 5)),
		file("a.c", "c", def("a.c", "main", 1, "f@2")),
	), nil)
	if len(g.Nodes) != 3 {
		t.Fatalf("want 3 nodes, got %d", len(g.Nodes))
	}
	for _, n := range g.Nodes {
		if got := g.Node(n.ID); got != n {
			t.Errorf("Node(%q) = %v, want the node of index %d", n.ID, got, n.Index)
		}
	}
	for _, id := range []string{"", "a.c:main@2", "b.c:f@1x", "c.c:f@1", "0"} {
		if n := g.Node(id); n != nil {
			t.Errorf("Node(%q) = %s, want nil", id, n.ID)
		}
	}
}
