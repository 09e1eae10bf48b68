package viverra

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/audit"
)

// TestFactsResultJSON: the audit has its own type, and the JSON of a
// FactsResult still puts each fact's findings beside its verdict and the
// counts in the summary, as `surety facts --json` printed them when they
// were fields of bmc.Fact, with the whole audit under "audit".
func TestFactsResultJSON(t *testing.T) {
	p, err := bmc.ParseProgram("p.c", []byte("int main(void) {\n  int x = 1;\n  assert(x > 0);\n  assert(x == x);\n  assert(x == 7);\n  return 0;\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep := &bmc.Report{File: "p.c", K: 5, Order: []int{0, 1, 2}, Facts: []bmc.Fact{
		{Assertion: p.Asserts[0], Status: bmc.VerdictVerified},
		{Assertion: p.Asserts[1], Status: bmc.VerdictVerified},
		{Assertion: p.Asserts[2], Status: bmc.VerdictVerified},
	}, Summary: bmc.Summary{Assertions: 3, Verified: 3}}
	a := &audit.Report{Facts: []audit.FactAudit{
		{Index: 0, Label: "a1", Reach: audit.Reach{Status: "reachable"}, Strength: &audit.Strength{Mutants: 5, Rejected: 3, Survived: 2}},
		{Index: 1, Label: "a2", Reach: audit.Reach{Status: "reachable"}, Strength: &audit.Strength{Mutants: 6, Survived: 6, Weak: true}},
		{Index: 2, Label: "a3", Reach: audit.Reach{Status: "VACUOUS", Why: audit.WhyDead}},
	}, Summary: audit.Summary{Facts: 3, Vacuous: 1, Weak: 1, Queries: 14}}
	rep.Audit = a
	res := &FactsResult{Report: rep, Audit: a, Annotated: rep.Annotate(p)}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		File      string `json:"file"`
		Facts     []map[string]any
		Summary   map[string]any
		Audit     *audit.Report
		Annotated string
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.File != "p.c" || len(got.Facts) != 3 || got.Annotated != string(res.Annotated) {
		t.Fatalf("json: %s", data)
	}
	pick := func(m map[string]any) map[string]any {
		out := map[string]any{}
		for _, k := range []string{"index", "status", "vacuous", "mutants", "rejected", "weak"} {
			if v, ok := m[k]; ok {
				out[k] = v
			}
		}
		return out
	}
	for i, want := range []map[string]any{
		{"index": 0.0, "status": "VERIFIED", "mutants": 5.0, "rejected": 3.0},
		{"index": 1.0, "status": "VERIFIED", "mutants": 6.0, "weak": true},
		{"index": 2.0, "status": "VERIFIED", "vacuous": audit.WhyDead},
	} {
		if g := pick(got.Facts[i]); !reflect.DeepEqual(g, want) {
			t.Errorf("facts[%d] = %v, want %v", i, g, want)
		}
	}
	if got.Summary["vacuous"] != 1.0 || got.Summary["weak"] != 1.0 || got.Summary["verified"] != 3.0 {
		t.Errorf("summary = %v", got.Summary)
	}
	if !reflect.DeepEqual(got.Audit, a) {
		t.Errorf("audit = %+v, want %+v", got.Audit, a)
	}

	// Without an audit the counts are zero and no fact carries findings.
	data, err = json.Marshal(&FactsResult{Report: &bmc.Report{File: "p.c", Facts: rep.Facts}})
	if err != nil {
		t.Fatal(err)
	}
	got.Facts, got.Summary, got.Audit = nil, nil, nil
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Audit != nil || got.Summary["vacuous"] != 0.0 || got.Summary["weak"] != 0.0 {
		t.Errorf("without an audit: %s", data)
	}
	for i, f := range got.Facts {
		if len(pick(f)) != 2 {
			t.Errorf("facts[%d] without an audit: %v", i, f)
		}
	}
}

// An engine picked by name takes the settings that apply to it: ESBMC the
// binary given, which here does not exist, so the engine is unavailable
// and the error names the path; without the setting it is found as usual.
func TestEnginesTakeTheirSettings(t *testing.T) {
	ctx := context.Background()
	if _, err := Engines(ctx, &EngineOptions{Names: []string{"esbmc"}}); err != nil {
		t.Skipf("needs ESBMC: %v", err)
	}
	_, err := Engines(ctx, &EngineOptions{Names: []string{"esbmc"}, ESBMC: "/nonexistent/esbmc"})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/esbmc") {
		t.Errorf("ESBMC at a path that does not exist: %v, want an error naming it", err)
	}
}
