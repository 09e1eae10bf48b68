// Contracts stated through recursive predicates: complete, but the plain
// uniqueness lemma cannot show it (the two results agree on their first
// elements; that the rest agree is the same question on a smaller input).
// The checker proves them by induction, the lemma calling itself on the
// smaller input. Truth by hand in each want comment.

// Complete: r is s with x before each element, by induction on s (the
// results go with s[1..] without their first two elements).
predicate Interleave(s: seq<int>, x: int, r: seq<int>)
{
  if |s| == 0 then r == [] else |r| >= 2 && r[0] == x && r[1] == s[0] && Interleave(s[1..], x, r[2..])
}

method InsertBeforeEach(s: seq<int>, x: int) returns (r: seq<int>) // want "^OK: the contract determines a unique result \(uniqueness proved by induction on s\)$"
  ensures Interleave(s, x, r)
{
  if |s| == 0 { return []; }
  var t := InsertBeforeEach(s[1..], x);
  r := [x, s[0]] + t;
}

// Weak: the element after each x is left free; induction proves nothing
// here, and a witness is found (s = [0], x = 0: [0, 0] and [0, 1]).
predicate InterleaveWeak(s: seq<int>, x: int, r: seq<int>)
{
  if |s| == 0 then r == [] else |r| >= 2 && r[0] == x && InterleaveWeak(s[1..], x, r[2..])
}

method InsertBeforeEachWeak(s: seq<int>, x: int) returns (r: seq<int>) // want "^UNDER: the contract accepts two different results$"
  ensures InterleaveWeak(s, x, r)
{
  if |s| == 0 { return []; }
  var t := InsertBeforeEachWeak(s[1..], x);
  r := [x, s[0]] + t;
}

// The step of an insertion sort. Complete: where x goes in a sorted
// sequence is fixed, by induction on s.
predicate Sorted(s: seq<int>)
{
  forall i, j :: 0 <= i < j < |s| ==> s[i] <= s[j]
}

predicate IsInsertion(x: int, s: seq<int>, r: seq<int>)
{
  if |s| == 0 then r == [x]
  else if x <= s[0] then r == [x] + s
  else |r| >= 1 && r[0] == s[0] && IsInsertion(x, s[1..], r[1..])
}

method InsertSorted(x: int, s: seq<int>) returns (r: seq<int>) // want "^OK: the contract determines a unique result \(uniqueness proved by induction on s\)$"
  requires Sorted(s)
  ensures IsInsertion(x, s, r)
{
  if |s| == 0 { return [x]; }
  if x <= s[0] { return [x] + s; }
  var t := InsertSorted(x, s[1..]);
  r := [s[0]] + t;
}

// Complete: 0, 1, ..., n - 1, by induction on the nat n (the results go
// with n - 1 without their last element).
predicate IsRange(n: nat, r: seq<int>)
{
  if n == 0 then r == [] else |r| >= 1 && r[|r| - 1] == n - 1 && IsRange(n - 1, r[..|r| - 1])
}

method Range(n: nat) returns (r: seq<int>) // want "^OK: the contract determines a unique result \(uniqueness proved by induction on n\)$"
  ensures IsRange(n, r)
{
  r := [];
  var i := 0;
  while i < n
    invariant 0 <= i <= n && IsRange(i, r)
  {
    assert (r + [i])[..|r + [i]| - 1] == r;
    r := r + [i];
    i := i + 1;
  }
}

// Complete without induction: the plain lemma proves it, and no
// induction is named.
method Double(s: seq<int>) returns (r: seq<int>) // want "^OK: the contract determines a unique result$"
  ensures |r| == |s| && forall i :: 0 <= i < |s| ==> r[i] == 2 * s[i]
{
  r := [];
  var i := 0;
  while i < |s|
    invariant 0 <= i <= |s| && |r| == i && forall k :: 0 <= k < i ==> r[k] == 2 * s[k]
  {
    r := r + [2 * s[i]];
    i := i + 1;
  }
}
