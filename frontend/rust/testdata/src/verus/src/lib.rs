use vstd::prelude::*;

verus! {

spec fn double(x: int) -> int { // want func:"double ghost def"
    2 * x
}

pub fn inc(x: u32) -> (r: u32) // want func:"inc exported def" results:"r u32" sig:"pub fn inc(x: u32) -> u32"
    requires
        x < 100, // want spec:"requires: x < 100"
        x > 0, // want spec:"requires: x > 0"
    ensures r == x + 1, // want spec:"ensures: r == x + 1"
{
    let y = x + 1;
    assert(y > x); // want spec:"assert(assert): y > x"
    y
}

fn sum_to(n: u32) -> (s: u64)
    requires n < 1000,
    ensures s == n * (n + 1) / 2
{
    let mut i: u32 = 0;
    let mut s: u64 = 0;
    while i < n // want stmt:"loop while i < n"
        invariant
            i <= n, // want spec:"invariant: i <= n" stmt:"simple invariant i <= n [spec]"
            s == i * (i + 1) / 2, // want spec:"invariant: s == i * (i + 1) / 2"
        decreases n - i, // want spec:"decreases: n - i"
    {
        i = i + 1;
        s = s + helper(i); // want calls:"sum_to -> helper [direct]"
    }
    s
}

proof fn lemma(x: int) // want func:"lemma ghost"
    ensures double(x) == x + x, // want spec:"ensures: double(x) == x + x"
{
}

struct P { v: u32 }

impl P {
    fn get(&self) -> (r: u32) // want func:"P::get kind=method"
        ensures r == self.v, // want spec:"ensures: r == self.v"
    {
        self.v
    }
}

fn helper(i: u32) -> u64 { i as u64 } // want func:"helper"

} // verus!
