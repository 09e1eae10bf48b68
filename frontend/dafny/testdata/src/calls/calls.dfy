function method Inc(x: int): int { x + 1 }

class Box {
  var v: int
  method Get() returns (r: int) { r := v; }
}

method Use(b: Box, s: seq<int>) returns (t: int)
  modifies b
{
  var y := Inc(3); // want calls:"Use -> Inc [direct]"
  var z := b.Get(); // want calls:"Use -> b.Get [method]"
  t := Inc(Inc(y)) + |s|; // want calls:"Use -> Inc [direct]" calls:"Use -> Inc [direct]"
  var f := x => x + 1;
  var w := set i | 0 <= i < 3 :: Inc(i); // want calls:"Use -> Inc [direct]"
  var m := map k | k in s :: Inc(k); // want calls:"Use -> Inc [direct]"
}
