// Text justification: lines of exactly width characters. The weak contract
// says nothing about which words they hold; no lines at all will do.
// want: JustifyWeak UNDER
method JustifyWeak(words: seq<string>, width: nat) returns (lines: seq<string>)
  requires forall i :: 0 <= i < |words| ==> 0 < |words[i]| <= width
  ensures forall i :: 0 <= i < |lines| ==> |lines[i]| == width
{
  lines := [];
  var i := 0;
  while i < |words|
    invariant 0 <= i <= |words|
    invariant forall k :: 0 <= k < |lines| ==> |lines[k]| == width
  {
    var line := words[i];
    while |line| < width
      invariant |line| <= width
      decreases width - |line|
    {
      line := line + " ";
    }
    lines := lines + [line];
    i := i + 1;
  }
}
