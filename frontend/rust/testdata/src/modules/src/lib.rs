mod lexer;

pub fn root() {} // want func:"root"

mod a {
    pub fn in_a() {} // want func:"a::in_a"
    mod b {
        fn in_b() { // want func:"a::b::in_b"
            super::in_a(); // want calls:"a::b::in_b -> super::in_a [path]"
            crate::root(); // want calls:"a::b::in_b -> crate::root [path]"
        }
        struct T;
        impl T {
            fn m() {} // want func:"a::b::T::m kind=method"
        }
    }
}
