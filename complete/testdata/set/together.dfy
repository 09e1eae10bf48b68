// Weak contracts whose other result changes several results at once.
// Truth, read by hand: all weak.

// x = 0: (0, 0) and (1, 2).
method Pair(x: int) returns (a: int, b: int) // want "^UNDER: the contract accepts two different results$"
  ensures b == 2 * a
{
  a := x;
  b := 2 * x;
}

// A quotient without the remainder's range: n = 0, d = 1 gives (0, 0)
// and (1, -1).
method DivRem(n: int, d: int) returns (q: int, r: int) // want "^UNDER: the contract accepts two different results$"
  requires d > 0
  ensures n == d * q + r
{
  q := n / d;
  r := n % d;
}

// A sum whose total is free.
method SumCount(s: seq<int>) returns (total: int, count: nat) // want "^UNDER: the contract accepts two different results$"
  ensures count == |s|
{
  total := 0;
  count := 0;
  var i := 0;
  while i < |s|
    invariant 0 <= i <= |s|
    invariant count == i
  {
    total := total + s[i];
    count := count + 1;
    i := i + 1;
  }
}

// Min and max, said only to be ordered and members.
method MinMax(s: seq<int>) returns (lo: int, hi: int) // want "^UNDER: the contract accepts two different results$"
  requires |s| > 0
  ensures lo in s && hi in s && lo <= hi
{
  lo, hi := s[0], s[0];
  var i := 1;
  while i < |s|
    invariant 1 <= i <= |s|
    invariant lo in s && hi in s && lo <= hi
  {
    if s[i] < lo { lo := s[i]; }
    if s[i] > hi { hi := s[i]; }
    i := i + 1;
  }
}

// Complete: both results pinned down.
method DivMod(n: int, d: int) returns (q: int, r: int) // want "^OK: the contract determines a unique result"
  requires d > 0
  ensures n == d * q + r && 0 <= r < d
{
  q := n / d;
  r := n % d;
}

// Complete: a swap.
method Swap(a: int, b: int) returns (x: int, y: int) // want "^OK: the contract determines a unique result$"
  ensures x == b && y == a
{
  x, y := b, a;
}
