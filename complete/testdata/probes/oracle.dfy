// Issue 16, case 8: a body-less function whose postcondition is false.
//
// Truth: Dafny takes a function's postcondition as an axiom of every
// proof, so "ensures false" makes every lemma provable, each uniqueness
// lemma and each witness lemma included. Nothing proved in this file can
// be trusted: Oracle itself (body-less, so its contract is unchecked), the
// complete-looking Twice, and the weak Weak, whose witness (x = 0: 0 and
// 1) would be genuine, but whose proof no longer shows it.
function Oracle(x: int): int // want "^INCONCLUSIVE: uniqueness proved, but not trusted: .*body-less function Oracle with a postcondition \(line 9\)"
  ensures false

method Twice(x: int) returns (r: int) // want "^INCONCLUSIVE: uniqueness proved, but not trusted: .*Oracle"
  ensures r == 2 * x
{
  r := x + x;
}

method Weak(x: int) returns (r: int) // want "^INCONCLUSIVE: (a witness was proved|uniqueness proved), but not trusted: assumed without proof.*Oracle"
  ensures r >= 0
{
  r := 0;
}
