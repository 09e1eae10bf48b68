package bmc

import (
	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/frontend"
)

// Order returns VIVERRA's assertion sequence t for p: callgraph.CGTraversal
// from main over the program's call graph, so that each function's
// assertions come in line order and the assertions of a callee g first
// reached by a call at line lc come before the caller's assertions at lines
// >= lc. The traversal compares physical lines, which order the statements
// of a function as logical lines do; an assertion on the same line as a
// call and before it is the one case placed after the callee. Functions
// with assertions that main does not reach follow, in source order, so
// every assertion appears exactly once. Without main (or for a Program not
// made by ParseProgram) the order is the source order. The result lists
// assertion indices and depends only on p.
func Order(p *Program) []int {
	items := map[string][]int{}
	for _, a := range p.Asserts {
		if f := p.owner(a); f != nil {
			items[f.id] = append(items[f.id], a.Index)
		}
	}
	var t []int
	placed := make([]bool, len(p.Asserts))
	if p.fe != nil {
		g := callgraph.Build(&frontend.Program{Files: []*frontend.File{p.fe}}, nil)
		if tr, err := callgraph.CGTraversal(g, "main", items, func(i int) int { return p.Asserts[i].SrcLine }); err == nil {
			for _, i := range tr.Items {
				if !placed[i] {
					t = append(t, i)
					placed[i] = true
				}
			}
		}
	}
	for i := range p.Asserts {
		if !placed[i] {
			t = append(t, i)
		}
	}
	return t
}

// owner returns the function definition holding a.
func (p *Program) owner(a Assertion) *Func {
	var f *Func
	for i := range p.Funcs {
		if p.Funcs[i].Start <= a.Start && a.End <= p.Funcs[i].End {
			f = &p.Funcs[i]
		}
	}
	return f
}
