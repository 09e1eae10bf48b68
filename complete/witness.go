package complete

import (
	"regexp"
	"slices"
	"strconv"
)

// This file makes the other results tried against the contract: the
// neighbours of one actual result (see neighbours), and beside them the
// values a weak contract most often lets through, which are rarely a
// step away from the actual one:
//
//   - several results changed together (b == 2*a accepts (1, 2) beside
//     (0, 0); a == b*q + r accepts (1, -1) beside (0, 0));
//   - reorderings of a short sequence ([2, 1] beside [1, 2]) and its
//     sub-sequences (a filter that may drop anything);
//   - other parts of the input: its values, their elements, slices and
//     indices (the other index of a duplicated element, the other of two
//     lists, the input string itself when nothing was removed);
//   - what the method returned on the other inputs;
//   - the contract's and the body's own constants, and one either side.
//
// Candidates are taken round robin of these kinds, so that a cap keeps some
// of each; each is different from the actual result and appears once.

// maxRelated bounds the related values gathered per type.
const maxRelated = 48

// related gathers values of type ty found in vs (and, recursively, in
// their components), with, for integers, the indices and lengths of the
// sequences found, and for sequences their slices and short reorderings.
func related(ty *dtype, vs []value) []value {
	var out []value
	seen := map[string]bool{}
	add := func(v value) {
		v = retype(v, ty)
		if v.t == nil || len(out) >= maxRelated {
			return
		}
		if l := v.literal(); !seen[l] {
			seen[l] = true
			out = append(out, v)
		}
	}
	var walk func(v value, depth int)
	walk = func(v value, depth int) {
		if depth > 3 {
			return
		}
		if sameKind(v.t, ty) {
			add(v)
		}
		switch v.t.kind {
		case tString, tSeq:
			if isInt(ty) {
				for i := 0; i <= len(v.elems) && i < 8; i++ {
					add(value{t: ty, i: int64(i)})
				}
			}
			if sameKind(v.t, ty) {
				for _, s := range slicesOf(v.elems) {
					add(value{t: ty, elems: s})
				}
				for _, p := range permutations(v.elems, 24) {
					add(value{t: ty, elems: p})
				}
			}
			for _, e := range v.elems {
				walk(e, depth+1)
			}
		case tTuple, tData:
			for _, e := range v.elems {
				walk(e, depth+1)
			}
		}
	}
	for _, v := range vs {
		walk(v, 0)
	}
	return out
}

func isInt(t *dtype) bool { return t.kind == tInt || t.kind == tNat }

// sameKind reports whether a value of type a can stand for one of type b.
func sameKind(a, b *dtype) bool {
	switch {
	case isInt(a) && isInt(b):
		return true
	case (a.kind == tString || a.kind == tSeq) && (b.kind == tString || b.kind == tSeq):
		return sameKind(a.elem, b.elem)
	case a.kind == tTuple && b.kind == tTuple:
		if len(a.elems) != len(b.elems) {
			return false
		}
		for i := range a.elems {
			if !sameKind(a.elems[i], b.elems[i]) {
				return false
			}
		}
		return true
	case a.kind == tData && b.kind == tData:
		return a.data == b.data
	}
	return a.kind == b.kind && a.kind != tData
}

// retype gives v the type ty (same kind), or a zero value when it does
// not fit (a negative integer as a nat).
func retype(v value, ty *dtype) value {
	if !sameKind(v.t, ty) {
		return value{}
	}
	w := v
	w.t = ty
	switch {
	case ty.kind == tNat && v.i < 0:
		return value{}
	case ty.kind == tString || ty.kind == tSeq:
		w.elems = make([]value, len(v.elems))
		for i, e := range v.elems {
			if w.elems[i] = retype(e, ty.elem); w.elems[i].t == nil {
				return value{}
			}
		}
	case ty.kind == tTuple:
		w.elems = make([]value, len(v.elems))
		for i, e := range v.elems {
			if w.elems[i] = retype(e, ty.elems[i]); w.elems[i].t == nil {
				return value{}
			}
		}
	}
	return w
}

// slicesOf returns the contiguous slices of es, then (for up to five
// elements) every sub-sequence, shortest first.
func slicesOf(es []value) [][]value {
	var out [][]value
	n := len(es)
	for l := 0; l < n; l++ {
		for i := 0; i+l <= n && len(out) < 24; i++ {
			out = append(out, es[i:i+l])
		}
	}
	if n <= 5 {
		for mask := 1; mask < 1<<n-1; mask++ {
			var s []value
			for i := range n {
				if mask&(1<<i) != 0 {
					s = append(s, es[i])
				}
			}
			out = append(out, s)
		}
	}
	return out
}

