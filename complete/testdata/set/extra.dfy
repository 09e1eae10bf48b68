// Strings, datatypes and characters, as agents write them; truth read by
// hand in each want comment.

datatype Shape = Circle(r: nat) | Square(side: nat)

// Complete: the area, by case.
method Area(s: Shape) returns (a: nat) // want "^OK: the contract determines a unique result"
  ensures s.Circle? ==> a == 3 * s.r * s.r
  ensures s.Square? ==> a == s.side * s.side
{
  match s
  case Circle(r) => a := 3 * r * r;
  case Square(x) => a := x * x;
}

// Weak: says nothing of circles.
method AreaWeak(s: Shape) returns (a: nat) // want "^UNDER: the contract accepts two different results$"
  ensures s.Square? ==> a == s.side * s.side
{
  match s
  case Circle(r) => a := 3 * r * r;
  case Square(x) => a := x * x;
}

// Weak: a shape of the right size, either kind.
method Make(n: nat) returns (s: Shape) // want "^UNDER: the contract accepts two different results$"
  ensures (s.Circle? && s.r == n) || (s.Square? && s.side == n)
{
  s := Square(n);
}

// Complete: a palindrome test.
method IsPalindrome(s: string) returns (b: bool) // want "^OK: the contract determines a unique result"
  ensures b <==> forall i :: 0 <= i < |s| ==> s[i] == s[|s| - 1 - i]
{
  b := true;
  var i := 0;
  while i < |s|
    invariant 0 <= i <= |s|
    invariant b <==> forall k :: 0 <= k < i ==> s[k] == s[|s| - 1 - k]
  {
    if s[i] != s[|s| - 1 - i] { b := false; }
    i := i + 1;
  }
}

// Weak: a string of the same characters, in any order and number.
method Dedup(s: string) returns (r: string) // want "^UNDER: the contract accepts two different results$"
  ensures forall c :: c in r <==> c in s
{
  r := s;
}

// Complete: concatenation.
method Concat(a: string, b: string) returns (r: string) // want "^OK: the contract determines a unique result$"
  ensures r == a + b
{
  r := a + b;
}

// Weak: a digit of the right kind, any digit.
method LastDigit(n: nat) returns (d: char) // want "^UNDER: the contract accepts two different results$"
  ensures '0' <= d <= '9'
{
  d := ('0' as int + n % 10) as char;
}

// Complete: the last digit, exactly.
method LastDigitExact(n: nat) returns (d: char) // want "^OK: the contract determines a unique result"
  ensures d as int == '0' as int + n % 10
{
  d := ('0' as int + n % 10) as char;
}
