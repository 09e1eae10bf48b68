// A method without a body, with an unsatisfiable contract.
//
// Truth: nothing checks a body-less method's contract; r > r admits no
// result, so uniqueness is vacuous. INCONCLUSIVE, naming the declaration.
method NoBody(x: int) returns (r: int) // want "^INCONCLUSIVE: uniqueness proved, but not trusted: assumed without proof: the body-less method NoBody with a postcondition \(line 5\)"
  ensures r > r
