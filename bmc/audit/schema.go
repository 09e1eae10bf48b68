package audit

import (
	"bytes"
	"fmt"
	"slices"
)

// switchName is the variable of the mutant schema: 0 runs the program as
// written, j runs mutant j.
const switchName = "__surety_variant"

// A guard is a syntax node that one or more mutants change, with the
// guards nested in it.
type guard struct {
	start, end int
	stmt       bool
	alts       []string // the node's text in each mutant
	variants   []int
	inner      []*guard
}

// buildSchema writes the mutants that can be run-time choices (alt != "")
// into one copy of src: a changed expression e becomes
// `((__surety_variant == j) ? (e') : (e))`, a deleted statement s becomes
// `{ if (__surety_variant != j) s }`, and `int __surety_variant = 0;` is
// declared on the line of the first function. Lines stay where they were.
// Mutants that change the same node are the same mutant when their texts
// agree.
func buildSchema(src []byte, firstFunc int, ms []*mutant) ([]byte, map[*mutant]int) {
	variant := map[*mutant]int{}
	next := 1
	byNode := map[[2]int]*guard{}
	var guards []*guard
	for _, m := range ms {
		if m.alt == "" {
			continue
		}
		g := byNode[m.node]
		if g == nil {
			g = &guard{start: m.node[0], end: m.node[1], stmt: m.stmt}
			byNode[m.node] = g
			guards = append(guards, g)
		}
		if i := slices.Index(g.alts, m.alt); i >= 0 {
			variant[m] = g.variants[i]
			continue
		}
		g.alts = append(g.alts, m.alt)
		g.variants = append(g.variants, next)
		variant[m] = next
		next++
	}
	// Nest the guards: outer ones first, then by position.
	slices.SortFunc(guards, func(a, b *guard) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end
	})
	root := &guard{start: 0, end: len(src)}
	stack := []*guard{root}
	for _, g := range guards {
		for g.start >= stack[len(stack)-1].end {
			stack = stack[:len(stack)-1]
		}
		top := stack[len(stack)-1]
		top.inner = append(top.inner, g)
		stack = append(stack, g)
	}

	var emit func(g *guard) string
	emit = func(g *guard) string {
		var b bytes.Buffer
		last := g.start
		for _, in := range g.inner {
			b.Write(src[last:in.start])
			b.WriteString(emit(in))
			last = in.end
		}
		b.Write(src[last:g.end])
		text := b.String()
		for i := len(g.alts) - 1; i >= 0; i-- {
			if g.stmt {
				text = fmt.Sprintf("{ if (%s != %d) %s }", switchName, g.variants[i], text)
			} else {
				text = fmt.Sprintf("((%s == %d) ? (%s) : (%s))", switchName, g.variants[i], g.alts[i], text)
			}
		}
		return text
	}
	out := []byte(emit(root))
	// Declare the switch at the start of the first function's line, which
	// comes before every use. Offsets before firstFunc are unchanged.
	ls := bytes.LastIndexByte(src[:firstFunc], '\n') + 1
	decl := "int " + switchName + " = 0; "
	return slices.Concat(out[:ls], []byte(decl), out[ls:]), variant
}
