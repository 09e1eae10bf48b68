// Binary search in a sorted sequence. With duplicates any index of the
// target is a correct answer: the plain contract is legitimately free, the
// loose relation states that freedom (found or not may not vary), and the
// leftmost variant pins the index down.
// want: Search UNDER
// want: SearchLoose OK
// want: SearchLeftmost OK
predicate Sorted(a: seq<int>)
{
  forall j, k :: 0 <= j < k < |a| ==> a[j] <= a[k]
}

method Search(a: seq<int>, x: int) returns (i: int)
  requires Sorted(a)
  ensures -1 <= i < |a|
  ensures 0 <= i ==> a[i] == x
  ensures i == -1 ==> x !in a
{
  var lo, hi := 0, |a|;
  while lo < hi
    invariant 0 <= lo <= hi <= |a|
    invariant forall k :: 0 <= k < lo ==> a[k] < x
    invariant forall k :: hi <= k < |a| ==> a[k] > x
  {
    var mid := (lo + hi) / 2;
    if a[mid] < x { lo := mid + 1; }
    else if a[mid] > x { hi := mid; }
    else { return mid; }
  }
  i := -1;
}

method {:loose "r1 >= 0 <==> r2 >= 0"} SearchLoose(a: seq<int>, x: int) returns (i: int)
  requires Sorted(a)
  ensures -1 <= i < |a|
  ensures 0 <= i ==> a[i] == x
  ensures i == -1 ==> x !in a
{
  i := Search(a, x);
}

method SearchLeftmost(a: seq<int>, x: int) returns (i: int)
  requires Sorted(a)
  ensures -1 <= i < |a|
  ensures 0 <= i ==> a[i] == x && forall k :: 0 <= k < i ==> a[k] < x
  ensures i == -1 ==> x !in a
{
  i := 0;
  while i < |a| && a[i] < x
    invariant 0 <= i <= |a|
    invariant forall k :: 0 <= k < i ==> a[k] < x
  {
    i := i + 1;
  }
  if i == |a| || a[i] != x { i := -1; }
}
