// Contracts stated through a recursive model, and an existential a sample
// cannot be shown to meet.

function Fib(n: nat): nat
{
  if n < 2 then n else Fib(n - 1) + Fib(n - 2)
}

// Complete (the second-program trap: complete, whether right or not).
method ComputeFib(n: nat) returns (r: nat) // want "^OK: the contract determines a unique result$"
  ensures r == Fib(n)
{
  var a, b := 0, 1;
  var i := 0;
  while i < n
    invariant 0 <= i <= n
    invariant a == Fib(i) && b == Fib(i + 1)
  {
    a, b := b, a + b;
    i := i + 1;
  }
  r := a;
}

function SumTo(s: seq<int>): int
{
  if |s| == 0 then 0 else SumTo(s[..|s| - 1]) + s[|s| - 1]
}

// Complete.
method Sum(s: seq<int>) returns (r: int) // want "^OK: the contract determines a unique result$"
  ensures r == SumTo(s)
{
  r := 0;
  var i := 0;
  while i < |s|
    invariant 0 <= i <= |s|
    invariant r == SumTo(s[..i])
  {
    assert s[..i + 1][..i] == s[..i];
    r := r + s[i];
    i := i + 1;
  }
  assert s[..|s|] == s;
}

// Weak: the sum's parity only.
method SumParity(s: seq<int>) returns (r: int) // want "^UNDER: the contract accepts two different results$"
  ensures r % 2 == SumTo(s) % 2
{
  r := 0;
  var i := 0;
  while i < |s|
    invariant 0 <= i <= |s|
    invariant r == SumTo(s[..i])
  {
    assert s[..i + 1][..i] == s[..i];
    r := r + s[i];
    i := i + 1;
  }
  assert s[..|s|] == s;
}

// Complete, with an existential over the integers that Dafny does not
// prove on concrete values: the verified, terminating body is the
// evidence.
method Twice(x: nat) returns (r: nat) // want "^OK: the contract determines a unique result"
  ensures r == 2 * x
  ensures exists k :: 0 <= k && r == k + k
{
  r := x + x;
  assert r == x + x;
}

predicate IsMax(s: seq<int>, m: int)
{
  (exists i :: 0 <= i < |s| && s[i] == m) && forall i :: 0 <= i < |s| ==> s[i] <= m
}

// Complete.
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

// Complete, but proving it needs induction (two sorted permutations of
// one multiset are equal).
predicate SortedSeq(s: seq<int>)
{
  forall i, j :: 0 <= i < j < |s| ==> s[i] <= s[j]
}

method Sort2(a: int, b: int) returns (r: seq<int>) // want "^(OK|INCONCLUSIVE: uniqueness not proved; no witness)"
  ensures SortedSeq(r) && multiset(r) == multiset([a, b])
{
  if a <= b { r := [a, b]; } else { r := [b, a]; }
}
