package dafny_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/dafny"
)

func TestOutline(t *testing.T) {
	src := `include "lib.dfy"
// {:axiom} in a comment is not an attribute
datatype Op = Get(k: int) | Put(int, ghost v: seq<int>) | Clear
module M {
  codatatype Stream<T> = Cons(head: T, tail: Stream<T>)
}
predicate {:axiom} Ready(x: int)
  ensures Ready(x)
method {:loose "r1 >= 0 <==> r2 >= 0"} Find(s: string) returns (i: int)
  ensures s == "{:verify false}" ==> i == 0
{
  assume {:axiom} i == 0;
}
@Axiom
lemma L() ensures false
`
	o, err := dafny.ParseOutline(context.Background(), &frontend.Source{Path: "a.dfy", Content: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Errors) != 0 {
		t.Errorf("errors %v", o.Errors)
	}
	if len(o.Includes) != 1 || o.Includes[0].Path != "lib.dfy" || o.Includes[0].Span.StartLine != 1 {
		t.Errorf("includes %+v", o.Includes)
	}
	var dts []string
	for _, d := range o.Datatypes {
		dts = append(dts, fmt.Sprintf("%s.%s co=%v %v %+v", d.Module, d.Name, d.Co, d.TypeParams, d.Ctors))
	}
	want := []string{
		".Op co=false [] [{Name:Get Fields:[{Name:k Type:int}]} {Name:Put Fields:[{Name: Type:int} {Name:v Type:seq<int>}]} {Name:Clear Fields:[]}]",
		"M.Stream co=true [T] [{Name:Cons Fields:[{Name:head Type:T} {Name:tail Type:Stream<T>}]}]",
	}
	if strings.Join(dts, "\n") != strings.Join(want, "\n") {
		t.Errorf("datatypes\n%s\nwant\n%s", strings.Join(dts, "\n"), strings.Join(want, "\n"))
	}
	var attrs []string
	for _, a := range o.Attributes {
		attrs = append(attrs, fmt.Sprintf("%d %s %s %v", a.Span.StartLine, a.Name, a.Args, a.At))
	}
	wantA := []string{"7 axiom  false", `9 loose "r1 >= 0 <==> r2 >= 0" false`, "12 axiom  false", "14 Axiom  true"}
	if strings.Join(attrs, "\n") != strings.Join(wantA, "\n") {
		t.Errorf("attributes\n%s\nwant\n%s", strings.Join(attrs, "\n"), strings.Join(wantA, "\n"))
	}
}
