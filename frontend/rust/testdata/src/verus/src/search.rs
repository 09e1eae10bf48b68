use vstd::prelude::*;

verus! {

pub open spec fn sorted(v: Seq<u64>) -> bool { // want func:"search::sorted ghost exported"
    forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j]
}

fn binary_search(v: &Vec<u64>, k: u64) -> (r: usize) // want func:"search::binary_search" results:"r usize"
    requires
        forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j], // want spec:"requires: forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j]"
        exists|i: int| 0 <= i < v.len() && k == v[i], // want spec:"requires: exists|i: int| 0 <= i < v.len() && k == v[i]"
    ensures
        r < v.len(), // want spec:"ensures: r < v.len()"
        k == v[r as int], // want spec:"ensures: k == v[r as int]"
{
    let mut i1: usize = 0;
    let mut i2: usize = v.len() - 1; // want calls:"search::binary_search -> v.len [method]"
    while i1 != i2 // want stmt:"loop while i1 != i2"
        invariant
            i2 < v.len(), // want spec:"invariant: i2 < v.len()"
            exists|i: int| i1 <= i <= i2 && k == v[i], // want spec:"invariant: exists|i: int| i1 <= i <= i2 && k == v[i]"
        decreases i2 - i1, // want spec:"decreases: i2 - i1"
    {
        let ix = i1 + (i2 - i1) / 2;
        if v[ix] < k { // want stmt:"if v[ix] < k"
            i1 = ix + 1;
        } else {
            i2 = ix;
        }
    }
    i1 // want stmt:"return i1"
}

} // verus!

verus! {

pub trait Counter {
    spec fn count(&self) -> nat; // want func:"search::Counter::count decl ghost trait=Counter"

    fn bump(&mut self) // want func:"search::Counter::bump decl"
        ensures self.count() == old(self).count() + 1; // want spec:"ensures: self.count() == old(self).count() + 1"
}

} // verus!

verus! {

proof fn lemma_mul(x: int, y: int) by (nonlinear_arith) // want func:"search::lemma_mul ghost def" sig:"fn lemma_mul(x: int, y: int)"
    requires 0 <= x, 0 <= y, // want spec:"requires: 0 <= x" spec:"requires: 0 <= y"
    ensures 0 <= x * y, // want spec:"ensures: 0 <= x * y"
{
}

} // verus!
