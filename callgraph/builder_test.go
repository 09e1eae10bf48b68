package callgraph_test

import (
	"bytes"
	"context"
	"fmt"
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
	for _, dir := range []string{"../examples/graph", "testdata/cptr"} {
		for _, opts := range []*callgraph.BuildOptions{nil, {MaxCandidates: 2, IncludeAmbiguous: true,
			Extra: []callgraph.ExtraEdge{{Caller: "main", Callee: "nowhere"}}}} {
			prog, _, err := frontend.Load(context.Background(), []string{dir}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
			if err != nil {
				t.Fatal(err)
			}
			want := graphLines(callgraph.Build(prog, opts))
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
			for _, n := range g.Nodes {
				if n.Func != nil && (len(n.Func.Calls) > 0 || len(n.Func.Params) > 0 || n.Func.Signature != "") {
					t.Fatalf("%s: node %s keeps its calls, parameters or signature", dir, n.ID)
				}
			}
		}
	}
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
	want := graphLines(b.Graph())
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
	if got := graphLines(b2.Graph()); !slices.Equal(got, want) {
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
