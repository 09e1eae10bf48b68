use std::fmt;

pub struct Stack<T> {
    items: Vec<T>,
}

impl<T: Clone> Stack<T> {
    pub fn new() -> Self { // want func:"Stack::new exported def kind=method"
        Stack { items: Vec::new() } // want calls:"Stack::new -> Vec::new [path]"
    }

    fn push(&mut self, x: T) { // want func:"Stack::push unexported kind=method" params:"self &mut Self, x T"
        self.items.push(x); // want calls:"Stack::push -> self.items.push [method]"
    }

    pub fn peek(&self) -> Option<&T> { // want func:"Stack::peek exported" params:"self &Self" results:"Option<&T>"
        self.items.last()
    }
}

impl<T> fmt::Display for Stack<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { // want func:"Stack::fmt exported kind=method trait=Display"
        write!(f, "stack of {}", self.len()) // want calls:"Stack::fmt -> write! [macro]" calls:"Stack::fmt -> self.len [method inmacro]"
    }
}

impl<'a, T> From<&'a [T]> for &'a Stack<T> {
    fn from(_s: &'a [T]) -> Self { // want func:"Stack::from trait=From"
        todo!() // want calls:"Stack::from -> todo! [macro]"
    }
}

impl<T> Stack<T> {
    fn len(&self) -> usize { // want func:"Stack::len"
        self.items.len() // want calls:"Stack::len -> self.items.len [method]"
    }
}
