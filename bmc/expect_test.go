package bmc_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// TestReadExpectationExamples: every expect.json of the examples reads,
// one entry per assertion of its program.
func TestReadExpectationExamples(t *testing.T) {
	names, _ := filepath.Glob("../examples/c/*.expect.json")
	if len(names) == 0 {
		t.Fatal("no expect.json files")
	}
	for _, name := range names {
		e, err := bmc.ReadExpectation(name)
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(strings.TrimSuffix(name, ".expect.json") + ".c")
		if err != nil {
			t.Fatal(err)
		}
		p, err := bmc.ParseProgram(name, src)
		if err != nil {
			t.Fatal(err)
		}
		if len(e.Assertions) != len(p.Asserts) {
			t.Errorf("%s: %d expectations for %d assertions", name, len(e.Assertions), len(p.Asserts))
		}
		for i, a := range e.Assertions {
			if a.Pred != p.Asserts[i].Pred {
				t.Errorf("%s %s: pred %q, the program's is %q", name, a.Label, a.Pred, p.Asserts[i].Pred)
			}
		}
	}
}

func TestReadExpectationErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{"k": 5, "assertions": [{"label": "a1", "status": "VERIFIED"},]}`, "e.json:1: "},
		{"{\"k\": 5,\n \"assertions\": [\n{\"label\": \"a1\", \"status\": \"PROVED\"}]}", `unknown verdict "PROVED"`},
		{`{"k": 5, "assertions": [{"label": "a1", "status": "VERIFIED", "dep": []}]}`, `unknown field "dep"`},
		{`{"k": 0, "assertions": []}`, "k is 0"},
		{`{"k": 5, "assertions": [{"label": "a2", "status": "VERIFIED"}]}`, `assertion 1 is labelled "a2", want "a1"`},
		{`{"k": 5, "assertions": [{"label": "a1", "status": "VERIFIED"}, {"label": "a2", "status": "C-VERIFIED", "deps": ["a2"]}]}`, `a2: dependency "a2" is not an earlier assertion`},
		{`{"k": 5, "assertions": [{"label": "a1", "status": "C-VERIFIED", "deps": ["0"]}]}`, `dependency "0"`},
	} {
		path := filepath.Join(t.TempDir(), "e.json")
		os.WriteFile(path, []byte(c.text), 0o644)
		_, err := bmc.ReadExpectation(path)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: got %v, want %q naming the file", c.text, err, c.want)
		}
	}
}
