// An LRU cache driven by operations (kind, key, value): kind 0 is get,
// anything else is put. The weak contract only fixes the number of answers,
// so two gets on an empty cache may answer [-1, -1] or [0, -1].
// want: LruWeak UNDER
function CountGets(ops: seq<(int, int, int)>): nat
{
  if |ops| == 0 then 0 else CountGets(ops[..|ops|-1]) + (if ops[|ops|-1].0 == 0 then 1 else 0)
}

method LruWeak(capacity: int, ops: seq<(int, int, int)>) returns (out: seq<int>)
  requires capacity >= 1
  ensures |out| == CountGets(ops)
{
  var keys: seq<int> := [];
  var vals: seq<int> := [];
  out := [];
  var i := 0;
  while i < |ops|
    invariant 0 <= i <= |ops| && |keys| == |vals|
    invariant |out| == CountGets(ops[..i])
  {
    assert ops[..i+1][..i] == ops[..i];
    var (kind, key, val) := ops[i];
    var j := 0;
    while j < |keys| && keys[j] != key
      invariant 0 <= j <= |keys|
    {
      j := j + 1;
    }
    if kind == 0 {
      if j < |keys| {
        out := out + [vals[j]];
        keys, vals := keys[..j] + keys[j+1..] + [key], vals[..j] + vals[j+1..] + [vals[j]];
      } else {
        out := out + [-1];
      }
    } else {
      if j < |keys| {
        keys, vals := keys[..j] + keys[j+1..], vals[..j] + vals[j+1..];
      } else if |keys| >= capacity {
        keys, vals := keys[1..], vals[1..];
      }
      keys, vals := keys + [key], vals + [val];
    }
    i := i + 1;
  }
  assert ops[..i] == ops;
}
