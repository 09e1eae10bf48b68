// More methods in Dafny 4's spelling, of the kinds agents write: the
// truth of each contract is read by hand in its want comment.

ghost function Count(s: seq<int>, x: int): nat
{
  if |s| == 0 then 0 else Count(s[..|s| - 1], x) + (if s[|s| - 1] == x then 1 else 0)
}

// Complete: membership.
method Contains(s: seq<int>, x: int) returns (b: bool) // want "^OK: the contract determines a unique result"
  ensures b <==> x in s
{
  b := false;
  for i := 0 to |s|
    invariant b <==> x in s[..i]
  {
    if s[i] == x { b := true; }
  }
  assert s[..|s|] == s;
}

// Weak: said only when true.
method ContainsWeak(s: seq<int>, x: int) returns (b: bool) // want "^UNDER: the contract accepts two different results$"
  ensures b ==> x in s
{
  b := false;
  for i := 0 to |s|
    invariant b ==> x in s
  {
    if s[i] == x { b := true; }
  }
}

// Complete: every element mapped.
method Doubled(s: seq<int>) returns (r: seq<int>) // want "^OK: the contract determines a unique result"
  ensures |r| == |s|
  ensures forall i :: 0 <= i < |s| ==> r[i] == 2 * s[i]
{
  r := [];
  for i := 0 to |s|
    invariant |r| == i
    invariant forall k :: 0 <= k < i ==> r[k] == 2 * s[k]
  {
    r := r + [2 * s[i]];
  }
}

// Weak: the length only.
method DoubledWeak(s: seq<int>) returns (r: seq<int>) // want "^UNDER: the contract accepts two different results$"
  ensures |r| == |s|
{
  r := [];
  for i := 0 to |s|
    invariant |r| == i
  {
    r := r + [2 * s[i]];
  }
}

// Complete: the count of x, through a ghost model.
method CountOf(s: seq<int>, x: int) returns (c: nat) // want "^OK: the contract determines a unique result"
  ensures c == Count(s, x)
{
  c := 0;
  for i := 0 to |s|
    invariant c == Count(s[..i], x)
  {
    assert s[..i + 1][..i] == s[..i];
    if s[i] == x { c := c + 1; }
  }
  assert s[..|s|] == s;
}

// Weak: bounded by the length.
method CountOfWeak(s: seq<int>, x: int) returns (c: nat) // want "^UNDER: the contract accepts two different results$"
  ensures c <= |s|
{
  c := 0;
  for i := 0 to |s|
    invariant c <= i
  {
    if s[i] == x { c := c + 1; }
  }
}

// Weak: an index of the minimum, said only to be in range.
method ArgMinWeak(s: seq<int>) returns (k: int) // want "^UNDER: the contract accepts two different results$"
  requires |s| > 0
  ensures 0 <= k < |s|
{
  k := 0;
  for i := 1 to |s|
    invariant 0 <= k < |s|
  {
    if s[i] < s[k] { k := i; }
  }
}

// Weak: the minimum's index, but any of equal minima: [0, 0] has two.
method ArgMin(s: seq<int>) returns (k: int) // want "^UNDER: the contract accepts two different results$"
  requires |s| > 0
  ensures 0 <= k < |s|
  ensures forall i :: 0 <= i < |s| ==> s[k] <= s[i]
{
  k := 0;
  for i := 1 to |s|
    invariant 0 <= k < |s|
    invariant forall j :: 0 <= j < i ==> s[k] <= s[j]
  {
    if s[i] < s[k] { k := i; }
  }
}

// Complete: all positive, both ways.
method AllPositive(s: seq<int>) returns (b: bool) // want "^OK: the contract determines a unique result"
  ensures b <==> forall i :: 0 <= i < |s| ==> s[i] > 0
{
  b := true;
  for i := 0 to |s|
    invariant b <==> forall k :: 0 <= k < i ==> s[k] > 0
  {
    if s[i] <= 0 { b := false; }
  }
}

// Complete: a prefix sum, downwards.
method SumDown(n: nat) returns (t: nat) // want "^OK: the contract determines a unique result"
  ensures t == n * (n - 1) / 2
{
  t := 0;
  for i := n downto 0
    invariant t == (n * (n - 1) - i * (i - 1)) / 2
  {
    t := t + i;
  }
}

// Weak: a string said only to be as long as the input.
method Upper(s: string) returns (r: string) // want "^UNDER: the contract accepts two different results$"
  ensures |r| == |s|
{
  r := "";
  for i := 0 to |s|
    invariant |r| == i
  {
    var c := s[i];
    if 'a' <= c <= 'z' { c := (c as int - 32) as char; }
    r := r + [c];
  }
}
