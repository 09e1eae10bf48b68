// Issue 16, case 7: a sorted permutation of three ints.
//
// Truth: the contract is complete. A sorted sequence is determined by its
// multiset (two sorted sequences with the same elements agree position by
// position), so for each a, b, c exactly one r is accepted. Proving that
// needs induction Dafny does not find alone, so the uniqueness lemma fails
// and no witness can exist: the only honest answer is INCONCLUSIVE. The
// old checker printed [UNDER] with r = [0, 0, -1] for input 0, 0, 0, which
// is neither sorted nor a permutation: its batched witness lemma's clauses
// were read one by one, and Dafny had stopped reporting failed clauses.
predicate Sorted(s: seq<int>)
{
  forall i, j :: 0 <= i < j < |s| ==> s[i] <= s[j]
}

method Sort3(a: int, b: int, c: int) returns (r: seq<int>) // want "^INCONCLUSIVE: uniqueness not proved; no witness"
  ensures Sorted(r)
  ensures multiset(r) == multiset([a, b, c])
{
  if a <= b && b <= c { r := [a, b, c]; }
  else if a <= c && c <= b { r := [a, c, b]; }
  else if b <= a && a <= c { r := [b, a, c]; }
  else if b <= c && c <= a { r := [b, c, a]; }
  else if c <= a && a <= b { r := [c, a, b]; }
  else { r := [c, b, a]; }
}
