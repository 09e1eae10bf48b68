// An existential postcondition Dafny 2.3 does not instantiate on a
// concrete value (issue 35).
//
// Truth: complete: the maximum of a non-empty sequence is unique, and
// Dafny proves that. But "exists i :: s[i] == m" is not proved on a
// concrete s and m without a hint, so the sampled results cannot be shown
// to meet the contract; the checker's lemmas on concrete values assert
// each element (a proof step), which lets Dafny find the index: OK.
//
// Twice's second clause, an existential over the integers, is not proved
// on a concrete value even so (x = 1, r = 2). The samples need not be: the
// file verifies with nothing assumed and Twice terminates, so on every
// input meeting the precondition the contract accepts what Twice returns.
// OK, with the cross-check that fell short reported.
predicate IsMax(s: seq<int>, m: int)
{
  (exists i :: 0 <= i < |s| && s[i] == m) && forall i :: 0 <= i < |s| ==> s[i] <= m
}

method Max(s: seq<int>) returns (m: int) // want "^OK: the contract determines a unique result$"
  requires |s| > 0
  ensures IsMax(s, m)
{
  m := s[0];
  var k := 1;
  while k < |s|
    invariant 1 <= k <= |s|
    invariant exists i :: 0 <= i < k && s[i] == m
    invariant forall i :: 0 <= i < k ==> s[i] <= m
  {
    if s[k] > m { m := s[k]; }
    k := k + 1;
  }
}

method Twice(x: nat) returns (r: nat) // want "^OK: the contract determines a unique result \(proved by the verified, terminating body; cross-check: Dafny did not prove that the contract accepts what the method returned on input x=1"
  requires x > 0
  ensures r == 2 * x
  ensures exists k :: 0 <= k && r == k + k
{
  r := x + x;
  assert r == x + x;
}
