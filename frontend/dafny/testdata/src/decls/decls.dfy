include "other.dfy"

module Geometry {
  import opened Std

  datatype Shape = Circle(r: int) | Square(side: int)
  {
    function Area(): int // want func:"Geometry::Shape::Area def kind=function" results:"int"
    {
      match this
      case Circle(r) => 3 * r * r
      case Square(s) => s * s
    }
  }

  class Counter {
    var n: int
    constructor () // want func:"Geometry::Counter::_ctor def kind=constructor"
      ensures n == 0
    {
      n := 0;
    }
    method Inc() returns (old_n: int) // want func:"Geometry::Counter::Inc def kind=method" results:"old_n int"
      modifies this
    {
      old_n := n;
      n := n + 1;
    }
  }

  trait Named {
    function Name(): string // want func:"Geometry::Named::Name decl kind=function"
  }
}

ghost predicate Even(n: nat) // want func:"Even def ghost kind=predicate" params:"n nat" results:"bool"
{
  n % 2 == 0
}

function Double(x: int): (r: int) // want func:"Double def kind=function" params:"x int" results:"r int" sig:"function Double(x: int): (r: int)"
{
  2 * x
}

least predicate Reach(a: int, b: int) // want func:"Reach def ghost kind=predicate"
{
  a == b || Reach(a + 1, b)
}

opaque function Secret(): int { 42 } // want func:"Secret def kind=function"

lemma DoubleEven(x: int) // want func:"DoubleEven def ghost kind=lemma"
  ensures Even(if x >= 0 then Double(x) else -Double(x))
{
}

method Main() // want func:"Main def entry kind=method"
{
  print Double(2), "\n";
}

method Pair(s: seq<int>, m: map<int, bool>) returns (a: (int, bool), b: set<char>) // want func:"Pair decl kind=method" params:"s seq<int>, m map<int, bool>" results:"a (int, bool), b set<char>"
