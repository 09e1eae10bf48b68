// Issue 16, case 8: the file does not verify.
//
// Truth: Inc's body returns x where its contract promises x + 1, so Dafny
// reports a postcondition failure at line 16. Uniqueness of its contract is
// easy (r == x + 1), but a contract proved over a file that does not
// verify proves nothing: every method is INCONCLUSIVE, the good one too,
// and the reason quotes Dafny's first error with its line.
method Good(x: int) returns (r: int) // want "^INCONCLUSIVE: the file does not verify: line 16: Error"
  ensures r == x
{
  r := x;
}

method Inc(x: int) returns (r: int) // want "^INCONCLUSIVE: the file does not verify: line 16: Error"
  ensures r == x + 1
{
  r := x;
}
