package callgraph

import (
	"slices"
	"testing"

	"github.com/suretydev/surety/frontend"
)

func TestBuildCStaticScope(t *testing.T) {
	helperA := def("a.c", "helper", 1)
	helperA.Exported, helperA.FileLocal = false, true
	helperB := def("b.c", "helper", 1)
	helperB.Exported, helperB.FileLocal = false, true
	proto := &frontend.Function{Name: "shared", Span: frontend.Span{File: "a.c", StartLine: 2}}
	libProto := &frontend.Function{Name: "printf", Span: frontend.Span{File: "a.c", StartLine: 3}}
	p := prog(
		file("a.c", "c", helperA, proto, libProto, def("a.c", "main", 5, "helper@6", "shared@7", "printf@8", "*fp@9", "memcpy@10")),
		file("b.c", "c", helperB, def("b.c", "shared", 3, "helper@4")),
		file("c.c", "c", def("c.c", "other", 1, "helper@2")),
	)
	g := Build(p, nil)
	if got, want := len(g.Nodes), 5; got != want {
		t.Fatalf("nodes: got %d, want %d (prototypes must not be nodes)", got, want)
	}
	got := edgesOf(g)
	want := []string{"main->helper", "main->b.c:shared", "shared->helper"}
	if !slices.Equal(got, want) {
		t.Errorf("edges:\n got %q\nwant %q", got, want)
	}
	var reasons []string
	for _, u := range g.Unresolved {
		reasons = append(reasons, u.Caller.Name()+":"+u.Callee+":"+u.Reason.String())
	}
	// other() in c.c cannot see either static helper.
	wantR := []string{"main:printf:library", "main:*fp:indirect", "main:memcpy:unknown", "other:helper:unknown"}
	if !slices.Equal(reasons, wantR) {
		t.Errorf("unresolved:\n got %q\nwant %q", reasons, wantR)
	}
}

func TestBuildCHeaderStaticVisible(t *testing.T) {
	inline := def("util.h", "clamp", 1)
	inline.Exported = false
	g := Build(prog(file("util.h", "c", inline), file("m.c", "c", def("m.c", "main", 1, "clamp@2"))), nil)
	if got := edgesOf(g); !slices.Equal(got, []string{"main->util.h:clamp"}) {
		t.Errorf("a static function of a header is visible to its includers: got %q", got)
	}
}

func TestBuildCDuplicateExternalIsAmbiguous(t *testing.T) {
	g := Build(prog(
		file("x86/a.c", "c", def("x86/a.c", "arch_init", 1)),
		file("arm/a.c", "c", def("arm/a.c", "arch_init", 1)),
		file("main.c", "c", def("main.c", "main", 1, "arch_init@2")),
	), nil)
	if len(g.Edges) != 2 {
		t.Fatalf("want 2 ambiguous edges, got %q", edgesOf(g))
	}
	for _, e := range g.Edges {
		if !e.Ambiguous || len(e.Candidates()) != 2 {
			t.Errorf("edge %s->%s: ambiguous=%v candidates=%d", e.Caller.ID, e.Callee.ID, e.Ambiguous, len(e.Candidates()))
		}
	}
	if r := MakeReport(g, nil); r.AmbiguousShare != 1 || r.Layers != 1 {
		t.Errorf("report: %+v", r)
	}
}

