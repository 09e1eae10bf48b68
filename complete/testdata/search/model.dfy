// Weak contracts whose witness lies far from every input the search
// enumerates, solves from the grid or reads from the file's tests: only
// x = 450617, y = 327160 meets the precondition, and neither number nor a
// sum of the declaration's constants is among the inputs tried. The
// failed uniqueness lemma's counterexample (Dafny's model) names that
// input and two results; the method is run on it, and the model's other
// result is a candidate like any other, proved by Dafny and verified
// again alone. Without it both are INCONCLUSIVE ("no small input was
// proved to meet the precondition"). Truth by hand.

// Weak: any r at least x - y (on 450617, 327160: 123457 and 123458).
method Far(x: int, y: int) returns (r: int) // want "^UNDER: the contract accepts two different results$"
  requires x - y == 123457 && x + y == 777777
  ensures r >= x - y
{
  r := x - y;
}

// Weak in d only, with a boolean among the inputs: s is pinned, d may be
// anything at least x - y.
method FarPair(x: int, y: int, f: bool) returns (s: int, d: int) // want "^UNDER: the contract accepts two different results$"
  requires f && x - y == 123457 && x + y == 777777
  ensures s == x + y && d >= x - y
{
  s := x + y;
  d := x - y;
}

// Complete: uniqueness is proved, so there is no model, and its input
// would not count anyway (never proved valid on its own).
method FarExact(x: int, y: int) returns (r: int) // want "^INCONCLUSIVE: uniqueness proved, but no small input was proved to meet the precondition"
  requires x - y == 123457 && x + y == 777777
  ensures r == x - y
{
  r := x - y;
}
