// Addition of non-negative numbers written as decimal strings. The weak
// contract only says the answer is made of digits: "0" + "0" may be "1".
// The helper Digit is as weak: its contract lets 0 become '1'.
// want: Digit UNDER
// want: AddBig UNDER
// want: AddValue INCONCLUSIVE
predicate IsDigits(s: string)
{
  |s| > 0 && forall i :: 0 <= i < |s| ==> '0' <= s[i] <= '9'
}

function Val(s: string): nat
  requires forall i :: 0 <= i < |s| ==> '0' <= s[i] <= '9'
{
  if |s| == 0 then 0 else 10 * Val(s[..|s|-1]) + (s[|s|-1] as int - '0' as int)
}

function method Digit(d: int): char
  requires 0 <= d <= 9
  ensures '0' <= Digit(d) <= '9'
{
  ['0','1','2','3','4','5','6','7','8','9'][d]
}

method AddBig(a: string, b: string) returns (s: string)
  requires IsDigits(a) && IsDigits(b)
  ensures IsDigits(s)
{
  var i, j, carry := |a|, |b|, 0;
  s := "";
  while i > 0 || j > 0 || carry > 0
    decreases i + j, carry
    invariant 0 <= i <= |a| && 0 <= j <= |b| && 0 <= carry <= 1
    invariant forall k :: 0 <= k < |s| ==> '0' <= s[k] <= '9'
  {
    var d := carry;
    if i > 0 { d := d + (a[i-1] as int - '0' as int); i := i - 1; }
    if j > 0 { d := d + (b[j-1] as int - '0' as int); j := j - 1; }
    s := [Digit(d % 10)] + s;
    carry := d / 10;
  }
  if s == "" { s := "0"; }
}

// A complete contract (the value, in canonical form) whose uniqueness needs
// induction the solver does not find alone: inconclusive, never flagged.
method AddValue(a: string, b: string) returns (s: string)
  requires IsDigits(a) && IsDigits(b)
  ensures IsDigits(s) && (|s| == 1 || s[0] != '0')
  ensures Val(s) == Val(a) + Val(b)
