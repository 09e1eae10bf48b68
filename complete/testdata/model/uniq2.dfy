// Two uniqueness lemmas that fail, shaped as the checker writes them; uniq2.model
// is what Dafny 2.3.0.10506 wrote for this file with /mv (dafny /compile:0
// /mv:uniq2.model /vcsCores:2 /z3exe:WRAPPER uniq2.dfy, WRAPPER the adapter's z3 filter),
// kept as captured for TestFromModel.
lemma SuretyUniq0(suretyU0X0: char, suretyU0X1: bool, suretyU0A0: int, suretyU0B0: int)
  requires suretyU0X0 > 'a' && suretyU0X1 && suretyU0A0 < -5 && suretyU0B0 < -5
  ensures suretyU0A0 == suretyU0B0
{
}
lemma SuretyUniq1(suretyU1X0: int, suretyU1A0: int, suretyU1B0: int)
  requires suretyU1X0 > 5 && suretyU1A0 >= suretyU1X0 && suretyU1B0 >= suretyU1X0
  ensures suretyU1A0 == suretyU1B0
{
}
