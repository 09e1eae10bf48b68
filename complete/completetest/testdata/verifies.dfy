include "wrong.dfy"

lemma Add(x: int)
  requires x > 0
  ensures x + 1 > 1
{}

lemma Index() ensures [1, 2][1] == 2 {}
