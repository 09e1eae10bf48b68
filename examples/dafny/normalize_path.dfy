// Unix path normalisation. The weak contract only asks for a non-empty
// answer, so any string will do.
// want: NormalizeWeak UNDER
// want: NormalizeSpec OK
method NormalizeWeak(p: string) returns (r: string)
  ensures |r| > 0
{
  if p == "" { r := "."; } else { r := p; }
}

function method Canon(p: string): string
{
  if p == "" then "." else p
}

// The second-program trap: complete, because it names one function's value.
method NormalizeSpec(p: string) returns (r: string)
  ensures r == Canon(p)
{
  r := Canon(p);
}
