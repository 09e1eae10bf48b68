package complete

import (
	"context"
	"slices"
	"testing"
)

func TestSplitArgs(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"[3, 9, 11], 20", []string{"[3, 9, 11]", "20"}},
		{`"a,b", ',', (1, 2)`, []string{`"a,b"`, "','", "(1, 2)"}},
		{`"say \"x, y\"", -1`, []string{`"say \"x, y\""`, "-1"}},
	} {
		if got := splitArgs(c.in); !slices.Equal(got, c.want) {
			t.Errorf("splitArgs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTestCalls reads the calls a file's tests make with literal
// arguments: in Main, in a {:test} method, in one named Test...; not in
// other methods, and not with a variable argument.
func TestTestCalls(t *testing.T) {
	src := `datatype Shape = Circle(r: int) | Square(s: int)
method M(s: seq<int>, x: int, sh: Shape) returns (r: int)
  requires x > 100
{ r := x; }
method Main()
{
  var a := M([1, 2], 101, Circle(3));
  var y := 5;
  var b := M([1], y, Shape.Square(2));
}
method {:test} Check()
{
  var c := M("ab" + "c", 200, Square(-1));
}
method TestOne()
{
  var d := M([], -7, Circle(0));
}
method Other()
{
  var e := M([9], 999, Circle(9));
}
`
	f, err := readDafny(context.Background(), "t.dfy", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c := &checker{file: f, opts: &Options{}}
	var m *target
	for _, d := range f.Decls {
		if d.Name == "M" {
			m = &target{k: 0, d: d, params: make([]*dtype, len(d.Params))}
		}
	}
	got := c.testCalls([]*target{m})[0]
	want := [][]string{{"[1, 2]", "101", "Circle(3)"}, {`"ab" + "c"`, "200", "Square(-1)"}, {"[]", "-7", "Circle(0)"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("testCalls = %q, want %q", got, want)
	}
}
