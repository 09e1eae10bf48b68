// A result constrained by an opaque function.
//
// Truth: complete: r == Next(x) names one value whatever Next's definition
// is, so the uniqueness lemma is proved without looking inside Next. The
// body reveals Next to verify. The checker's own lemmas reveal it too (a
// reveal adds a definition, not an assumption), so it can prove that the
// contract accepts what Step returns on each sampled input: OK.
function {:opaque} Next(x: int): int
{
  x + 1
}

method Step(x: int) returns (r: int) // want "^OK: the contract determines a unique result$"
  ensures r == Next(x)
{
  reveal Next();
  r := x + 1;
}
