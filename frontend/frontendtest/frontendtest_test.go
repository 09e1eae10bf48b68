package frontendtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/frontend"
)

// recorder is a Testing that keeps the failures.
type recorder struct{ msgs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func TestRunGoodCasePasses(t *testing.T) {
	r := &recorder{}
	progs := Run(r, TestData(), toy, "good")
	if len(r.msgs) > 0 {
		t.Errorf("want no failures, got:\n%s", strings.Join(r.msgs, "\n"))
	}
	if len(progs) != 1 || progs[0] == nil || len(progs[0].Functions()) != 3 {
		t.Fatalf("Run returned %v, want one program with 3 functions", progs)
	}
}

func TestRunBadCaseReportsEachMismatch(t *testing.T) {
	r := &recorder{}
	Run(r, TestData(), toy, "bad")
	want := []string{
		`bad/a.toy:1: no func matching "main unexported"`,
		`bad/a.toy:1: no calls matching "main -> nothing"`,
		`bad/a.toy:1: unexpected func "main kind=function exported def"`,
		`bad/a.toy:2: no calls matching "main -> g"`,
		`bad/a.toy:2: no stmt matching "loop while f"; on this line: "simple call f"`,
		`bad/a.toy:2: unexpected calls "main -> f [direct]"`,
		`bad/a.toy:3: unexpected calls "main -> h [direct]"`,
		`bad/a.toy:4: no stmt matching "simple z"`,
		`bad/a.toy:4: unexpected calls "main -> assert [direct]"`,
		`bad/a.toy:4: unexpected spec "assert(assert): y"`,
		`bad/a.toy:5: unexpected syntax error: syntax error`,
		`bad/a.toy:6: no error matching "missing"`,
		`bad/a.toy:6: unexpected syntax error: syntax error`,
		`bad/a.toy:7: want: unknown key "frob"`,
		`bad/a.toy:7: no spec matching "assert: q"; on this line: nothing`,
		`bad/a.toy:8: no func matching "h def"`,
		`bad/a.toy:8: no sig matching "nope"`,
		`bad/a.toy:8: no params matching ""`,
		`bad/a.toy:8: no results matching ""`,
		`bad/a.toy:10: want: error: value is not a Go string literal`,
	}
	for _, w := range want {
		if !slices.ContainsFunc(r.msgs, func(m string) bool { return strings.Contains(m, w) }) {
			t.Errorf("missing failure %q", w)
		}
	}
	for _, m := range r.msgs {
		if !slices.ContainsFunc(want, func(w string) bool { return strings.Contains(m, w) }) {
			t.Errorf("unexpected failure %q", m)
		}
	}
}

func TestRunReportsBrokenSpans(t *testing.T) {
	r := &recorder{}
	Run(r, TestData(), toy, "spans")
	want := []string{
		"spans/a.toy: function main: call f: bytes [0,1) outside the enclosing [35,82)",
		"spans/a.toy: function main: call g: lines 99-99, its bytes [60,71) are on lines 4-4",
	}
	if !slices.Equal(r.msgs, want) {
		t.Errorf("got failures\n%s\nwant\n%s", strings.Join(r.msgs, "\n"), strings.Join(want, "\n"))
	}
}

func TestRunMissingCase(t *testing.T) {
	r := &recorder{}
	Run(r, TestData(), toy, "no-such-case")
	if len(r.msgs) != 1 || !strings.Contains(r.msgs[0], "case no-such-case") {
		t.Errorf("got %q, want one failure naming the case", r.msgs)
	}
}

func TestParseWants(t *testing.T) {
	src := []byte("x // want func:\"a b\" calls:`m -> f`  spec:\"assert: x\"\ny\n/* want error:\"e\" */ z // want stmt:\"return 1\"")
	ws, bad := parseWants("f", src)
	if len(bad) > 0 {
		t.Fatalf("problems: %q", bad)
	}
	var got []string
	for _, w := range ws {
		got = append(got, w.String())
	}
	want := []string{`f:1: func:"a b"`, `f:1: calls:"m -> f"`, `f:1: spec:"assert: x"`, `f:3: stmt:"return 1"`}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCheck(t *testing.T) {
	src := []byte("ab\ncd")
	good := frontend.Span{File: "f", StartByte: 3, EndByte: 5, StartLine: 2, EndLine: 2, StartCol: 1, EndCol: 3}
	cases := []struct {
		name string
		f    *frontend.File
		want string // substring of the one error; "" for none
	}{
		{"consistent", &frontend.File{Path: "f", Size: 5, Lines: 2,
			Functions: []*frontend.Function{{Name: "g", Span: good}}}, ""},
		{"size", &frontend.File{Path: "f", Size: 4, Lines: 2}, "Size is 4"},
		{"lines", &frontend.File{Path: "f", Size: 5, Lines: 1}, "Lines is 1"},
		{"past end", &frontend.File{Path: "f", Size: 5, Lines: 2,
			Errors: []frontend.SyntaxError{{Span: frontend.Span{File: "f", StartByte: 3, EndByte: 6, StartLine: 2, EndLine: 2}}}},
			"outside the file"},
		{"column", &frontend.File{Path: "f", Size: 5, Lines: 2,
			Functions: []*frontend.Function{{Name: "g", Span: frontend.Span{File: "f", StartByte: 3, EndByte: 5, StartLine: 2, EndLine: 2, StartCol: 2, EndCol: 3}}}},
			"columns 2-3"},
		{"no name", &frontend.File{Path: "f", Size: 5, Lines: 2,
			Functions: []*frontend.Function{{Span: good}}}, "has no name"},
		{"other file", &frontend.File{Path: "f", Size: 5, Lines: 2,
			Functions: []*frontend.Function{{Name: "g", Span: frontend.Span{File: "h", StartByte: 0, EndByte: 1, StartLine: 1, EndLine: 1}}}},
			`span file "h"`},
		{"stray spec", &frontend.File{Path: "f", Size: 5, Lines: 2,
			Functions: []*frontend.Function{{Name: "g", Span: good,
				Body: &frontend.Stmt{Span: good, Spec: &frontend.Spec{Expr: "x"}}}}},
			"not among the function's Specs"},
		{"stmt outside parent", &frontend.File{Path: "f", Size: 5, Lines: 2,
			Functions: []*frontend.Function{{Name: "g", Span: good,
				Body: &frontend.Stmt{Span: good, Body: []*frontend.Stmt{{Span: frontend.Span{File: "f", StartByte: 0, EndByte: 1, StartLine: 1, EndLine: 1}}}}}}},
			"outside the enclosing"},
	}
	for _, c := range cases {
		errs := Check(c.f, src)
		switch {
		case c.want == "" && len(errs) > 0:
			t.Errorf("%s: got %v, want none", c.name, errs)
		case c.want != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want)):
			t.Errorf("%s: got %v, want one error containing %q", c.name, errs, c.want)
		}
	}
}

func TestFuzzParse(t *testing.T) {
	r := &recorder{}
	FuzzParse(r, toy, "f.toy", []byte("fn main {\n  wrongline g\n}\n"))
	if len(r.msgs) != 3 || !strings.Contains(r.msgs[0], "lines 99-99") {
		t.Errorf("got %q, want the bad line reported once per mode", r.msgs)
	}
	r = &recorder{}
	FuzzParse(r, toy, "f.toy", []byte("fn main {\n  call g\n}\n"))
	FuzzParse(r, toy, "f.toy", []byte("\xff not utf-8"))
	if len(r.msgs) > 0 {
		t.Errorf("got %q, want no failures", r.msgs)
	}
}

func TestSeeds(t *testing.T) {
	seeds, err := Seeds(TestData(), toy)
	if err != nil {
		t.Fatal(err)
	}
	if len(seeds) != 3 || !strings.HasPrefix(string(seeds[0]), "fn main {") {
		t.Errorf("got %d seeds, want the 3 toy files in path order", len(seeds))
	}
}
