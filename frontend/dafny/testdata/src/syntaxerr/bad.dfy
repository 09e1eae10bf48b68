method Good(x: int) returns (y: int) // want func:"Good def kind=method"
{
  y := x;
}

method Bad(x: int) returns (y: int)
{
  y := x +* ; // want error:"."
}
