package bmc

import (
	"maps"
	"slices"
)

// Closure computes the dependency closure (Definition 7) of every
// assertion from an implication graph given in sequence order.
//
// order is the assertion sequence t (assertion indices); ig maps an
// assertion index to its implication-graph entry IG[i] (the indices
// assumed when it was verified; empty for a standalone proof), and holds
// no key for an unverified assertion. Every IG[i] must list only
// assertions earlier in order than i, as Algorithm 2 guarantees; Closure
// panics otherwise (a programmer error: the graph would not be acyclic).
//
// Deps(a_i) = {a_i} for i not in index(IG), {} for IG[i] = {}, and the
// union of Deps(a_j) over a_j in IG[i] otherwise. It is computed in
// sequence order without recursion, each Deps(a_j) being ready before any
// later assertion needs it. Each result is sorted.
func Closure(order []int, ig map[int][]int) map[int][]int {
	pos := make(map[int]int, len(order))
	for p, i := range order {
		pos[i] = p
	}
	deps := make(map[int][]int, len(order))
	for p, i := range order {
		s, in := ig[i]
		if !in {
			deps[i] = []int{i}
			continue
		}
		set := map[int]bool{}
		for _, j := range s {
			if pj, ok := pos[j]; !ok || pj >= p {
				panic("bmc: implication graph entry is not earlier in the sequence")
			}
			for _, d := range deps[j] {
				set[d] = true
			}
		}
		d := slices.AppendSeq(make([]int, 0, len(set)), maps.Keys(set)) // {} for no dependency, not nil
		slices.Sort(d)
		deps[i] = d
	}
	return deps
}
