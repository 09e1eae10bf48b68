// A file in today's Dafny (Dafny 4): ghost predicates, compiled functions
// and predicates, for loops up and down, an opaque function. With Dafny
// 2.3 installed it is lowered before every run, every line where it was.

ghost predicate Sorted(s: seq<int>)
{
  forall i, j :: 0 <= i < j < |s| ==> s[i] <= s[j]
}

function Square(x: int): int
{
  x * x
}

predicate IsPos(x: int)
{
  x > 0
}

// Complete, on a compiled function.
method Squares(n: nat) returns (s: seq<int>) // want "^OK: the contract determines a unique result$"
  ensures |s| == n
  ensures forall i :: 0 <= i < n ==> s[i] == Square(i)
{
  s := [];
  for i := 0 to n
    invariant |s| == i
    invariant forall k :: 0 <= k < i ==> s[k] == Square(k)
  {
    s := s + [Square(i)];
  }
}

// Weak: only sorted.
method Countdown(n: nat) returns (s: seq<int>) // want "^UNDER: the contract accepts two different results$"
  ensures Sorted(s)
{
  s := [];
  for i := n downto 0
    invariant Sorted(s)
    invariant forall k :: 0 <= k < |s| ==> s[k] >= i
  {
    s := [i] + s;
  }
}

// Weak: a positive count, nothing more.
method CountPos(a: seq<int>) returns (c: nat) // want "^UNDER: the contract accepts two different results$"
  ensures c <= |a|
{
  c := 0;
  for i := 0 to |a|
    invariant c <= i
  {
    if IsPos(a[i]) { c := c + 1; }
  }
}

opaque function Offset(x: int): int { x + 10 }

// Complete through an opaque function.
method Shift(x: int) returns (y: int) // want "^OK: the contract determines a unique result$"
  ensures y == Offset(x)
{
  reveal Offset();
  y := x + 10;
}
