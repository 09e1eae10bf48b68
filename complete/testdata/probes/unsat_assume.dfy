// Issue 16, case 8: an unsatisfiable contract, "ensures r > r".
//
// Truth: no r satisfies r > r, so "at most one result" holds vacuously and
// the uniqueness lemma is proved; but the contract determines nothing, as
// no result is allowed at all. The file verifies only because the body
// assumes false. Not OK: the assume statement is named, with its line.
// (Were it not, running the method gives r = 0, which Dafny cannot prove
// satisfies r > r, and OK is refused for that reason too.)
method Unsat(x: int) returns (r: int) // want "^INCONCLUSIVE: uniqueness proved, but not trusted: .*an assume statement \(line 13\)"
  ensures r > r
{
  r := 0;
  assume false;
}
