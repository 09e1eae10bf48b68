package bmc

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestAnnotate(t *testing.T) {
	p, err := ParseProgram("s.c", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	// a1 x>=0: not a fact; a2: VERIFIED complete; a3, a4 on one line:
	// C-VERIFIED on a1 and VERIFIED; a5: FALSIFIED.
	rep := &Report{File: "s.c", K: 5, Order: []int{0, 1, 2, 3, 4}, Facts: []Fact{
		{Assertion: p.Asserts[0], Status: VerdictUnknown, Deps: []int{0}},
		{Assertion: p.Asserts[1], Status: VerdictVerified, BoundComplete: true, IG: []int{}, Deps: []int{}},
		{Assertion: p.Asserts[2], Status: VerdictCVerified, IG: []int{0, 1}, Deps: []int{0}},
		{Assertion: p.Asserts[3], Status: VerdictVerified, IG: []int{}, Deps: []int{}},
		{Assertion: p.Asserts[4], Status: VerdictFalsified, Deps: []int{4}},
	}}
	got := string(rep.Annotate(p))
	// Trailing comments: a fact keeps it, a dropped assertion takes it along.
	p2, err := ParseProgram("c.c", []byte("int f(int x) {\n    assert(x > 0); /* pre */\n    assert(x < 9); // bound\n    return x;\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep2 := &Report{K: 3, Facts: []Fact{
		{Assertion: p2.Asserts[0], Status: VerdictVerified},
		{Assertion: p2.Asserts[1], Status: VerdictFalsified},
	}}
	if got, want := string(rep2.Annotate(p2)), "int f(int x) {\n    //FACT[k=3]: x > 0  /* pre */\n    return x;\n}\n"; got != want {
		t.Errorf("Annotate with comments:\n%s\nwant:\n%s", got, want)
	}
	want := `#include <assert.h>

int twice(int x) {
    int y = x + x;
    //FACT[k=5, complete]: y >= x && y % 2 == 0
    return y;
}

int main(void) {
    int a = 3;
    int b = twice(a);
    //FACT[k=5, cond: a1]: b == 6
    //FACT[k=5]: b > 0
    return 0;
}
`
	if got != want {
		t.Errorf("Annotate:\n%s\nwant:\n%s", got, want)
	}
	// The annotated program has no assertions left and parses.
	q, err := ParseProgram("facts.c", []byte(got))
	if err != nil || len(q.Asserts) != 0 {
		t.Errorf("annotated program: %v, %d assertions", err, len(q.Asserts))
	}
}

func TestWriteText(t *testing.T) {
	p := syntheticProgram(3)
	w := &world{n: 3, exec: [][]bool{{true, true, true}, {true, false, false}}}
	rep, err := VerifyAll(context.Background(), p, &oracle{w: w}, &Options{Order: []int{0, 1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"a1   synthetic.c:4 (main, line 2) VERIFIED",
		"a2   synthetic.c:5 (main, line 2) FALSIFIED",
		"a3   synthetic.c:6 (main, line 2) C-VERIFIED deps a2 bounded: k=5 executions only",
		"synthetic.c: 3 assertions, 1 VERIFIED, 1 C-VERIFIED, 1 unverified (1 FALSIFIED, 0 UNKNOWN)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
}

// stubAudit is a bmc.Audit of fixed answers, by assertion index.
type stubAudit struct {
	vacuous map[int]string
	mutants map[int][3]int // decided, rejected, weak (1)
}

func (s stubAudit) Vacuous(i int) string { return s.vacuous[i] }

func (s stubAudit) Mutants(i int) (int, int, bool) {
	m := s.mutants[i]
	return m[0], m[1], m[2] == 1
}

// TestAuditPrinted: with a report's Audit set, a vacuous fact loses its
// tag (and its line in the annotated program), a weak one is marked in
// the tag and the text, the text counts both, and Fact.FactTag, which
// knows no audit, stays as it was.
func TestAuditPrinted(t *testing.T) {
	p, err := ParseProgram("s.c", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	rep := &Report{File: "s.c", K: 5, Order: []int{0, 1, 2, 3, 4}, Facts: []Fact{
		{Assertion: p.Asserts[0], Status: VerdictUnknown, Deps: []int{0}},
		{Assertion: p.Asserts[1], Status: VerdictVerified, BoundComplete: true, IG: []int{}, Deps: []int{}},
		{Assertion: p.Asserts[2], Status: VerdictCVerified, IG: []int{0, 1}, Deps: []int{0}},
		{Assertion: p.Asserts[3], Status: VerdictVerified, IG: []int{}, Deps: []int{}},
		{Assertion: p.Asserts[4], Status: VerdictFalsified, Deps: []int{4}},
	}, Summary: Summary{Assertions: 5, Verified: 2, CVerified: 1, Unverified: 2, Falsified: 1, Unknown: 1}}
	rep.Audit = stubAudit{
		vacuous: map[int]string{3: "unreachable code"},
		mutants: map[int][3]int{1: {6, 0, 1}, 2: {4, 3, 0}},
	}
	for i, want := range []string{"", "//FACT[k=5, complete, weak]", "//FACT[k=5, cond: a1]", "", ""} {
		if got := rep.FactTag(i); got != want {
			t.Errorf("Report.FactTag(%d) = %q, want %q", i, got, want)
		}
	}
	if got, want := rep.Facts[3].FactTag(5), "//FACT[k=5]"; got != want {
		t.Errorf("Fact.FactTag of the vacuous fact = %q, want %q (no audit)", got, want)
	}
	annotated := string(rep.Annotate(p))
	if !strings.Contains(annotated, "//FACT[k=5, complete, weak]: y >= x") || strings.Contains(annotated, "b > 0") {
		t.Errorf("annotated program:\n%s", annotated)
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"VERIFIED   rejects 0/6 mutants (weak) bound complete",
		"C-VERIFIED deps a1 rejects 3/4 mutants bounded",
		"VERIFIED   VACUOUS (unreachable code) bounded",
		"\nfacts: 2, vacuous: 1, weak: 1, reused from the cache: 0\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
}

func TestLabels(t *testing.T) {
	for _, c := range []struct {
		idx  []int
		want string
	}{{nil, "none"}, {[]int{}, "none"}, {[]int{0}, "a1"}, {[]int{1, 4}, "a2,a5"}} {
		if got := Labels(c.idx); got != c.want {
			t.Errorf("Labels(%v) = %q, want %q", c.idx, got, c.want)
		}
	}
}
