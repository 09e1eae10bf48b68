// Topological sort of nodes 0..n-1. The weak contract bounds the output and
// its elements but never asks for every node: one node and no edge may give
// [0] or [].
// want: TopoSortWeak UNDER
method TopoSortWeak(n: nat, edges: seq<(int, int)>) returns (order: seq<int>)
  ensures |order| <= n
  ensures forall i :: 0 <= i < |order| ==> 0 <= order[i] < n
{
  order := [];
  var k := 0;
  while k < n
    invariant 0 <= k <= n && |order| == k
    invariant forall i :: 0 <= i < |order| ==> 0 <= order[i] < n
  {
    order := order + [k];
    k := k + 1;
  }
}
