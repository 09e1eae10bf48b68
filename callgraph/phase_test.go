package callgraph

import (
	"slices"
	"testing"
)

func phaseProg() *Graph {
	return Build(prog(
		file("lex/lex.c", "c", def("lex/lex.c", "lex", 1, "next@2"), def("lex/lex.c", "next", 5, "peek@6"), def("lex/lex.c", "peek", 9)),
		file("parse/parse.c", "c", def("parse/parse.c", "parse", 1, "lex@2", "expr@3"), def("parse/parse.c", "expr", 5, "expr@6")),
		file("tool/dump.c", "c", def("tool/dump.c", "dump", 1, "fmt@2"), def("tool/dump.c", "fmt", 5)),
	), nil)
}

func TestPhasesByComponent(t *testing.T) {
	g := phaseProg()
	s := Phases(g, nil)
	if len(s.Phases) != 2 {
		t.Fatalf("want 2 phases, got %d", len(s.Phases))
	}
	if p := s.Phases[0]; p.Name != "parse" || len(p.Nodes) != 5 || len(p.Layers) != 4 {
		t.Errorf("phase 0: %s %d functions %d layers", p.Name, len(p.Nodes), len(p.Layers))
	}
	if p := s.Phases[1]; p.Name != "dump" || len(p.Nodes) != 2 || len(p.Layers) != 2 {
		t.Errorf("phase 1: %s %d functions %d layers", p.Name, len(p.Nodes), len(p.Layers))
	}
	if len(s.Cross) != 0 {
		t.Errorf("component phases have no counted cross edges, got %d", len(s.Cross))
	}
	if st := s.LayerStats(); st != (LayerStats{Phases: 2, Max: 4, Median: 2, Min: 2, Single: 0}) {
		t.Errorf("stats %+v", st)
	}
}

func TestPhasesByDirectory(t *testing.T) {
	g := phaseProg()
	s := Phases(g, &PhaseOptions{By: ByDirectory})
	var got []string
	for _, p := range s.Phases {
		got = append(got, p.Name)
	}
	if !slices.Equal(got, []string{"lex", "parse", "tool"}) {
		t.Fatalf("phases %q", got)
	}
	if len(s.Cross) != 1 || s.Cross[0].Caller.Name() != "parse" || s.Cross[0].Callee.Name() != "lex" {
		t.Fatalf("cross edges: %v", s.Cross)
	}
	// Layered alone, parse/ has parse then expr: the call into lex/ does not count.
	if p := s.Phases[1]; len(p.Layers) != 2 {
		t.Errorf("parse phase has %d layers, want 2", len(p.Layers))
	}
	for i, n := range g.Nodes {
		if !slices.Contains(s.Phases[s.Of[i]].Nodes, n) {
			t.Errorf("Of[%d] wrong", i)
		}
	}
	if st := s.LayerStats(); st != (LayerStats{Phases: 3, Max: 3, Median: 2, Min: 2, Single: 0}) {
		t.Errorf("stats %+v", st)
	}
	if _, err := ParsePhaseBy("nope"); err == nil {
		t.Errorf("ParsePhaseBy accepted nonsense")
	}
	if b, _ := ParsePhaseBy("module"); b != ByModule {
		t.Errorf("ParsePhaseBy(module) = %v", b)
	}
}
