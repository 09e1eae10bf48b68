package dafny_test

import (
	"testing"

	"github.com/suretydev/surety/frontend/dafny"
	"github.com/suretydev/surety/frontend/frontendtest"
)

// FuzzParse checks that no input makes the Dafny frontend panic or produce
// a model that breaks its invariants (spans inside the file, lines agreeing
// with bytes, calls, specs and statements inside their function). Without
// -fuzz it runs over the seeds: the testdata cases and the inputs below.
//
//	go test -fuzz=FuzzParse ./frontend/dafny/
func FuzzParse(f *testing.F) {
	seeds, err := frontendtest.Seeds(frontendtest.TestData(), dafny.Dafny)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Add([]byte("method M(x: int) returns (y: int)\n  requires x > 0\n  ensures y == x\n{ y := x; }\n"))
	f.Add([]byte("module A { class C { var f: int method m() modifies this { f := 1; } } }"))
	f.Add([]byte("function F(n: nat): nat decreases n { if n == 0 then 0 else F(n - 1) }"))
	f.Add([]byte("lemma L() ensures true { assert 1 + 1 == 2; calc { 1; == 1; } }"))
	f.Add([]byte("method M() { while true invariant true decreases * { } forall i | 0 <= i < 3 { } }"))
	f.Add([]byte("datatype D = A | B(x: int) { predicate P() { this.A? } }"))
	f.Add([]byte("method { requires ensures } }} function method ( :"))
	f.Add([]byte("method M(a: array<int>) requires a.Length > 0 && \u00e9 { var x :| x in a[..]; :- expect false; }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		frontendtest.FuzzParse(t, dafny.Dafny, "fuzz.dfy", src)
	})
}
