package complete

import (
	"context"
	"errors"
	"strings"
	"testing"
)

const dafny4 = `ghost predicate Sorted(s: seq<int>) {
  forall i, j :: 0 <= i < j < |s| ==> s[i] <= s[j]
}
function Twice(x: int): int { 2 * x }
predicate Pos(x: int) { x > 0 }
least predicate Even(n: nat) { n == 0 || (n >= 2 && Even(n - 2)) }
opaque function Secret(x: int): int { x + 1 }
method Fill(n: nat) returns (s: seq<int>)
  ensures |s| == n
{
  s := [];
  for i := 0 to n
    invariant |s| == i
  {
    s := s + [Twice(i)];
  }
  for k := n downto 0 {
    reveal Secret;
  }
}
`

func TestLower(t *testing.T) {
	if !needsLowering([]byte(dafny4), Legacy) || needsLowering([]byte(dafny4), Modern) {
		t.Fatal("needsLowering")
	}
	if needsLowering([]byte("function method F(): int { 1 }\nghost predicate P() { true }\n"), Legacy) {
		t.Error("a Dafny 3 file is lowered")
	}
	f, err := readDafny(context.Background(), "a.dfy", []byte(dafny4))
	if err != nil {
		t.Fatal(err)
	}
	out, notes, err := lower([]byte(dafny4), f)
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	if strings.Count(got, "\n") != strings.Count(dafny4, "\n") {
		t.Errorf("lines moved:\n%s", got)
	}
	for _, want := range []string{
		"      predicate Sorted",
		"function method Twice",
		"predicate method Pos",
		"inductive predicate Even",
		"function method {:opaque} Secret",
		"{ var i := 0; while i < n invariant 0 <= i <= n \ninvariant |s| == i\n  {",
		"s := s + [Twice(i)];\n  i := i + 1; } }",
		"{ var k := n; while k > 0 invariant 0 <= k <= n { k := k - 1;",
		"reveal Secret();",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lowered file lacks %q:\n%s", want, got)
		}
	}
	if len(notes) < 6 {
		t.Errorf("notes %v", notes)
	}
	_, _, err = lower([]byte("method M() {\n  for i := 0 to * {\n  }\n}\n"), &dfyFile{})
	if !errors.Is(err, ErrDialect) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v, want ErrDialect naming line 2", err)
	}
	_, _, err = lower([]byte("method M() {\n  for i := 0 to 3 {\n    continue;\n  }\n}\n"), &dfyFile{})
	if !errors.Is(err, ErrDialect) || !strings.Contains(err.Error(), "line 2: a for loop whose body has a continue") {
		t.Errorf("err = %v, want ErrDialect naming the continue's loop", err)
	}
}
