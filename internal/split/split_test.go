package split_test

import (
	"slices"
	"testing"

	"github.com/suretydev/surety/internal/split"
)

func TestSplit(t *testing.T) {
	call := split.Commas{Open: "([{", Close: ")]}", Literals: true, Stop: true}
	list := split.Commas{Open: "([{", Close: ")]}", Literals: true, Trim: true}
	types := split.Commas{Open: "(<[", Close: ")>]", Trim: true}
	for _, c := range []struct {
		c    split.Commas
		s    string
		want []string
	}{
		{call, `fmt, f(a, b), "x,\")", 'c') ; rest, more`, []string{"fmt", " f(a, b)", ` "x,\")"`, " 'c'"}},
		{call, "", []string{""}},
		{call, "a, b", []string{"a", " b"}},
		{list, ` x , [1, 2], "a,b" `, []string{"x", "[1, 2]", `"a,b"`}},
		{list, "a), b", []string{"a), b"}}, // the ")" is passed over, and the comma after it is not top-level
		{types, "int, map<int, seq<bool>>, (int, int)", []string{"int", "map<int, seq<bool>>", "(int, int)"}},
		{types, `"a,b"`, []string{`"a`, `b"`}},
		{split.Commas{}, "a(,)b", []string{"a(", ")b"}},
	} {
		if got := c.c.Split(c.s); !slices.Equal(got, c.want) {
			t.Errorf("%+v.Split(%q) = %q, want %q", c.c, c.s, got, c.want)
		}
	}
}
