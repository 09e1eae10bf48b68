package contract

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestStoreRoundTrip(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "records")}
	r1 := &Record{Function: "src/a.rs:a::f@3", Name: "a::f", Prompt: GeneratePromptVersion,
		Contract: Contract{Requires: []Condition{{Text: "x > 0", Formal: "(> x 0)"}}}}
	r2 := &Record{Function: "src/b.rs:b::f@3", Name: "b::f", Prompt: GeneratePromptVersion}
	for _, r := range []*Record{r1, r2} {
		if err := s.Put(r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Get(r1.Function)
	if err != nil || !reflect.DeepEqual(got, r1) {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	if none, err := s.Get("nope"); none != nil || err != nil {
		t.Fatalf("Get(missing) = %v, %v", none, err)
	}
	all, err := s.All()
	if err != nil || len(all) != 2 || all[0].Function != r1.Function {
		t.Fatalf("All = %v, %v", all, err)
	}
	// No temporary files are left behind.
	ents, _ := os.ReadDir(s.Dir)
	if len(ents) != 2 {
		t.Errorf("%d files in the store, want 2", len(ents))
	}
	if err := s.Delete(r2.Function); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get(r2.Function); got != nil {
		t.Error("deleted record still there")
	}
}

func TestStoreCorruptFile(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	r := &Record{Function: "f", Name: "f"}
	if err := s.Put(r); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(s.path("f"), []byte("{not json"), 0o644)
	if _, err := s.Get("f"); err == nil {
		t.Error("a corrupt record gave no error")
	}
}