func TestBuildRust(t *testing.T) {
	const f = "src/lib.rs"
	p := prog(file(f, "rust",
		method(f, "lexer", "Lexer", "", "new", 1, "Self::init@2"),
		method(f, "lexer", "Lexer", "", "init", 3),
		method(f, "lexer", "Lexer", "", "next", 5, "self.peek@6", "self.advance@7", "tokens.push@8"),
		method(f, "lexer", "Lexer", "", "peek", 10),
		// advance comes from a trait default method.
		method(f, "lexer", "Lexer", "Cursor", "bump", 12),
		method(f, "lexer", "Cursor", "Cursor", "advance", 14),
		method(f, "parser", "Parser", "", "parse", 20, "lexer::Lexer::new@21", "crate::lexer::tokenize@22", "x.next@23", "Vec::<u8>::new@24", "helper@25", "<Lexer as Cursor>::bump@26"),
		method(f, "parser", "Stream", "", "next", 30),
		func() *frontend.Function { fn := def(f, "tokenize", 40); fn.Module = "lexer"; return fn }(),
		func() *frontend.Function { fn := def(f, "helper", 41); fn.Module = "parser"; return fn }(),
		func() *frontend.Function { fn := def(f, "helper", 42); fn.Module = "util"; return fn }(),
	))
	// What the Rust frontend gives: Self and self typed by the impl,
	// <T as Tr> split, paths without crate and generics.
	for _, fn := range p.Files[0].Functions {
		for _, c := range fn.Calls {
			switch c.Qualifier {
			case "self", "Self":
				c.Hints = &frontend.CallHints{RecvType: fn.Receiver}
			case "<Lexer as Cursor>":
				c.Hints = &frontend.CallHints{RecvType: "Lexer", Trait: "Cursor"}
			case "crate::lexer":
				c.Hints = &frontend.CallHints{Path: []string{"lexer"}}
			case "Vec::<u8>":
				c.Hints = &frontend.CallHints{Path: []string{"Vec"}}
			}
		}
	}
	g := Build(p, nil)
	got := edgesOf(g)
	want := []string{
		"lexer::Lexer::new->lexer::Lexer::init",
		"lexer::Lexer::next->lexer::Lexer::peek",
		"lexer::Lexer::next->lexer::Cursor::advance",
		"parser::Parser::parse->lexer::Lexer::new",
		"parser::Parser::parse->lexer::tokenize",
		"parser::Parser::parse->lexer::Lexer::next?",
		"parser::Parser::parse->parser::Stream::next?",
		"parser::Parser::parse->parser::helper",
		"parser::Parser::parse->lexer::Lexer::bump",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("edges:\n got %q\nwant %q", got, want)
	}
	var unres []string
	for _, u := range g.Unresolved {
		unres = append(unres, u.Callee)
	}
	if !slices.Equal(unres, []string{"tokens.push", "Vec::<u8>::new"}) {
		t.Errorf("unresolved: %q", unres)
	}
}

func TestBuildFrontendResolved(t *testing.T) {
	a := def("a.go", "A", 1)
	b := def("a.go", "B", 5)
	c := def("a.go", "C", 9)
	a.Calls = []*frontend.Call{
		{Callee: "x.M", Name: "M", Kind: frontend.CallMethod, Span: frontend.Span{StartLine: 2}, Resolved: true, Targets: []string{b.ID(), c.ID()}},
		{Callee: "fmt.Println", Name: "Println", Kind: frontend.CallPath, Span: frontend.Span{StartLine: 3}, Resolved: true},
	}
	g := Build(prog(file("a.go", "go", a, b, c)), nil)
	if got := edgesOf(g); !slices.Equal(got, []string{"A->B", "A->C"}) {
		t.Errorf("edges: %q", got)
	}
	if len(g.Unresolved) != 1 || g.Unresolved[0].Reason != ReasonLibrary {
		t.Errorf("a resolved call with no target is a library call: %+v", g.Unresolved)
	}
}

func TestIncludeAmbiguous(t *testing.T) {
	const f = "src/lib.rs"
	p := func() *frontend.Program {
		return prog(file(f, "rust",
			method(f, "", "A", "", "run", 1, "x.step@2"),
			method(f, "", "B", "", "step", 5, "y.run@6"),
			method(f, "", "C", "", "step", 8),
			method(f, "", "D", "", "run", 9),
		))
	}
	for _, inc := range []bool{false, true} {
		g := Build(p(), &BuildOptions{IncludeAmbiguous: inc})
		r := MakeReport(g, nil)
		want := 1
		if inc {
			want = 2
		}
		if r.LargestSCC != want {
			t.Errorf("IncludeAmbiguous=%v: largest SCC %d, want %d", inc, r.LargestSCC, want)
		}
		if r.AmbiguousEdges != 4 {
			t.Errorf("IncludeAmbiguous=%v: %d ambiguous edges, want 4 either way", inc, r.AmbiguousEdges)
		}
	}
}

