method Find(a: seq<int>, x: int) returns (i: int)
  requires forall j, k :: 0 <= j < k < |a| ==> a[j] <= a[k] // want spec:"requires: forall j, k :: 0 <= j < k < |a| ==> a[j] <= a[k]"
  ensures -1 <= i < |a| // want spec:"ensures: -1 <= i < |a|"
  ensures 0 <= i ==> a[i] == x // want spec:"ensures: 0 <= i ==> a[i] == x"
  decreases * // want spec:"decreases: *"
{
  i := 0;
  while i < |a| && a[i] != x // want stmt:"loop while i < |a| && a[i] != x"
    invariant 0 <= i <= |a| // want spec:"invariant: 0 <= i <= |a|"
    decreases |a| - i // want spec:"decreases: |a| - i"
  {
    i := i + 1;
  }
  assert i <= |a|; // want spec:"assert: i <= |a|" stmt:"simple assert i <= |a|; [spec]"
  assume {:axiom} x > 0; // want spec:"assume: x > 0" stmt:"simple assume {:axiom} x > 0; [spec]"
  if i == |a| {
    i := -1;
  }
}

function Fact(n: nat): nat
  requires n < 100 // want spec:"requires: n < 100"
  ensures Fact(n) >= 1 // want spec:"ensures: Fact(n) >= 1" calls:"Fact -> Fact [direct]"
  reads {} // want spec:"reads: {}"
{
  if n == 0 then 1 else n * Fact(n - 1) // want calls:"Fact -> Fact [direct]"
}

lemma FactPos(n: nat)
  requires n < 100
  ensures Fact(n) > 0
{
  calc {
    Fact(n) > 0;
    { assert Fact(n) >= 1; }
    true;
  }
  assert forall k :: 0 <= k < n ==> k < 100 by { } // want spec:"assert: forall k :: 0 <= k < n ==> k < 100" stmt:"simple assert forall k :: 0 <= k < n ==> k < 100 by { }"
}
