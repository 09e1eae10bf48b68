package callgraph_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
)

// graphLines renders every edge and unresolved call of g, with candidates
// and flags, one per line.
func graphLines(g *callgraph.Graph) []string {
	var out []string
	for _, n := range g.Nodes {
		out = append(out, "node "+n.ID)
	}
	for _, e := range g.Edges {
		var cands []string
		for _, c := range e.Candidates() {
			cands = append(cands, c.ID)
		}
		out = append(out, fmt.Sprintf("edge %s -> %s @%d amb=%v extra=%v byname=%v ind=%v [%s]",
			e.Caller.ID, e.Callee.ID, e.Line, e.Ambiguous, e.Extra, e.ByName, e.Indirect, strings.Join(cands, " ")))
	}
	for _, u := range g.Unresolved {
		out = append(out, fmt.Sprintf("unresolved %s %q @%d %s", u.Caller.ID, u.Callee, u.Line, u.Reason))
	}
	return out
}

// TestBuilderAsBuild checks that a Builder fed file by file from
// frontend.Load's Keep makes the graph Build makes of the whole program,
// on real C and Rust code, with extra edges and a bound on candidates.
func TestBuilderAsBuild(t *testing.T) {
	modules := 0
	for _, dir := range []string{"../examples/graph", "testdata/cptr"} {
		for _, opts := range []*callgraph.BuildOptions{nil, {MaxCandidates: 2, IncludeAmbiguous: true,
			Extra: []callgraph.ExtraEdge{{Caller: "main", Callee: "nowhere"}}}} {
			prog, _, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
			if err != nil {
				t.Fatal(err)
			}
			built := callgraph.Build(prog, opts)
			want := graphLines(built)
			b := callgraph.NewBuilder(opts)
			kept, _, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Mode: frontend.NeedCalls, Workers: 3,
				Keep: func(f *frontend.File) *frontend.File { b.Add(f); return nil }})
			if err != nil {
				t.Fatal(err)
			}
			if len(kept.Files) != 0 {
				t.Errorf("%s: Keep returned nil for every file, yet the program has %d files", dir, len(kept.Files))
			}
			g := b.Graph()
			got := graphLines(g)
			if len(want) < 8 {
				t.Fatalf("%s: only %d lines of graph: the test reads too little", dir, len(want))
			}
			if !slices.Equal(got, want) {
				for i := range max(len(got), len(want)) {
					var x, y string
					if i < len(got) {
						x = got[i]
					}
					if i < len(want) {
						y = want[i]
					}
					if x != y {
						t.Fatalf("%s %+v: line %d: Builder gives\n%s\nBuild gives\n%s", dir, opts, i, x, y)
					}
				}
			}
			modules += sameFuncs(t, dir, g, built)
		}
	}
	if modules == 0 {
		t.Error("no function with a module or receiver: the test reads too little of the records")
	}
}

