// Scalar methods: booleans, preconditions met only by the contract's own
// constants, and complete contracts a sampled run cannot confirm.

// Perfect square, said one way only: n = 2 returns false, and true is
// accepted too.
method IsSquareWeak(n: nat) returns (b: bool) // want "^UNDER: the contract accepts two different results$"
  ensures !b ==> forall k :: 0 <= k <= n ==> k * k != n
{
  var k := 0;
  while k * k < n
    invariant 0 <= k <= n || n == 0
    invariant forall j :: 0 <= j < k ==> j * j != n
    decreases n - k
  {
    k := k + 1;
  }
  b := k * k == n;
}

// Complete: both ways.
method IsEven(n: int) returns (b: bool) // want "^OK: the contract determines a unique result$"
  ensures b <==> n % 2 == 0
{
  b := n % 2 == 0;
}

// A precondition no small value meets: the hundreds digit, weakly said.
method Hundreds(n: int) returns (h: int) // want "^UNDER: the contract accepts two different results$"
  requires 100 <= n < 1000
  ensures 1 <= h <= 9
{
  h := n / 100;
}

// The same, completely said.
method HundredsExact(n: int) returns (h: int) // want "^OK: the contract determines a unique result$"
  requires 100 <= n < 1000
  ensures h == n / 100
{
  h := n / 100;
}

// Complete.
method Abs(x: int) returns (y: int) // want "^OK: the contract determines a unique result$"
  ensures y >= 0
  ensures y == x || y == -x
{
  if x < 0 { y := -x; } else { y := x; }
}

// Weak: only the sign.
method AbsWeak(x: int) returns (y: int) // want "^UNDER: the contract accepts two different results$"
  ensures y >= 0
{
  if x < 0 { y := -x; } else { y := x; }
}

// Complete: clamped into a range.
method Clamp(x: int, lo: int, hi: int) returns (r: int) // want "^OK: the contract determines a unique result$"
  requires lo <= hi
  ensures x < lo ==> r == lo
  ensures x > hi ==> r == hi
  ensures lo <= x <= hi ==> r == x
{
  if x < lo { r := lo; } else if x > hi { r := hi; } else { r := x; }
}

// Weak: a maximum said only to be at least both.
method Max2Weak(a: int, b: int) returns (m: int) // want "^UNDER: the contract accepts two different results$"
  ensures m >= a && m >= b
{
  if a > b { m := a; } else { m := b; }
}

// Complete.
method Max2(a: int, b: int) returns (m: int) // want "^OK: the contract determines a unique result$"
  ensures m >= a && m >= b
  ensures m == a || m == b
{
  if a > b { m := a; } else { m := b; }
}

// No contract at all.
method Seven(x: int) returns (seven: int) // want "^UNDER: the contract accepts two different results$"
{
  seven := 7;
}

// Complete, with a character result.
method NextChar(c: char) returns (d: char) // want "^OK: the contract determines a unique result$"
  requires c < 'z'
  ensures d as int == c as int + 1
{
  d := (c as int + 1) as char;
}

// A sign, weakly said: 0 may come out as 1.
method SignWeak(x: int) returns (s: int) // want "^UNDER: the contract accepts two different results$"
  ensures x > 0 ==> s == 1
  ensures x < 0 ==> s == -1
{
  if x > 0 { s := 1; } else if x < 0 { s := -1; } else { s := 0; }
}
