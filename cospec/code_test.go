package cospec

import (
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

func parse(t *testing.T, src string) *bmc.Program {
	t.Helper()
	p, err := bmc.ParseProgram("p.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

const p0 = `#include <stdio.h>
#define MAX 4
/* clamp v into [0, MAX] */
int clamp(int v) {
    int r = v;
    if (r < 0) r = 0;
    if (r > MAX) r = MAX;
    return r;
}
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    return clamp(n);
}
`

func TestOnlyAssertionsAdded(t *testing.T) {
	orig := parse(t, p0)
	cases := []struct {
		name, src, want string // want: "" accepted, else a substring of the problem
	}{
		{"assertions, include, helper and comments", `#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#define MAX 4
static bool in_range(int x) { return x >= 0 && x <= MAX; }
int clamp(int v) {
    int r = v;   // the result
    if (r < 0) r = 0;
    if (r > MAX)
        r = MAX;
    assert(in_range(r));
    return r;
}
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    assert(n == n + 0 || 1);
    return clamp(n);
}
`, ""},
		{"changed expression", strings.Replace(strings.Replace(p0, "if (r < 0) r = 0;", "if (r <= 0) r = 0;\n    assert(r >= 0);", 1), "#include <stdio.h>", "#include <assert.h>\n#include <stdio.h>", 1), `line 7: code was changed: "<= 0 ) r = 0 ;`},
		{"deleted statement", strings.Replace(p0, "    if (r > MAX) r = MAX;\n", "    assert(r >= 0);\n", 1), "code was changed"},
		{"added statement", strings.Replace(p0, "    return r;\n", "    assert(r >= 0);\n    r = r + 0;\n    return r;\n", 1), `code was changed: "r = r + 0 ;`},
		{"unbraced body", strings.Replace(p0, "if (r < 0) r = 0;", "if (r < 0) assert(r < 0); r = 0;", 1), "unbraced body"},
		{"helper called by code", strings.Replace(strings.Replace(p0, "int clamp(int v) {", "int twice(int x) { return 2 * x; }\nint clamp(int v) {", 1), "return clamp(n);", "assert(n >= 0);\n    return clamp(twice(n));", 1), "calls the new function twice"},
		{"truncated", strings.Replace(p0, "    return clamp(n);\n}\n", "    assert(n >= 0);\n}\n", 1), "code was changed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := onlyAssertionsAdded(orig, parse(t, c.src))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("rejected: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("accepted, want %q", c.want)
			case c.want != "" && !strings.Contains(err.Error(), c.want):
				t.Fatalf("got %q, want %q", err, c.want)
			}
		})
	}
}

func TestExtractC(t *testing.T) {
	got, err := extractC("Here:\n```json\n{}\n```\n```c\nint main(void) { return 0; }\n```\nDone.")
	if err != nil || got != "int main(void) { return 0; }\n" {
		t.Fatalf("got %q, %v", got, err)
	}
	if _, err := extractC("int main(void) { return 0; }"); err == nil {
		t.Fatal("a reply without a fence was taken")
	}
}

func TestApplyReductions(t *testing.T) {
	src := []byte("#define MAX_N 100\n#define  MAX_LEN (1024) // chars\n#define NAME \"x\"\nint a[MAX_N];\n")
	defs := integerDefines(src)
	if len(defs) != 2 || defs[0].Name != "MAX_N" || defs[0].Value != 100 || defs[1].Name != "MAX_LEN" || defs[1].Value != 1024 || defs[1].Line != 2 {
		t.Fatalf("defines: %+v", defs)
	}
	out, err := applyReductions(src, []Reduction{{Name: "MAX_LEN", To: 5}, {Name: "MAX_N", To: 3}})
	if err != nil || string(out) != "#define MAX_N 3\n#define  MAX_LEN (5) // chars\n#define NAME \"x\"\nint a[MAX_N];\n" {
		t.Fatalf("got %q, %v", out, err)
	}
	for _, bad := range []struct {
		r    Reduction
		want string
	}{
		{Reduction{Name: "MAX_N", To: 200}, "only be lowered"},
		{Reduction{Name: "NAME", To: 1}, "not an integer #define"},
		{Reduction{Name: "MAX_N", To: 0}, "at least 1"},
	} {
		if _, err := applyReductions(src, []Reduction{bad.r}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: got %v, want %q", bad.r, err, bad.want)
		}
	}
}

func TestCheckSentence(t *testing.T) {
	pred := "n >= 1 && n <= MAX_N"
	if err := checkSentence("a1", pred, "At this point in the program, n is between 1 and MAX_N."); err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]string{
		"At this point in the program, n is between 1 and 100.":     "says 100",
		"n is between 1 and MAX_N.":                                 "must begin",
		"At this point in the program, n is at least 1\nand small.": "one line",
	} {
		if err := checkSentence("a1", pred, s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", s, err, want)
		}
	}
}
