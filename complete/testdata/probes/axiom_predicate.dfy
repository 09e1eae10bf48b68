// A predicate taken as an axiom.
//
// Truth: Ready is body-less and marked {:axiom}; its postcondition
// "Ready(x)" is assumed, never proved. Check's contract, r == Ready(x),
// names one value, so uniqueness is proved; but the body verifies only
// through the axiom (r := true meets r == Ready(x) because the axiom says
// Ready(x) holds). An axiom could as well say false: not OK, and the
// {:axiom} declaration is named with its line. Ready itself is under check
// too (a predicate with a postcondition) and is INCONCLUSIVE likewise.
predicate {:axiom} Ready(x: int) // want "^INCONCLUSIVE: uniqueness proved, but not trusted: assumed without proof: \{:axiom\} on the predicate Ready \(line 10\)"
  ensures Ready(x)

method Check(x: int) returns (r: bool) // want "^INCONCLUSIVE: uniqueness proved, but not trusted: assumed without proof: \{:axiom\} on the predicate Ready \(line 10\)"
  ensures r == Ready(x)
{
  r := true;
}