// permutations returns up to limit reorderings of es (es itself
// included), in lexicographic order of positions.
func permutations(es []value, limit int) [][]value {
	n := len(es)
	if n > 6 {
		return nil
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	var out [][]value
	for len(out) < limit {
		p := make([]value, n)
		for i, k := range idx {
			p[i] = es[k]
		}
		out = append(out, p)
		// Next permutation of idx.
		i := n - 2
		for i >= 0 && idx[i] >= idx[i+1] {
			i--
		}
		if i < 0 {
			break
		}
		j := n - 1
		for idx[j] <= idx[i] {
			j--
		}
		idx[i], idx[j] = idx[j], idx[i]
		slices.Reverse(idx[i+1:])
	}
	return out
}

var intLitRE = regexp.MustCompile(`\b\d+\b`)

// constants returns the integer literals of text (a declaration with its
// contract and body), each with its neighbours and negation, small ones
// first, at most 24.
func constants(text string) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, m := range intLitRE.FindAllString(text, -1) {
		n, err := strconv.ParseInt(m, 10, 64)
		if err != nil || n > 1<<40 {
			continue
		}
		for _, v := range []int64{n, n - 1, n + 1, -n} {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b int64) int { return int(abs(a) - abs(b)) })
	if len(out) > 24 {
		out = out[:24]
	}
	return out
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// componentValues are the values tried for one result (or one component
// of the results) whose actual value is a: its neighbours, then related
// values, then small values of its type.
func componentValues(a value, rel []value, consts []int64) []value {
	var vs []value
	vs = append(vs, neighbours(a)...)
	if isInt(a.t) {
		for _, d := range []int64{2, -2, 3} {
			vs = append(vs, value{t: a.t, i: a.i + d})
		}
		for _, k := range consts {
			vs = append(vs, value{t: a.t, i: k})
		}
	}
	vs = append(vs, rel...)
	vs = append(vs, candidates(a.t, 8, 1)...)
	return uniqueOther(a, vs)
}

// uniqueOther keeps the values of vs that fit their type and differ from
// a, each once, in order.
func uniqueOther(a value, vs []value) []value {
	seen := map[string]bool{a.literal(): true}
	var out []value
	for _, v := range vs {
		if v.t == nil || v.t.kind == tNat && v.i < 0 {
			continue
		}
		if l := v.literal(); !seen[l] {
			seen[l] = true
			out = append(out, v)
		}
	}
	return out
}

// witnessCandidates returns the other results tried beside actual (the
// results taken together, of type rt) on input in: the kinds the file
// comment lists, taken in turn, at most limit. others are the results the
// method gave on other inputs.
func witnessCandidates(rt *dtype, actual value, in []value, others []value, consts []int64, limit int) []value {
	pool := append(append([]value(nil), in...), others...)
	pool = append(pool, actual)
	var kinds [][]value
	if rt.kind == tTuple {
		comps := make([][]value, len(rt.elems))
		for i, e := range rt.elems {
			comps[i] = componentValues(actual.elems[i], related(e, pool), consts)
		}
		// One component changed.
		var one []value
		for i := range rt.elems {
			for _, v := range comps[i] {
				c := concat(actual.elems, nil)
				c[i] = v
				one = append(one, value{t: rt, elems: c})
			}
		}
		// Two components changed together, small changes first; and
		// components of one type swapped.
		var two []value
		for i := range rt.elems {
			for j := i + 1; j < len(rt.elems); j++ {
				if sameKind(rt.elems[i], rt.elems[j]) {
					c := concat(actual.elems, nil)
					c[i], c[j] = retype(actual.elems[j], rt.elems[i]), retype(actual.elems[i], rt.elems[j])
					if c[i].t != nil && c[j].t != nil {
						two = append(two, value{t: rt, elems: c})
					}
				}
				for _, pr := range product([][]value{comps[i][:min(len(comps[i]), 10)], comps[j][:min(len(comps[j]), 10)]}, 100) {
					c := concat(actual.elems, nil)
					c[i], c[j] = pr[0], pr[1]
					two = append(two, value{t: rt, elems: c})
				}
			}
		}
		kinds = [][]value{one, two, related(rt, others)}
	} else {
		var small []value
		if isInt(rt) {
			for _, d := range []int64{2, -2, 3} {
				small = append(small, value{t: rt, i: actual.i + d})
			}
			for _, k := range consts {
				small = append(small, value{t: rt, i: k})
			}
		}
		small = append(small, candidates(rt, 8, 1)...)
		kinds = [][]value{neighbours(actual), related(rt, pool), small}
	}
	// In turn: one of each kind, then the next of each.
	var all []value
	for i := 0; ; i++ {
		more := false
		for _, k := range kinds {
			if i < len(k) {
				all = append(all, k[i])
				more = true
			}
		}
		if !more {
			break
		}
	}
	out := uniqueOther(actual, all)
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}
