package bmc

import "sort"

// Order returns VIVERRA's assertion sequence t for p (CGTraversal): a
// depth-first traversal of the call graph from main, with cycle avoidance,
// in which each function's assertions come in logical-line order and the
// traversal of a callee g called at logical line lc is inserted before the
// caller's assertions at lines >= lc. Functions not reached from main
// follow, in source order, so every assertion appears exactly once. The
// result lists assertion indices and depends only on p.
func Order(p *Program) []int {
	visited := map[string]bool{}
	var t []int
	var visit func(f *Func)
	visit = func(f *Func) {
		visited[f.Name] = true
		var own []Assertion
		for _, a := range p.Asserts {
			if a.Func == f.Name && a.Start >= f.Start && a.End <= f.End {
				own = append(own, a)
			}
		}
		sort.SliceStable(own, func(i, j int) bool { return own[i].Line < own[j].Line })
		next := 0
		for _, c := range f.Calls {
			g := p.Func(c.Callee)
			if g == nil || visited[g.Name] {
				continue
			}
			for next < len(own) && own[next].Line < c.Line {
				t = append(t, own[next].Index)
				next++
			}
			visit(g)
		}
		for ; next < len(own); next++ {
			t = append(t, own[next].Index)
		}
	}
	if m := p.Func("main"); m != nil {
		visit(m)
	}
	for i := range p.Funcs {
		if !visited[p.Funcs[i].Name] {
			visit(&p.Funcs[i])
		}
	}
	return t
}
