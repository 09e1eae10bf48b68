method Square(x: int) returns (r: int)
{
  r := x * x;
}

method Main()
{
  var s := Square(-7);
  print "out ", s, " ", [1, 2], "\n";
}