func TestBuildDeterministic(t *testing.T) {
	mk := func(rev bool) *frontend.Program {
		files := []*frontend.File{
			file("a.c", "c", def("a.c", "a", 1, "b@2", "c@3")),
			file("b.c", "c", def("b.c", "b", 1, "c@2"), def("b.c", "c", 5, "a@6")),
		}
		if rev {
			slices.Reverse(files)
		}
		return prog(files...)
	}
	g1, g2 := Build(mk(false), nil), Build(mk(true), nil)
	if !slices.Equal(edgesOf(g1), edgesOf(g2)) {
		t.Errorf("file order changed the graph: %q vs %q", edgesOf(g1), edgesOf(g2))
	}
}

func TestBuildNilProgram(t *testing.T) {
	g := Build(nil, nil)
	if len(g.Nodes) != 0 || len(Layers(Condense(g))) != 0 {
		t.Errorf("empty program gave a non-empty graph")
	}
}

func TestBuildMixedLanguagesStayApart(t *testing.T) {
	g := Build(prog(
		file("c/a.c", "c", def("c/a.c", "main", 1, "parse@2")),
		file("c/p.c", "c", def("c/p.c", "parse", 5)),
		file("rs/main.rs", "rust", def("rs/main.rs", "main", 1, "parse@2")),
		file("rs/p.rs", "rust", def("rs/p.rs", "parse", 5)),
	), nil)
	for _, e := range g.Edges {
		if e.Ambiguous || e.Caller.File()[:2] != e.Callee.File()[:2] {
			t.Errorf("edge %s -> %s crosses languages or is ambiguous", e.Caller.ID, e.Callee.ID)
		}
	}
	if len(g.Edges) != 2 {
		t.Errorf("want 2 edges, got %q", edgesOf(g))
	}
}

func TestMaxCandidates(t *testing.T) {
	const f = "src/lib.rs"
	p := func() *frontend.Program {
		return prog(file(f, "rust",
			def(f, "main", 1, "x.next@2", "y.only@3"),
			method(f, "", "A", "", "next", 10),
			method(f, "", "B", "", "next", 20),
			method(f, "", "C", "", "next", 30),
			method(f, "", "C", "", "only", 40),
		))
	}
	g := Build(p(), &BuildOptions{MaxCandidates: 2})
	// y.only: a single method has the name, so the call resolves to it.
	if got := edgesOf(g); !slices.Equal(got, []string{"main->C::only"}) || !g.Edges[0].ByName {
		t.Errorf("edges %q", got)
	}
	if len(g.Unresolved) != 1 || g.Unresolved[0].Reason != ReasonTooMany || g.Unresolved[0].Callee != "x.next" {
		t.Errorf("unresolved %+v", g.Unresolved)
	}
	if g := Build(p(), nil); len(g.Edges) != 4 {
		t.Errorf("without a bound, 4 edges; got %q", edgesOf(g))
	}
}

// TestBuildRecvType follows receiver chains across files: a field of a
// struct declared elsewhere, a constructor's result, an unwrapped Option,
// the element of a vector, and a trait object's implementations.
func TestBuildRecvType(t *testing.T) {
	const a, b = "src/lexer.rs", "src/parser.rs"
	lexNew := method(a, "lexer", "Lexer", "", "new", 1)
	lexNew.ResultType = "Lexer"
	lexNext := method(a, "lexer", "Lexer", "", "next", 3)
	lexNext.ResultType = "Option<Token>"
	lexFile := file(a, "rust", lexNew, lexNext,
		method(a, "lexer", "Token", "", "kind", 5),
		method(a, "lexer", "Cursor", "", "next", 7),
		method(a, "lexer", "Shape", "Draw", "draw", 9),
		method(a, "lexer", "Ring", "Draw", "draw", 11),
		method(a, "lexer", "Only", "Emit", "emit", 13),
	)
	lexFile.Types = []*frontend.TypeDecl{{Name: "Parser", Module: "parser", Fields: []frontend.Param{
		{Name: "lexer", Type: "Lexer"}, {Name: "toks", Type: "Vec<Token>"}, {Name: "d", Type: "Draw"}, {Name: "e", Type: "Emit"},
	}}}
	parse := method(b, "parser", "Parser", "", "parse", 1,
		"self.lexer.next@2", "lx.next@3", "t.kind@4", "self.toks[0].kind@5", "self.toks.push@6", "self.d.draw@7", "self.e.emit@8", "q.next@9")
	types := []string{"Parser.lexer", "Lexer::new()", "Parser.lexer.next().?", "Parser.toks.[]", "Parser.toks", "Parser.d", "Parser.e", "Parser.nofield"}
	for i, ty := range types {
		parse.Calls[i].Hints = &frontend.CallHints{RecvType: ty}
	}
	want := []string{
		"parser::Parser::parse->src/lexer.rs:lexer::Lexer::next",
		"parser::Parser::parse->src/lexer.rs:lexer::Lexer::next",
		"parser::Parser::parse->src/lexer.rs:lexer::Token::kind",
		"parser::Parser::parse->src/lexer.rs:lexer::Token::kind",
		"parser::Parser::parse->src/lexer.rs:lexer::Shape::draw?",
		"parser::Parser::parse->src/lexer.rs:lexer::Ring::draw?",
		"parser::Parser::parse->src/lexer.rs:lexer::Only::emit",
		"parser::Parser::parse->src/lexer.rs:lexer::Lexer::next?",
		"parser::Parser::parse->src/lexer.rs:lexer::Cursor::next?",
	}
	g := Build(prog(lexFile, file(b, "rust", parse)), nil)
	got := edgesOf(g)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("edges:\n got %q\nwant %q", got, want)
	}
	if len(g.Unresolved) != 1 || g.Unresolved[0].Callee != "self.toks.push" || g.Unresolved[0].Reason != ReasonLibrary {
		t.Errorf("a method of a library type is a library call: %+v", g.Unresolved)
	}
}

