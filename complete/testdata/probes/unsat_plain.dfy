// An unsatisfiable contract with no trick: the body cannot meet it, so the
// file does not verify (Dafny reports the failed postcondition r > r at line 7, the body's opening brace).
//
// Truth: INCONCLUSIVE, the file does not verify.
method Unsat(x: int) returns (r: int) // want "^INCONCLUSIVE: the file does not verify: line 7: Error"
  ensures r > r
{
  r := 0;
}
