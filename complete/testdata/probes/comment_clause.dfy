// A postcondition spread over lines, with comments inside it.
//
// Truth: under-specified: the contract only bounds r to 0..10, so for
// x = 0 the method returns 0 and 1 is accepted too. The witness is
// verified again alone with every clause stated as written: a comment
// inside a clause must not swallow the rest of it (were the clause joined
// into one line, "// lower bound" would comment out "&& r <= 10" and the
// check would prove something else).
method Clamp(x: int) returns (r: int) // want "^UNDER: the contract accepts two different results$"
  ensures 0 <= r // lower bound
    && r <= 10 // upper bound
{
  r := if x < 0 then 0 else if x > 10 then 10 else x;
}
