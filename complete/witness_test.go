package complete

import (
	"slices"
	"testing"
)

// The other results the weak contracts accept are among the
// candidates of their actual result, within the screen's limit.
func TestWitnessCandidates(t *testing.T) {
	intT := &dtype{kind: tInt, src: "int"}
	seqT := &dtype{kind: tSeq, elem: intT, src: "seq<int>"}
	strT := &dtype{kind: tString, elem: &dtype{kind: tChar, src: "char"}, src: "string"}
	seqSeqT := &dtype{kind: tSeq, elem: seqT, src: "seq<seq<int>>"}
	pairT := tupleType([]*dtype{intT, intT})
	n := func(i int64) value { return value{t: intT, i: i} }
	seq := func(is ...int64) value {
		v := value{t: seqT, elems: []value{}}
		for _, i := range is {
			v.elems = append(v.elems, n(i))
		}
		return v
	}
	pair := func(a, b int64) value { return value{t: pairT, elems: []value{n(a), n(b)}} }
	cases := []struct {
		name   string
		rt     *dtype
		actual value
		in     []value
		consts []int64
		want   value
	}{
		{"b == 2 * a", pairT, pair(0, 0), []value{n(0)}, constants("ensures b == 2 * a"), pair(1, 2)},
		{"n == d * q + r", pairT, pair(0, 0), []value{n(0), n(1)}, nil, pair(1, -1)},
		{"two-sum swapped", pairT, pair(0, 1), []value{seq(0, 0), n(0)}, nil, pair(1, 0)},
		{"a sort reordered", seqT, seq(1, 2), []value{seq(2, 1)}, nil, seq(2, 1)},
		{"a filter that drops", seqT, seq(1, 2), []value{seq(1, 2)}, nil, seq(2)},
		{"the other list", seqT, seq(1), []value{{t: seqSeqT, elems: []value{seq(1), seq(2)}}}, nil, seq(2)},
		{"another index", intT, n(0), []value{seq(1, 1), n(1)}, nil, n(1)},
		{"a constant", intT, n(1), []value{n(150)}, constants("ensures 1 <= h <= 9"), n(9)},
		{"a string reordered", strT, stringValue(strT, "ab"), []value{stringValue(strT, "ab")}, nil, stringValue(strT, "ba")},
	}
	for _, c := range cases {
		got := witnessCandidates(c.rt, c.actual, c.in, nil, c.consts, screenLimit)
		lits := make([]string, len(got))
		for i, v := range got {
			lits[i] = v.literal()
		}
		if !slices.Contains(lits, c.want.literal()) {
			t.Errorf("%s: %s not among the %d candidates of %s: %v", c.name, c.want.literal(), len(got), c.actual.literal(), lits)
		}
		if slices.Contains(lits, c.actual.literal()) {
			t.Errorf("%s: the actual result is a candidate", c.name)
		}
	}
}
