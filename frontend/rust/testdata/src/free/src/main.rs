/// Adds one.
/// Never overflows in tests.
pub fn add_one(x: u32) -> u32 { // want func:"add_one exported def kind=function" doc:"^Adds one.\nNever" sig:"pub fn add_one(x: u32) -> u32" params:"x u32" results:"u32"
    x + 1
}

fn private<T: Clone>(a: &[T], b: Option<&mut T>) { // want func:"private unexported def" params:"a &[T], b Option<&mut T>" results:""
}

pub(crate) fn crate_vis() {} // want func:"crate_vis exported"

fn main() { // want func:"main entry unexported"
    add_one(1); // want calls:"main -> add_one [direct]"
}

#[test]
fn checks_add() { // want func:"checks_add entry"
    assert_eq!(add_one(1), 2); // want calls:"checks_add -> assert_eq! [macro]" calls:"checks_add -> add_one [direct inmacro]" spec:"assert(assert_eq!): add_one(1) == 2"
}

extern "C" {
    fn abs(x: i32) -> i32; // want func:"abs decl unexported"
}

fn outer() { // want func:"outer"
    fn inner() -> u8 { 1 } // want func:"outer::inner def"
    inner(); // want calls:"outer -> inner"
}
