// A precondition no input meets.
//
// Truth: r == x pins the result down wherever the method may be called,
// but it may be called nowhere: the uniqueness lemma is proved vacuously
// (requires false), no input can be sampled, and the body is never shown
// to meet its contract. OK would claim more than the evidence: INCONCLUSIVE.
method Never(x: int) returns (r: int) // want "^INCONCLUSIVE: uniqueness proved, but no small input was proved to meet the precondition"
  requires false
  ensures r == x
{
  r := x;
}
