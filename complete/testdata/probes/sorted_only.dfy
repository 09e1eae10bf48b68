// The weak half of sort3.dfy: only "sorted" is asked.
//
// Truth: under-specified. For input 0, 0, 0 the method returns [0, 0, 0],
// and [] is sorted too (so are [0, 0] and [0, 0, 0, 0]). A witness exists
// and must survive being verified again alone.
predicate Sorted(s: seq<int>)
{
  forall i, j :: 0 <= i < j < |s| ==> s[i] <= s[j]
}

method SortWeak(a: int, b: int, c: int) returns (r: seq<int>) // want "^UNDER: the contract accepts two different results$"
  ensures Sorted(r)
{
  if a <= b && b <= c { r := [a, b, c]; }
  else if a <= c && c <= b { r := [a, c, b]; }
  else if b <= a && a <= c { r := [b, a, c]; }
  else if b <= c && c <= a { r := [b, c, a]; }
  else if c <= a && a <= b { r := [c, a, b]; }
  else { r := [c, b, a]; }
}
