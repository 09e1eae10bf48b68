// The seed's six witnesses (dafny-complete's post), rebuilt as methods
// with the contracts it quotes or describes. Truth, read by hand: every
// contract is weak, and the post names the witness.

predicate IsDigits(s: string)
{
  forall i :: 0 <= i < |s| ==> '0' <= s[i] <= '9'
}

// "0" + "0": "0" and "1" both accepted.
method AddBig(a: string, b: string) returns (s: string) // want "^UNDER: the contract accepts two different results$"
  requires |a| > 0 && |b| > 0 && IsDigits(a) && IsDigits(b)
  ensures |s| > 0 && IsDigits(s)
{
  if |a| >= |b| { s := a; } else { s := b; }
}

// One node, no edge: [0] and [] both accepted.
method TopoSort(n: nat, edges: seq<(int, int)>) returns (order: seq<int>) // want "^UNDER: the contract accepts two different results$"
  ensures forall i :: 0 <= i < |order| ==> 0 <= order[i] < n
  ensures forall i, j :: 0 <= i < j < |order| ==> order[i] != order[j]
{
  order := [];
  var k := 0;
  while k < n
    invariant 0 <= k <= n
    invariant |order| == k
    invariant forall i :: 0 <= i < k ==> order[i] == i
  {
    order := order + [k];
    k := k + 1;
  }
}

// "": "." and any other non-empty string accepted.
method NormalizePath(p: string) returns (r: string) // want "^UNDER: the contract accepts two different results$"
  ensures |r| > 0
{
  if p == "" { r := "."; } else { r := p; }
}

// ["a"], width 2: ["a "] and [] both accepted.
method Justify(words: seq<string>, width: nat) returns (lines: seq<string>) // want "^UNDER: the contract accepts two different results$"
  requires forall w :: w in words ==> 0 < |w| <= width
  ensures forall l :: l in lines ==> |l| == width
{
  lines := [];
  var i := 0;
  while i < |words|
    invariant 0 <= i <= |words|
    invariant forall l :: l in lines ==> |l| == width
  {
    var line := words[i];
    while |line| < width
      invariant |line| <= width
      decreases width - |line|
    {
      line := line + " ";
    }
    lines := lines + [line];
    i := i + 1;
  }
}

function CountGets(ops: seq<(int, int, int)>): nat
{
  if |ops| == 0 then 0 else CountGets(ops[..|ops| - 1]) + (if ops[|ops| - 1].0 == 0 then 1 else 0)
}

// Two gets on an empty cache: [-1, -1] and [0, -1] both accepted (only
// the length is said).
method LruCache(capacity: int, ops: seq<(int, int, int)>) returns (out: seq<int>) // want "^UNDER: the contract accepts two different results$"
  requires capacity >= 1
  ensures |out| == CountGets(ops)
{
  out := [];
  var i := 0;
  while i < |ops|
    invariant 0 <= i <= |ops|
    invariant |out| == CountGets(ops[..i])
  {
    assert ops[..i + 1][..i] == ops[..i];
    if ops[i].0 == 0 { out := out + [-1]; }
    i := i + 1;
  }
  assert ops[..|ops|] == ops;
}

predicate Sorted(a: seq<int>)
{
  forall i, j :: 0 <= i < j < |a| ==> a[i] <= a[j]
}

// [1, 1], target 1: 0 and 1 both accepted; legitimately free.
method BinarySearch(a: seq<int>, key: int) returns (idx: int) // want "^UNDER: the contract accepts two different results$"
  requires Sorted(a)
  ensures -1 <= idx < |a|
  ensures idx >= 0 ==> a[idx] == key
  ensures idx == -1 ==> key !in a
{
  var lo, hi := 0, |a|;
  while lo < hi
    invariant 0 <= lo <= hi <= |a|
    invariant forall i :: 0 <= i < lo ==> a[i] < key
    invariant forall i :: hi <= i < |a| ==> a[i] > key
  {
    var mid := (lo + hi) / 2;
    if a[mid] < key { lo := mid + 1; }
    else if a[mid] > key { hi := mid; }
    else { return mid; }
  }
  idx := -1;
}
