// Methods that may not terminate (decreases *).
//
// Truth: Dafny proves only partial correctness for them: a method that
// never returns verifies against any postcondition. Spin's contract
// (r == x + 1 and r == x) is unsatisfiable, its uniqueness is vacuous, and
// its body loops forever: running it never returns, so it is not OK.
// Count may not terminate in general but does on every input: its contract
// r == n is complete and it returns n on every sampled input: OK.
method Spin(x: int) returns (r: int) // want "^INCONCLUSIVE: uniqueness proved, but the body was not seen to meet the contract: did not return within"
  ensures r == x + 1
  ensures r == x
  decreases *
{
  while true
    decreases *
  {
  }
}

method Count(n: nat) returns (r: nat) // want "^OK: the contract determines a unique result$"
  ensures r == n
  decreases *
{
  r := 0;
  while r < n
    invariant r <= n
    decreases *
  {
    r := r + 1;
  }
}
