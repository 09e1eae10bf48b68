package callgraph_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/c"
	_ "github.com/suretydev/surety/frontend/rust"
)

// load parses a tree of examples/graph with the real frontends.
func load(t *testing.T, dir string) *callgraph.Graph {
	t.Helper()
	prog, ferrs, err := frontend.Load(context.Background(), []string{"../examples/graph/" + dir}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
	if err != nil || len(ferrs) > 0 {
		t.Fatalf("load: %v %v", err, ferrs)
	}
	return callgraph.Build(prog, nil)
}

// edge renders an edge with file base names: "parser.c:parse_term->lexer.c:peek_token".
func edge(e *callgraph.Edge) string {
	base := func(n *callgraph.Node) string {
		f := n.File()
		return f[strings.LastIndexByte(f, '/')+1:] + ":" + n.Name()
	}
	s := base(e.Caller) + "->" + base(e.Callee)
	if e.Ambiguous {
		s += "?"
	}
	return s
}

func TestRealC(t *testing.T) {
	g := load(t, "c")
	var got []string
	for _, e := range g.Edges {
		got = append(got, edge(e))
	}
	for _, want := range []string{
		"lexer.c:peek_token->lexer.c:skip",     // the static skip of its own file
		"parser.c:parse_factor->parser.c:skip", // and the other one here
		"parser.c:parse_factor->calc.h:is_digit",
		"parser.c:parse_factor->parser.c:parse_expr",
		"parser.c:parse_expr->parser.c:parse_term", // through the prototype
		"main.c:main->main.c:report",
		"main.c:main->parser.c:parse_expr?", // eval = parse_expr; eval(&lx)
	} {
		if !slices.Contains(got, want) {
			t.Errorf("missing edge %s in %q", want, got)
		}
	}
	for _, bad := range []string{"lexer.c:peek_token->parser.c:skip", "parser.c:parse_factor->lexer.c:skip", "main.c:main->parser.c:parse_expr"} {
		if slices.Contains(got, bad) {
			t.Errorf("wrong edge %s", bad)
		}
	}
	var unres []string
	for _, u := range g.Unresolved {
		unres = append(unres, u.Callee+":"+u.Reason.String())
	}
	if !slices.Contains(unres, "printf:unknown") {
		t.Errorf("unresolved: %q", unres)
	}
	r := callgraph.MakeReport(g, nil)
	if r.LargestSCC != 3 || r.SCCsOverOne != 1 || r.AmbiguousEdges != 1 {
		t.Errorf("report %+v", r)
	}
}

func TestRealRust(t *testing.T) {
	g := load(t, "rust")
	var got []string
	for _, e := range g.Edges {
		got = append(got, edge(e))
	}
	for _, want := range []string{
		"main.rs:main->lexer.rs:lexer::Lexer::new", // path call Type::f
		"main.rs:main->parser.rs:parser::parse",    // path call module::f
		"main.rs:main->eval.rs:eval::eval",
		"main.rs:main->lexer.rs:lexer::Lexer::tokens",                      // x.m() on let x = Lexer::new(..)
		"lexer.rs:lexer::Lexer::tokens->lexer.rs:lexer::Lexer::next_token", // self.m()
		"parser.rs:parser::Parser::term->parser.rs:parser::Parser::factor",
		"parser.rs:parser::Parser::factor->parser.rs:parser::Parser::expr",
		"eval.rs:eval::Value::show->eval.rs:eval::Expr::value", // self.m() in a trait default method
	} {
		if !slices.Contains(got, want) {
			t.Errorf("missing edge %s in %q", want, got)
		}
	}
	c := callgraph.Condense(g)
	layers := callgraph.Layers(c)
	split := callgraph.Phases(g, &callgraph.PhaseOptions{By: callgraph.ByModule})
	var mods []string
	for _, p := range split.Phases {
		mods = append(mods, p.Name)
	}
	slices.Sort(mods)
	// main.rs is the crate root, module "": its phase is its directory.
	if !slices.Equal(mods, []string{"../examples/graph/rust/src", "eval", "lexer", "parser"}) {
		t.Errorf("module phases: %q", mods)
	}
	var rec []string
	for _, l := range layers {
		for _, comp := range l {
			if len(comp.Nodes) > 1 {
				for _, n := range comp.Nodes {
					rec = append(rec, n.Name())
				}
			}
		}
	}
	if !slices.Equal(rec, []string{"parser::Parser::expr", "parser::Parser::factor", "parser::Parser::term"}) {
		t.Errorf("recursion: %q", rec)
	}
}

func TestCFunctionPointers(t *testing.T) {
	prog, ferrs, err := frontend.Load(context.Background(), []string{"testdata/cptr"}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
	if err != nil || len(ferrs) > 0 {
		t.Fatalf("load: %v %v", err, ferrs)
	}
	g := callgraph.Build(prog, nil)
	var got []string
	for _, e := range g.Edges {
		if e.Indirect {
			got = append(got, edge(e))
		}
	}
	want := []string{"ops.c:run->ops.c:my_open?", "ops.c:run->ops.c:my_close?", "ops.c:run->ops.c:other?"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("indirect edges %q, want %q", got, want)
	}
	if len(g.Unresolved) != 1 || g.Unresolved[0].Callee != "cb" || g.Unresolved[0].Reason != callgraph.ReasonIndirect {
		t.Errorf("a pointer nothing is stored in stays unresolved: %+v", g.Unresolved)
	}
}
