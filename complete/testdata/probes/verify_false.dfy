// A method Dafny is told not to verify.
//
// Truth: {:verify false} switches the proof of Inc off, so the file
// "verifies" although Inc returns x where its contract promises x + 1.
// The contract is complete (r == x + 1) but the body does not meet it:
// not OK, and the attribute is named with its line.
method {:verify false} Inc(x: int) returns (r: int) // want "^INCONCLUSIVE: uniqueness proved, but not trusted: assumed without proof: \{:verify false\} on the method Inc \(line 7\)"
  ensures r == x + 1
{
  r := x;
}