// TestBuildNearestDirectory: of two external definitions of a C name, a
// caller in arch/x86 means the one under arch/x86; a caller elsewhere
// still gets both, ambiguous.
func TestBuildNearestDirectory(t *testing.T) {
	g := Build(prog(
		file("arch/x86/lib/a.c", "c", def("arch/x86/lib/a.c", "arch_init", 1)),
		file("arch/arm/lib/a.c", "c", def("arch/arm/lib/a.c", "arch_init", 1)),
		file("arch/x86/kernel/setup.c", "c", def("arch/x86/kernel/setup.c", "setup", 1, "arch_init@2")),
		file("init/main.c", "c", def("init/main.c", "main", 1, "arch_init@2")),
	), nil)
	got := edgesOf(g)
	want := []string{"setup->arch/x86/lib/a.c:arch_init", "main->arch/arm/lib/a.c:arch_init?", "main->arch/x86/lib/a.c:arch_init?"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("edges:\n got %q\nwant %q", got, want)
	}
}

// TestBuildReexportsAndRenames: a path through a module that re-exports
// (pub use dynamic::*), a path through a renamed module import (use
// helpers as h) and a type known by a renamed import (use Elf64Symbol as
// Symbol) all reach their functions.
func TestBuildReexportsAndRenames(t *testing.T) {
	const d, ty, h, m, c = "src/lc/dynamic.rs", "src/lc/types.rs", "src/helpers.rs", "src/lc/mod.rs", "src/main.rs"
	lc := file(m, "rust")
	lc.Module = "lc"
	lc.Imports = []frontend.Import{{Module: "lc::dynamic", Name: "*"}}
	binding := method(ty, "lc::types", "Elf64Symbol", "", "binding", 1)
	caller := def(c, "main", 1, "lc::resolve@2", "h::walk@3", "sym.binding@4")
	caller.Calls[2].Hints = &frontend.CallHints{RecvType: "Symbol"}
	main := file(c, "rust", caller)
	main.Imports = []frontend.Import{{Module: "", Name: "helpers", As: "h"}, {Module: "lc::types", Name: "Elf64Symbol", As: "Symbol"}}
	resolve := def(d, "resolve", 1)
	resolve.Module = "lc::dynamic"
	walk := def(h, "walk", 1)
	walk.Module = "helpers"
	g := Build(prog(lc, file(d, "rust", resolve), file(h, "rust", walk), file(ty, "rust", binding), main), nil)
	got := edgesOf(g)
	want := []string{"main->src/lc/dynamic.rs:lc::dynamic::resolve", "main->src/helpers.rs:helpers::walk", "main->src/lc/types.rs:lc::types::Elf64Symbol::binding"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("edges:\n got %q\nwant %q", got, want)
	}
}
