package callgraph

import (
	"errors"
	"strings"
	"testing"
)

func TestLoadEdgesJSONLines(t *testing.T) {
	in := `# callbacks the resolver cannot see
{"caller": "main", "callee": "on_event", "line": 7}

{"caller": "s.c:dispatch@20", "callee": "handler"}
`
	es, err := LoadEdges(strings.NewReader(in), "edges.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Line != 7 || es[1].Caller != "s.c:dispatch@20" || es[1].Source != "edges.jsonl:4" {
		t.Errorf("got %+v", es)
	}
}

func TestLoadEdgesArray(t *testing.T) {
	in := `[
  {"caller": "main", "callee": "a"},
  {"caller": "a", "callee": "b", "line": 3}
]`
	es, err := LoadEdges(strings.NewReader(in), "e.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[1].Source != "e.json:3" {
		t.Errorf("got %+v", es)
	}
}

func TestLoadEdgesErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{\"caller\": \"a\", \"callee\": \"b\"}\n{\"caller\": \"a\"}\n", "e:2: edge has no callee"},
		{"{\"caller\": \"a\", \"callee\": \"b\"}\n\n{\"caller\": \"a\", \"calee\": \"b\"}\n", "e:3: json: unknown field \"calee\""},
		{"{\"caller\": \"a\", \"callee\": \"b\", \"line\": -1}\n", "e:1: negative line"},
		{"{\"caller\": \"a\", \"callee\": \"b\", \"line\": 2147483648}\n", "e:1: line 2147483648 out of range"},
		{"{\"caller\": \"a\", \"callee\": \n", "e:1:"},
		{"[\n {\"caller\": \"a\", \"callee\": \"b\"},\n {\"caller\": 5, \"callee\": \"b\"}\n]", "e:3:"},
		{"[\n {\"caller\": \"a\", \"callee\": \"b\"}\n,\n", "e:"},
	} {
		_, err := LoadEdges(strings.NewReader(tc.in), "e")
		if err == nil || !errors.Is(err, ErrEdgeFormat) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("input %q: got %v, want an ErrEdgeFormat containing %q", tc.in, err, tc.want)
		}
	}
}

func TestBuildExtraEdges(t *testing.T) {
	p := prog(file("s.c", "c",
		def("s.c", "main", 1, "*handler@2"),
		def("s.c", "on_event", 10),
	))
	extra := []ExtraEdge{{Caller: "main", Callee: "on_event", Line: 2}, {Caller: "main", Callee: "ghost"}}
	g := Build(p, &BuildOptions{Extra: extra})
	if len(g.Edges) != 1 || !g.Edges[0].Extra || g.Edges[0].Callee.Name() != "on_event" || g.Edges[0].Line != 2 {
		t.Fatalf("extra edges: %q", edgesOf(g))
	}
	if len(g.UnmatchedExtra) != 1 || g.UnmatchedExtra[0].Callee != "ghost" {
		t.Errorf("unmatched: %+v", g.UnmatchedExtra)
	}
	if r := MakeReport(g, nil); r.ExtraEdges != 1 || r.Layers != 2 {
		t.Errorf("report %+v", r)
	}
}
