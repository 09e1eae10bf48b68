package contract

import (
	"slices"
	"testing"
)

func c(text, formal string) Condition { return Condition{Text: text, Formal: formal} }

func TestMergeExact(t *testing.T) {
	exps := []Expectation{
		{Caller: "a", Callee: "f", Pre: []Condition{c("x is positive", "(> x 0)")}, Post: []Condition{c("result is at least x", "(>= result x)")}},
		{Caller: "b", Callee: "f", Pre: []Condition{c("x is negative", "(< x 0)"), c("y is zero", "(= y 0)")}, Post: []Condition{c("result is not zero", "(not (= result 0))"), c("result is at least x", "(>= result x)")}},
	}
	got, ok := Merge(exps)
	if !ok {
		t.Fatal("formal expectations did not merge exactly")
	}
	// Pre: the disjunction of the callers' pre-conditions.
	if len(got.Requires) != 1 || got.Requires[0].Formal != "(or (> x 0) (and (< x 0) (= y 0)))" {
		t.Errorf("requires %+v", got.Requires)
	}
	// Post: the conjunction of the callers' post-conditions, without duplicates.
	var forms []string
	for _, e := range got.Ensures {
		forms = append(forms, e.Formal)
	}
	if want := []string{"(>= result x)", "(not (= result 0))"}; !slices.Equal(forms, want) {
		t.Errorf("ensures %v, want %v", forms, want)
	}
	// The order of the callers does not matter.
	rev, _ := Merge([]Expectation{exps[1], exps[0]})
	if !slices.Equal(rev.Requires, got.Requires) || !slices.Equal(rev.Ensures, got.Ensures) {
		t.Error("Merge depends on the order of the expectations")
	}
}

func TestMergeTrueCaller(t *testing.T) {
	got, ok := Merge([]Expectation{
		{Pre: []Condition{c("x > 0", "(> x 0)")}},
		{Pre: nil}, // a caller that guarantees nothing
	})
	if !ok || len(got.Requires) != 0 {
		t.Errorf("a caller guaranteeing nothing must make requires true (empty); got %+v", got.Requires)
	}
}

func TestMergeSentencesLeftToModel(t *testing.T) {
	_, ok := Merge([]Expectation{
		{Pre: []Condition{c("x > 0", "(> x 0)")}},
		{Pre: []Condition{c("s names a reserved keyword", "")}},
	})
	if ok {
		t.Error("a sentence without formal form was merged exactly")
	}
}

func TestBodyHashIgnoresWhitespace(t *testing.T) {
	if BodyHash("fn f() {\n  1\n}") != BodyHash("fn f() { 1 }") {
		t.Error("reformatting changed the hash")
	}
	if BodyHash("fn f() { 1 }") == BodyHash("fn f() { 2 }") {
		t.Error("a changed body kept its hash")
	}
}
