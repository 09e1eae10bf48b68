package callgraph

import (
	"fmt"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// def makes a function definition at line in file; calls are given as
// "f@line" (direct), "a::b::f@line" (path), "x.m@line" (method) or
// "*fp@line" (indirect).
func def(file, name string, line int, calls ...string) *frontend.Function {
	f := &frontend.Function{Name: name, Definition: true, Exported: true,
		Span: frontend.Span{File: file, StartLine: line, EndLine: line + 1}}
	for _, c := range calls {
		f.Calls = append(f.Calls, mkCall(file, c))
	}
	return f
}

func mkCall(file, c string) *frontend.Call {
	text, lineStr, _ := strings.Cut(c, "@")
	var line int
	fmt.Sscan(lineStr, &line)
	call := &frontend.Call{Callee: text, Span: frontend.Span{File: file, StartLine: line, EndLine: line}}
	switch {
	case strings.HasPrefix(text, "*"):
		call.Kind = frontend.CallIndirect
	case strings.Contains(text, "::"):
		i := strings.LastIndex(text, "::")
		call.Kind, call.Qualifier, call.Name = frontend.CallPath, text[:i], text[i+2:]
	case strings.Contains(text, "."):
		i := strings.LastIndex(text, ".")
		call.Kind, call.Qualifier, call.Name = frontend.CallMethod, text[:i], text[i+1:]
	default:
		call.Kind, call.Name = frontend.CallDirect, text
	}
	return call
}

// method makes a method of recv (and trait, if given).
func method(file, module, recv, trait, name string, line int, calls ...string) *frontend.Function {
	f := def(file, name, line, calls...)
	f.Module, f.Receiver, f.Trait = module, recv, trait
	return f
}

// prog makes a program of files, each given by its path, language and
// functions.
func prog(files ...*frontend.File) *frontend.Program { return &frontend.Program{Files: files} }

func file(path, lang string, fns ...*frontend.Function) *frontend.File {
	return &frontend.File{Path: path, Language: lang, Functions: fns}
}

// edgesOf renders g's edges as "caller->callee" with the simple names,
// "?" appended for ambiguous edges.
func edgesOf(g *Graph) []string {
	var out []string
	for _, e := range g.Edges {
		s := e.Caller.Name() + "->" + e.Callee.Name()
		if e.Callee.File() != e.Caller.File() {
			s = e.Caller.Name() + "->" + e.Callee.File() + ":" + e.Callee.Name()
		}
		if e.Ambiguous {
			s += "?"
		}
		out = append(out, s)
	}
	return out
}

// chainGraph builds a graph of n functions f0 -> f1 -> ... -> f(n-1),
// plus an edge back to f0 when cycle. It makes the Graph directly: Build is
// tested elsewhere, and a million-function program would only slow the
// test.
func chainGraph(n int, cycle bool) *Graph {
	g := &Graph{Nodes: make([]*Node, n)}
	for i := range n {
		g.Nodes[i] = &Node{ID: fmt.Sprintf("chain.c:f%07d@%d", i, i+1)}
	}
	for i := range n - 1 {
		g.Edges = append(g.Edges, &Edge{Caller: g.Nodes[i], Callee: g.Nodes[i+1], Line: int32(i + 1)})
	}
	if cycle {
		g.Edges = append(g.Edges, &Edge{Caller: g.Nodes[n-1], Callee: g.Nodes[0], Line: int32(n)})
	}
	g.sortNodes()
	g.link()
	return g
}
