package complete

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What a file assumes without proof is found wherever it stands, in
// included files too, and only a function's postcondition is global.
func TestUnproved(t *testing.T) {
	dir := t.TempDir()
	lib := "function Oracle(x: int): int\n  ensures false\n"
	if err := os.WriteFile(filepath.Join(dir, "lib.dfy"), []byte(lib), 0o644); err != nil {
		t.Fatal(err)
	}
	src := `include "lib.dfy"
predicate {:axiom} Ready(x: int)
  ensures Ready(x)
lemma Cheat(x: int) ensures x + 1 == x { assume false; }
method {:verify false} Inc(x: int) returns (r: int) ensures r == x + 1 { r := x; }
method NoBody(x: int) returns (r: int) ensures r > r
method NoContract(x: int) returns (r: int)
function Uninterpreted(x: int): int
method Fine(x: int) returns (r: int) ensures r == x { r := x; }
`
	path := filepath.Join(dir, "main.dfy")
	f, err := readDafny(context.Background(), path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range uncheckedIn(context.Background(), path, f) {
		s := u.String()
		if u.Global {
			s += " global"
		}
		got = append(got, strings.ReplaceAll(s, dir+string(filepath.Separator), ""))
	}
	want := []string{
		"{:axiom} on the predicate Ready (line 2) global",
		"an assume statement (line 4)",
		"{:verify false} on the method Inc (line 5)",
		"the body-less method NoBody with a postcondition (line 6)",
		"the body-less function Oracle with a postcondition (lib.dfy line 1) global",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// "decreases *" before a body is not a set display swallowing the body, and
// opaque functions are found in both spellings.
func TestReadDecreasesStarAndOpaque(t *testing.T) {
	src := `method Spin(x: int) returns (r: int)
  ensures r == x
  decreases *
{
  while true decreases * { }
}
method Loop(n: nat) returns (r: nat) ensures r == n
{
  r := 0;
  while r < n decreases * { r := r + 1; }
}
method Plain(x: int) returns (r: int) ensures r == x { r := x; }
function {:opaque} F(x: int): int { x }
opaque function G(x: int): int { x }
`
	f, err := readDafny(context.Background(), "d.dfy", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Decls) != 5 {
		t.Fatalf("%d decls", len(f.Decls))
	}
	for i, want := range []bool{true, true, false} {
		d := f.Decls[i]
		if !d.HasBody || d.DecreasesStar != want || len(d.Ensures) != 1 {
			t.Errorf("%s: body %v, decreases * %v, ensures %q", d.Name, d.HasBody, d.DecreasesStar, d.Ensures)
		}
	}
	if got := opaqueNames(f); strings.Join(got, ",") != "F,G" {
		t.Errorf("opaque %v", got)
	}
}
