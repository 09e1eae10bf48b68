package callgraph_test

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
)

// program builds by hand what a frontend would give for
//
//	int main(void) { return run(parse()); }
//	int parse(void) { return expr(); }
//	int expr(void) { return term(); }
//	int term(void) { return expr(); }   // mutual recursion
//	int run(int x) { return x; }
func program() *frontend.Program {
	fn := func(name string, line int, callees ...string) *frontend.Function {
		f := &frontend.Function{Name: name, Definition: true, Exported: true,
			Span: frontend.Span{File: "calc.c", StartLine: line, EndLine: line}}
		for _, c := range callees {
			f.Calls = append(f.Calls, &frontend.Call{Callee: c, Name: c, Kind: frontend.CallDirect,
				Span: frontend.Span{File: "calc.c", StartLine: line}})
		}
		return f
	}
	return &frontend.Program{Files: []*frontend.File{{Path: "calc.c", Language: "c", Functions: []*frontend.Function{
		fn("main", 1, "run", "parse"), fn("parse", 2, "expr"), fn("expr", 3, "term"), fn("term", 4, "expr"), fn("run", 5),
	}}}}
}

func ExampleLayers() {
	g := callgraph.Build(program(), nil)
	fmt.Println(callgraph.MakeReport(g, nil))
	for i, layer := range callgraph.Layers(callgraph.Condense(g)) {
		var comps []string
		for _, c := range layer {
			var names []string
			for _, n := range c.Nodes {
				names = append(names, n.Name())
			}
			comps = append(comps, "{"+strings.Join(names, " ")+"}")
		}
		fmt.Printf("layer %d: %s\n", i+1, strings.Join(comps, " "))
	}
	// Output:
	// 5 functions, 5 edges (0.0% ambiguous), 0 unresolved, largest SCC 2, 3 layers
	// layer 1: {main}
	// layer 2: {parse} {run}
	// layer 3: {expr term}
}

func ExampleSchedule() {
	g := callgraph.Build(program(), nil)
	layers := callgraph.Layers(callgraph.Condense(g))
	var mu sync.Mutex
	done := map[string]bool{}
	err := callgraph.Schedule(context.Background(), layers, func(ctx context.Context, batch []*callgraph.Component) error {
		// Write the contracts of a batch; every caller's is already done.
		mu.Lock()
		defer mu.Unlock()
		for _, c := range batch {
			for _, n := range c.Nodes {
				done[n.Name()] = true
			}
		}
		return nil
	}, &callgraph.ScheduleOptions{Workers: 2, Batch: 2})
	fmt.Println(err, len(done))
	// Output: <nil> 5
}

func ExampleCGTraversal() {
	g := callgraph.Build(program(), nil)
	// Assertions by function ID, as "name:line".
	items := map[string][]string{}
	for _, n := range g.Nodes {
		items[n.ID] = []string{fmt.Sprintf("%s:%d", n.Name(), n.Func().Span.StartLine)}
	}
	line := func(s string) int {
		var l int
		fmt.Sscanf(s[strings.IndexByte(s, ':')+1:], "%d", &l)
		return l
	}
	t, err := callgraph.CGTraversal(g, "main", items, line)
	fmt.Println(t.Items, err)
	// Output: [term:4 expr:3 parse:2 run:5 main:1] <nil>
}

// ExampleBuilder builds the graph of a tree file by file as it is parsed,
// keeping only the compact form of the calls, and saves that form so that
// a second builder takes the files again without parsing them.
func ExampleBuilder() {
	ctx := context.Background()
	paths := []string{"../examples/graph/c"}
	b := callgraph.NewBuilder(nil)
	keep := func(f *frontend.File) *frontend.File { b.Add(f); return nil }
	if _, _, err := frontend.Load(ctx, paths, &frontend.LoadOptions{Mode: frontend.NeedCalls, Keep: keep}); err != nil {
		fmt.Println(err)
		return
	}
	var saved strings.Builder
	// Each file under a name for its content; a real caller hashes it.
	if err := b.Save(&saved, func(path string) string { return "v1" }); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(callgraph.MakeReport(b.Graph(), nil).Functions, "functions")

	kept, err := callgraph.ReadKept(strings.NewReader(saved.String()))
	if err != nil {
		fmt.Println(err)
		return
	}
	again := callgraph.NewBuilder(nil)
	again.Reuse(kept)
	for _, p := range []string{"lexer.c", "main.c", "parser.c", "calc.h"} {
		again.Add(kept.File("../examples/graph/c/"+p, "v1"))
	}
	fmt.Println(callgraph.MakeReport(again.Graph(), nil).Functions, "functions, none parsed")
	// Output:
	// 10 functions
	// 10 functions, none parsed
}
