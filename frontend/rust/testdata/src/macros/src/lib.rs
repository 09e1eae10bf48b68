fn f(x: u32) -> u32 { x }
fn g(x: u32) -> bool { x > 0 }
fn h(x: u32) -> u32 { x }

fn user(s: &S, out: &mut String) {
    println!("{} {}", f(1), s.m(2).n()); // want calls:"user -> println! [macro]" calls:"user -> f [direct inmacro]" calls:"user -> s.m [method inmacro]" calls:"user -> s.m(2).n [method inmacro]"
    let v = vec![h(1), crate::util::k(2)]; // want calls:"user -> vec! [macro]" calls:"user -> h [direct inmacro]" calls:"user -> crate::util::k [path inmacro]"
    let _ = format!("{}", format!("{}", f(2))); // want calls:"user -> format! [macro]" calls:"user -> format! [macro inmacro]" calls:"user -> f [direct inmacro]"
    write!(out, "{:?}", v.len()).unwrap(); // want calls:"user -> write!(out, \"{:?}\", v.len()).unwrap [method]" calls:"user -> write! [macro]" calls:"user -> v.len [method inmacro]"
    my_macro!(fn not_a_call() {}); // want calls:"user -> my_macro! [macro]"
}
