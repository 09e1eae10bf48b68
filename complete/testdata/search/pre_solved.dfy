// Preconditions that no small input meets, met by inputs of a wider grid
// that a compiled copy of the precondition screens (each then proved
// valid by Dafny). Without them there is nothing to run: the complete
// contract would be INCONCLUSIVE ("no small input was proved to meet the
// precondition") and the weak one would have no witness. Truth by hand.

// Complete: r is determined by p and q.
method Solve(x: int, y: int, p: int, q: int) returns (r: int) // want "^OK: the contract determines a unique result$"
  requires p == 2 * x + y && q == x + 7
  ensures r == p - q
{
  r := p - q;
}

// Weak: any r at least p - q (x = 0, y = 0, p = 0, q = 7: -7 and -6).
method SolveWeak(x: int, y: int, p: int, q: int) returns (r: int) // want "^UNDER: the contract accepts two different results$"
  requires p == 2 * x + y && q == x + 7
  ensures r >= p - q
{
  r := p - q;
}

// The precondition through a ghost predicate, made compiled in the copy
// that screens the grid. Complete.
predicate InBand(n: int)
{
  1000 <= n < 10000 && n % 37 == 5
}

method Band(n: int) returns (m: int) // want "^OK: the contract determines a unique result$"
  requires InBand(n)
  ensures m == n / 37
{
  m := n / 37;
}
