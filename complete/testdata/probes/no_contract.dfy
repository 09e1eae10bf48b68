// A method with no contract at all (issue 35).
//
// Truth: under-specified: every result is accepted; for x = 0 the method
// returns 7 and 8 is accepted as well. The check that verifies a witness
// again alone had no clause to prove, Dafny gave that lemma no outcome,
// and every candidate was dropped ("9 candidate witness(es) did not
// verify again alone").
method M(x: int) returns (seven: int) // want "^UNDER: the contract accepts two different results$"
{
  seven := 7;
}
