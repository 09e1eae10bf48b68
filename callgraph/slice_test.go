package callgraph

import (
	"errors"
	"slices"
	"testing"
)

func sliceNames(g *Graph) []string {
	var out []string
	for _, n := range g.Nodes {
		out = append(out, n.Name())
	}
	return out
}

func TestSlice(t *testing.T) {
	// main -> a -> b -> sink; main -> c -> sink; main -> d; x -> sink.
	g := Build(prog(file("s.c", "c",
		def("s.c", "main", 1, "a@2", "c@3", "d@4"),
		def("s.c", "a", 10, "b@11", "*fp@12"),
		def("s.c", "b", 20, "sink@21"),
		def("s.c", "c", 30, "sink@31"),
		def("s.c", "d", 40),
		def("s.c", "x", 50, "sink@51"),
		def("s.c", "sink", 60),
	)), nil)
	s, err := Slice(g, []string{"main"}, []string{"sink"})
	if err != nil {
		t.Fatal(err)
	}
	if got := sliceNames(s); !slices.Equal(got, []string{"a", "b", "c", "main", "sink"}) {
		t.Errorf("main..sink: %q", got)
	}
	if len(s.Edges) != 5 || len(s.Unresolved) != 1 {
		t.Errorf("slice has %d edges, %d unresolved; want 5, 1", len(s.Edges), len(s.Unresolved))
	}
	if len(g.Nodes) != 7 || len(g.Nodes[0].Out) == 0 && g.Nodes[0].Name() == "a" {
		t.Errorf("Slice changed its input")
	}
	s, _ = Slice(g, nil, []string{"sink"})
	if got := sliceNames(s); !slices.Equal(got, []string{"a", "b", "c", "main", "sink", "x"}) {
		t.Errorf("..sink: %q", got)
	}
	s, _ = Slice(g, []string{"a"}, nil)
	if got := sliceNames(s); !slices.Equal(got, []string{"a", "b", "sink"}) {
		t.Errorf("a..: %q", got)
	}
	if _, err := Slice(g, []string{"nosuch"}, nil); !errors.Is(err, ErrNoFunction) {
		t.Errorf("unknown name: %v", err)
	}
}
