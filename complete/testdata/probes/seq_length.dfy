// A sequence result whose only constraint is its length.
//
// Truth: under-specified: for n = 1 the method returns [0], and [1] has
// the same length. (For n = 0 the only result is [], so the witness comes
// from the next input.)
method Zeros(n: nat) returns (s: seq<int>) // want "^UNDER: the contract accepts two different results$"
  ensures |s| == n
{
  s := [];
  while |s| < n
    invariant |s| <= n
  {
    s := s + [0];
  }
}
