// The seed's opening example: the same code under a complete and a weak
// contract.
method Abs(x: int) returns (y: int)
  ensures y >= 0
  ensures y == x || y == -x
{
  if x < 0 { y := -x; } else { y := x; }
}

method WeakAbs(x: int) returns (y: int)
  ensures y >= 0
{
  if x < 0 { y := -x; } else { y := x; }
}
