// Two results, only one constrained.
//
// Truth: under-specified: for a = 0, b = 1 the quotient must be 0, but
// the remainder is free; the method returns (0, 0), and (0, 1) is
// accepted too. The witness must differ in r only.
method DivMod(a: int, b: int) returns (q: int, r: int) // want "^UNDER: the contract accepts two different results$"
  requires b > 0
  ensures q == a / b
{
  q := a / b;
  r := a % b;
}
