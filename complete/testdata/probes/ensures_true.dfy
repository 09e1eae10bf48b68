// A contract that says nothing, on a body that does something.
//
// Truth: under-specified: for x = 0 the method returns 0, and ensures true
// accepts 1 (or anything) as well.
method Id(x: int) returns (r: int) // want "^UNDER: the contract accepts two different results$"
  ensures true
{
  r := x;
}