// sameFuncs checks that every node of g, a Builder's graph, gives through
// Node.Func the function its node of built (Build's graph of the same
// files) has, less the fields a Builder drops; that Name, File and the
// JSON of the node agree with that function; and that changing what Func
// returns changes nothing of the graph. It returns how many of the
// functions have a module or a receiver.
func sameFuncs(t *testing.T, dir string, g, built *callgraph.Graph) int {
	t.Helper()
	modules := 0
	for i, n := range g.Nodes {
		want := *built.Nodes[i].Func()
		want.Calls, want.Params, want.Results, want.Body, want.Specs = nil, nil, nil, nil, nil
		want.Signature, want.Doc = "", ""
		got := n.Func()
		if got == nil || !reflect.DeepEqual(*got, want) {
			t.Fatalf("%s: node %s: Func gives\n%+v\nBuild's, less what a Builder drops, is\n%+v", dir, n.ID, got, want)
		}
		if n.Name() != want.QualifiedName() || n.File() != want.Span.File || n.ID != want.ID() {
			t.Errorf("%s: node %s: name %q, file %q; its function says %q, %q, ID %q", dir, n.ID, n.Name(), n.File(), want.QualifiedName(), want.Span.File, want.ID())
		}
		if js, _ := json.Marshal(n); !bytes.Equal(js, must(json.Marshal(built.Nodes[i]))) {
			t.Errorf("%s: node %s marshals to %s, Build's to %s", dir, n.ID, js, must(json.Marshal(built.Nodes[i])))
		}
		if want.Module != "" || want.Receiver != "" {
			modules++
		}
		got.Name, got.Module, got.Span.StartLine = "changed", "changed", -1
		if again := n.Func(); again.Name != want.Name || again.Module != want.Module || again.Span.StartLine != want.Span.StartLine {
			t.Fatalf("%s: node %s: changing what Func gave changed the node's function", dir, n.ID)
		}
	}
	if len(g.Nodes) != len(built.Nodes) || len(g.Nodes) == 0 {
		t.Fatalf("%s: %d nodes, Build has %d", dir, len(g.Nodes), len(built.Nodes))
	}
	return modules
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestBuilderSaveReuse checks that a Builder's saved files, read back and
// reused by a new Builder, give the same graph without parsing, that a
// file whose key changed is not handed out, and that damaged input is an
// error.
func TestBuilderSaveReuse(t *testing.T) {
	dir := "../examples/graph"
	fresh := func(keep func(*frontend.File) *frontend.File, cache frontend.Cache) {
		t.Helper()
		if _, _, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Mode: frontend.NeedCalls, Keep: keep, Cache: cache}); err != nil {
			t.Fatal(err)
		}
	}
	b := callgraph.NewBuilder(nil)
	fresh(func(f *frontend.File) *frontend.File { b.Add(f); return nil }, nil)
	var buf bytes.Buffer
	if err := b.Save(&buf, func(path string) string {
		if strings.HasSuffix(path, "lexer.c") {
			return "" // left out
		}
		return "k:" + path
	}); err != nil {
		t.Fatal(err)
	}
	first := b.Graph()
	want := graphLines(first)
	kept, err := callgraph.ReadKept(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if kept.File("../examples/graph/c/parser.c", "k:other") != nil {
		t.Error("a file whose key changed was handed out")
	}
	b2 := callgraph.NewBuilder(nil)
	b2.Reuse(kept)
	cache := &keptOnly{kept: kept}
	fresh(func(f *frontend.File) *frontend.File { b2.Add(f); return nil }, cache)
	g2 := b2.Graph()
	sameFuncs(t, dir, g2, first)
	if got := graphLines(g2); !slices.Equal(got, want) {
		t.Errorf("reused builder gives\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if cache.hits == 0 || len(cache.missed) != 1 || !strings.HasSuffix(cache.missed[0], "lexer.c") {
		t.Errorf("%d files taken from the saved builder, parsed %v; want all but lexer.c", cache.hits, cache.missed)
	}
	for _, cut := range []int{0, 10, buf.Len() / 2, buf.Len() - 3} {
		if _, err := callgraph.ReadKept(bytes.NewReader(buf.Bytes()[:cut])); err == nil && cut < buf.Len() {
			t.Errorf("a saved builder cut at %d of %d bytes read without error", cut, buf.Len())
		}
	}
}

// keptOnly hands out the files of kept under the key "k:path" and notes
// the others.
type keptOnly struct {
	kept   *callgraph.Kept
	mu     sync.Mutex
	hits   int
	missed []string
}

func (c *keptOnly) Get(lang string, mode frontend.Mode, src *frontend.Source) *frontend.File {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f := c.kept.File(src.Path, "k:"+src.Path); f != nil {
		c.hits++
		return f
	}
	c.missed = append(c.missed, src.Path)
	return nil
}

func (c *keptOnly) Put(string, frontend.Mode, *frontend.Source, *frontend.File) {}
