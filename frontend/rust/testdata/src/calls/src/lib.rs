struct Machine {
    cb: fn(u32) -> u32,
}

impl Machine {
    fn step(&self, x: u32) -> u32 {
        helper(x); // want calls:"Machine::step -> helper [direct]"
        Self::assoc(); // want calls:"Machine::step -> Self::assoc [path]"
        Machine::assoc(); // want calls:"Machine::step -> Machine::assoc [path]"
        <Machine as Run>::run(self); // want calls:"Machine::step -> <Machine as Run>::run [path]"
        self.other(); // want calls:"Machine::step -> self.other [method]"
        (self.cb)(x) // want calls:"Machine::step -> (self.cb) [indirect]"
    }

    fn assoc() {}
    fn other(&self) {}
}

trait Run {
    fn run(&self);
}

fn helper(x: u32) -> u32 {
    x
}

fn apply<F: Fn(u32) -> u32>(f: F, g: &dyn Fn(u8), h: fn() -> u8, v: Vec<u32>) -> u32 {
    let add = |a: u32| a + helper(a); // want calls:"apply -> helper [direct]"
    add(1); // want calls:"apply -> add [indirect]"
    g(2); // want calls:"apply -> g [indirect]"
    h(); // want calls:"apply -> h [indirect]"
    a::b::c(1); // want calls:"apply -> a::b::c [path]"
    v.iter().map(|x| helper(*x)).count(); // want calls:"apply -> v.iter().map(|x| helper(*x)).count [method]" calls:"apply -> v.iter().map [method]" calls:"apply -> v.iter [method]" calls:"apply -> helper [direct]"
    Vec::<u8>::with_capacity(3); // want calls:"apply -> Vec::<u8>::with_capacity [path]"
    f(3) // want calls:"apply -> f [indirect]"
}
