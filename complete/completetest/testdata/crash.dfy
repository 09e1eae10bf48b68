method At(x: int) returns (r: int)
{
  var a := [1];
  r := a[x];
}

method Main()
{
  var a := At(0);
  print "first ", a, "\n";
  var b := At(5);
  print "second ", b, "\n";
}
