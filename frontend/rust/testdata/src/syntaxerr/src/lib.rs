fn good_before(x: u32) -> u32 { // want func:"good_before"
    x + 1
}

fn broken(x: u32 -> u32 { // want func:"broken" error:"syntax error|missing"
    x + // want error:"missing"
}

fn good_after() { // want func:"good_after"
    good_before(1); // want calls:"good_after -> good_before"
}
