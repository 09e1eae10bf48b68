// A lemma proved by assume, used to verify a method.
//
// Truth: Cheat "proves" x + 1 == x by assuming false. Off's contract,
// r == x + 1 and r == x, is unsatisfiable: uniqueness holds vacuously,
// the body verifies only through the cheat, and no result meets the
// contract (running it gives r = x, and Dafny cannot prove x == x + 1).
// Not OK; the assume statement is named with its line.
lemma Cheat(x: int)
  ensures x + 1 == x
{
  assume false;
}

method Off(x: int) returns (r: int) // want "^INCONCLUSIVE: uniqueness proved, but not trusted: .*an assume statement \(line 11\)"
  ensures r == x + 1
  ensures r == x
{
  Cheat(x);
  r := x;
}
