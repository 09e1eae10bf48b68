package complete

import (
	"os"
	"testing"
)

// The model parser reads, on a model text Dafny 2.3 wrote with /mv
// (testdata/model/uniq2.model, from uniq2.dfy: two failed uniqueness
// lemmas), each lemma's input and two results from its own model: an int
// written "(- 7)", a boolean, and a character through char#FromInt.
func TestFromModel(t *testing.T) {
	b, err := os.ReadFile("testdata/model/uniq2.model")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	if n := len(parseModels(text)); n != 2 {
		t.Fatalf("%d models, want 2", n)
	}
	intT := &dtype{kind: tInt, src: "int"}
	boolT := &dtype{kind: tBool, src: "bool"}
	charT := &dtype{kind: tChar, src: "char"}
	lits := func(vs []value) string { return inputKey(vs) }
	t0 := &target{k: 0, params: []*dtype{charT, boolT}, results: []*dtype{intT}}
	in, a, bb, ok := fromModel(text, t0)
	if !ok || lits(in) != "'b', true" || lits(a) != "(-7)" || lits(bb) != "(-6)" {
		t.Errorf("lemma 0: got %v %q %q %q", ok, lits(in), lits(a), lits(bb))
	}
	t1 := &target{k: 1, params: []*dtype{intT}, results: []*dtype{intT}}
	in, a, bb, ok = fromModel(text, t1)
	if !ok || lits(in) != "6" || lits(a) != "6" || lits(bb) != "7" {
		t.Errorf("lemma 1: got %v %q %q %q", ok, lits(in), lits(a), lits(bb))
	}
	// A nat cannot be negative, and an unknown type or a missing name
	// gives nothing.
	natT := &dtype{kind: tNat, src: "nat"}
	if _, _, _, ok := fromModel(text, &target{k: 0, params: []*dtype{charT, boolT}, results: []*dtype{natT}}); ok {
		t.Error("lemma 0 read with nat results")
	}
	seqT := &dtype{kind: tSeq, elem: intT, src: "seq<int>"}
	if _, _, _, ok := fromModel(text, &target{k: 1, params: []*dtype{seqT}, results: []*dtype{intT}}); ok {
		t.Error("lemma 1 read with a seq parameter")
	}
	if _, _, _, ok := fromModel(text, &target{k: 2, params: []*dtype{intT}, results: []*dtype{intT}}); ok {
		t.Error("a lemma with no model read")
	}
	if _, _, _, ok := fromModel("", t1); ok {
		t.Error("an empty model read")
	}
}

// Boogie's suffixes are dropped from names, and a name given two values in
// one model is left out.
func TestParseModels(t *testing.T) {
	ms := parseModels("*** MODEL\nx#0@@1 -> 5\ny#0 -> 1\ny#0@@2 -> 2\nf -> {\n  1 -> 2\n  else -> 3\n}\n*** END_MODEL\n")
	if len(ms) != 1 {
		t.Fatalf("%d models", len(ms))
	}
	m := ms[0]
	if m["x"].val != "5" {
		t.Errorf("x = %q", m["x"].val)
	}
	if _, ok := m["y"]; ok {
		t.Errorf("ambiguous y kept: %q", m["y"].val)
	}
	if tb := m["f"].table; len(tb) != 2 || tb[0] != [2]string{"1", "2"} {
		t.Errorf("f = %v", tb)
	}
}
