// A precondition that neither the small inputs nor the grid meet (two
// distinct elements summing to at least 20, where the grid's elements are
// small), met by the file's own tests: the calls of the methods with
// literal arguments in Main and in a method marked {:test}. Truth by hand.

predicate HasPair(nums: seq<int>, target: int)
{
  exists i, j :: 0 <= i < j < |nums| && nums[i] + nums[j] == target
}

// Complete (the result is the target).
method PairTarget(nums: seq<int>, target: int) returns (t: int) // want "^OK: the contract determines a unique result$"
  requires target >= 20 && HasPair(nums, target)
  ensures t == target
{
  t := target;
}

// Weak: either index of a pair may be returned, or any other pair; the
// witness's input is Main's ([3, 9, 11, 15], 20).
method TwoSumBig(nums: seq<int>, target: int) returns (i: int, j: int) // want "^UNDER: the contract accepts two different results$"
  requires target >= 20 && HasPair(nums, target)
  ensures 0 <= i < |nums| && 0 <= j < |nums| && i != j && nums[i] + nums[j] == target
{
  i := 0;
  while i < |nums|
    invariant 0 <= i <= |nums|
    invariant forall a, b :: 0 <= a < i && 0 <= b < |nums| && a < b ==> nums[a] + nums[b] != target
  {
    j := i + 1;
    while j < |nums|
      invariant i + 1 <= j <= |nums|
      invariant forall b :: i < b < j ==> nums[i] + nums[b] != target
    {
      if nums[i] + nums[j] == target { return; }
      j := j + 1;
    }
    i := i + 1;
  }
  assert false;
}

method Main()
{
  assert [3, 9, 11, 15][1] + [3, 9, 11, 15][2] == 20;
  var a, b := TwoSumBig([3, 9, 11, 15], 20);
  print a, " ", b, "\n";
}

method {:test} CheckPair() // want "^SKIP: has no results$"
{
  assert [10, 2, 30, 14][0] + [10, 2, 30, 14][3] == 24;
  var t := PairTarget([10, 2, 30, 14], 24);
  print t, "\n";
}
