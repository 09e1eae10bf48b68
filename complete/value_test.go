package complete

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// The declarations, contracts, loose relations and datatypes the checker
// needs, read through frontend/dafny.
func TestReadDafny(t *testing.T) {
	src := `include "lib.dfy"
datatype Op = Get(k: int) | Put(int, int) | Clear
// surety:loose (r1, r2) => r1 >= 0 <==> r2 >= 0
method Find(a: seq<int>, x: int) returns (i: int)
  requires forall j, k :: 0 <= j < k < |a| ==> a[j] <= a[k]
  ensures i < 0 ==> x !in a
  ensures 0 <= i ==> i < |a| && a[i] == x
{
  i := -1;
}
function method Sq(x: int): int
  ensures Sq(x) >= 0
{ x * x }
method {:loose "r1.0 == r2.0"} Two(s: string) returns (n: nat, ok: bool)
  ensures ok ==> n == |s|
class C { method M() returns (r: int) ensures r == 1 { r := 1; } }
`
	f, err := readDafny(context.Background(), "a.dfy", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Decls) != 4 {
		t.Fatalf("got %d decls, want 4: %+v", len(f.Decls), f.Decls)
	}
	find := f.Decls[0]
	if find.Name != "Find" || find.Line != 4 || len(find.Requires) != 1 || len(find.Ensures) != 2 ||
		find.Loose != "r1 >= 0 <==> r2 >= 0" || find.Results[0] != (param{"i", "int"}) || find.Params[0] != (param{"a", "seq<int>"}) {
		t.Errorf("Find: %+v", find)
	}
	if find.Ensures[1] != "0 <= i ==> i < |a| && a[i] == x" {
		t.Errorf("ensures %q", find.Ensures[1])
	}
	sq := f.Decls[1]
	if sq.Kind != "function method" || sq.Results[0].Type != "int" || sq.Results[0].Name != "" || !sq.HasBody {
		t.Errorf("Sq: %+v", sq)
	}
	two := f.Decls[2]
	if two.Loose != "r1.0 == r2.0" || len(two.Results) != 2 || two.Results[1].Type != "bool" {
		t.Errorf("Two: %+v", two)
	}
	if f.Decls[3].Container != "C" {
		t.Errorf("M container %q", f.Decls[3].Container)
	}
	op := f.Datatypes["Op"]
	if op == nil || len(op.Ctors) != 3 || len(op.Ctors[1].Fields) != 2 || op.Ctors[2].Name != "Clear" {
		t.Errorf("Op: %+v", op)
	}
}

// A syntax error frontend/dafny meets is listed, not fatal: Dafny has the
// last word on syntax.
func TestReadDafnySyntaxError(t *testing.T) {
	f, err := readDafny(context.Background(), "b.dfy", []byte("method M() returns (r: int)\n/* never closed\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Errors) == 0 || !strings.HasPrefix(f.Errors[0], "line ") {
		t.Errorf("errors %q, want one naming its line", f.Errors)
	}
}

// Every candidate value printed the printer's way reads back to itself.
func TestValueRoundTrip(t *testing.T) {
	f, err := readDafny(context.Background(), "t.dfy", []byte("datatype T = Leaf | Node(l: T, v: int, s: string)\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ty := range []string{"int", "nat", "bool", "char", "string", "seq<int>", "seq<(int, bool)>", "(char, seq<string>)", "T", "seq<T>"} {
		dt, err := parseType(ty, f.Datatypes)
		if err != nil {
			t.Fatalf("%s: %v", ty, err)
		}
		vs := candidates(dt, 20, 0)
		if len(vs) == 0 {
			t.Fatalf("%s: no candidates", ty)
		}
		for _, v := range append(vs, neighbours(vs[len(vs)-1])...) {
			toks := strings.Fields(printed(v))
			back, rest, err := parseValue(dt, toks)
			if err != nil || len(rest) != 0 || back.literal() != v.literal() {
				t.Errorf("%s: %s printed %q read back %s, %v", ty, v.literal(), printed(v), back.literal(), err)
			}
		}
	}
	if _, err := parseType("map<int, int>", nil); err == nil {
		t.Error("map accepted")
	}
}

// printed is what the generated Dafny printer writes for v.
func printed(v value) string {
	switch v.t.kind {
	case tInt, tNat:
		return strconv.FormatInt(v.i, 10) + " "
	case tBool:
		if v.b {
			return "T "
		}
		return "F "
	case tChar:
		return strconv.Itoa(int(v.c)) + " "
	case tString, tSeq:
		s := "[ "
		for _, e := range v.elems {
			s += printed(e)
		}
		return s + "] "
	case tTuple:
		s := "( "
		for _, e := range v.elems {
			s += printed(e)
		}
		return s + ") "
	case tData:
		s := v.t.data.Ctors[v.ctor].Name + " ( "
		for _, e := range v.elems {
			s += printed(e)
		}
		return s + ") "
	}
	return "?"
}

func TestNeighbours(t *testing.T) {
	st, _ := parseType("string", nil)
	ns := neighbours(stringValue(st, "0"))
	got := map[string]bool{}
	for _, n := range ns {
		got[n.literal()] = true
	}
	for _, want := range []string{`""`, `"1"`, `"00"`, `"/"`} {
		if !got[want] {
			t.Errorf("neighbours of \"0\" lack %s: %v", want, got)
		}
	}
	if got[`"0"`] {
		t.Error("neighbours include the value itself")
	}
	nt, _ := parseType("nat", nil)
	for _, n := range neighbours(value{t: nt, i: 0}) {
		if n.i < 0 {
			t.Errorf("nat neighbour %d", n.i)
		}
	}
}
