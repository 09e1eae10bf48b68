// Weak contracts whose other result is a reordering or another part of
// the input. Truth, read by hand: weak unless said.

// A "sort" that only keeps the elements: [1, 0] beside [0, 1].
method SortWeak(s: seq<int>) returns (r: seq<int>) // want "^UNDER: the contract accepts two different results$"
  ensures multiset(r) == multiset(s)
{
  r := s;
}

// A filter that may drop anything.
method Positives(s: seq<int>) returns (r: seq<int>) // want "^UNDER: the contract accepts two different results$"
  ensures forall x :: x in r ==> x in s && x > 0
{
  r := [];
  var i := 0;
  while i < |s|
    invariant 0 <= i <= |s|
    invariant forall x :: x in r ==> x in s && x > 0
  {
    if s[i] > 0 { r := r + [s[i]]; }
    i := i + 1;
  }
}

// Removing characters, said by membership only: "ab" and "ba".
method RemoveChar(s: string, c: char) returns (r: string) // want "^UNDER: the contract accepts two different results$"
  ensures forall x :: x in r <==> x in s && x != c
{
  r := "";
  var i := 0;
  while i < |s|
    invariant 0 <= i <= |s|
    invariant forall x :: x in r <==> x in s[..i] && x != c
  {
    if s[i] != c { r := r + [s[i]]; }
    i := i + 1;
  }
}

// Two indices whose values add up: (1, 0) beside (0, 1).
method TwoSum(nums: seq<int>, target: int) returns (i: int, j: int) // want "^UNDER: the contract accepts two different results$"
  requires exists a, b :: 0 <= a < b < |nums| && nums[a] + nums[b] == target
  ensures 0 <= i < |nums| && 0 <= j < |nums| && i != j && nums[i] + nums[j] == target
{
  i := 0;
  while i < |nums|
    invariant 0 <= i <= |nums|
    invariant forall a, b :: 0 <= a < i && a < b < |nums| ==> nums[a] + nums[b] != target
  {
    j := i + 1;
    while j < |nums|
      invariant i + 1 <= j <= |nums|
      invariant forall b :: i < b < j ==> nums[i] + nums[b] != target
    {
      if nums[i] + nums[j] == target { return; }
      j := j + 1;
    }
    i := i + 1;
  }
}

// A list of maximal length: [[1], [2]] has two.
method Longest(ls: seq<seq<int>>) returns (r: seq<int>) // want "^UNDER: the contract accepts two different results$"
  requires |ls| > 0
  ensures r in ls
  ensures forall l :: l in ls ==> |l| <= |r|
{
  r := ls[0];
  var i := 1;
  while i < |ls|
    invariant 1 <= i <= |ls|
    invariant r in ls
    invariant forall k :: 0 <= k < i ==> |ls[k]| <= |r|
  {
    if |ls[i]| > |r| { r := ls[i]; }
    i := i + 1;
  }
}

// The first index of an element: complete.
method IndexOf(a: seq<int>, key: int) returns (idx: int) // want "^OK: the contract determines a unique result"
  ensures -1 <= idx < |a|
  ensures idx == -1 ==> key !in a
  ensures idx >= 0 ==> a[idx] == key && forall j :: 0 <= j < idx ==> a[j] != key
{
  idx := 0;
  while idx < |a|
    invariant 0 <= idx <= |a|
    invariant forall j :: 0 <= j < idx ==> a[j] != key
  {
    if a[idx] == key { return; }
    idx := idx + 1;
  }
  idx := -1;
}

// Reverse, said element by element: complete.
method Reverse(s: seq<int>) returns (r: seq<int>) // want "^OK: the contract determines a unique result$"
  ensures |r| == |s|
  ensures forall i :: 0 <= i < |s| ==> r[i] == s[|s| - 1 - i]
{
  r := [];
  var i := |s|;
  while i > 0
    invariant 0 <= i <= |s|
    invariant |r| == |s| - i
    invariant forall k :: 0 <= k < |r| ==> r[k] == s[|s| - 1 - k]
  {
    i := i - 1;
    r := r + [s[i]];
  }
}
