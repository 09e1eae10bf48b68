use crate::parser::Expr;

pub trait Value {
    fn value(&self) -> i64;
    fn show(&self) -> String {
        format!("{}", self.value())
    }
}

impl Value for Expr {
    fn value(&self) -> i64 {
        match self {
            Expr::Num(n) => *n,
            Expr::Add(a, b) => a.value() + b.value(),
            Expr::Mul(a, b) => a.value() * b.value(),
        }
    }
}

pub fn eval(e: &Expr) -> String {
    let s = e.show();
    debug_assert!(!s.is_empty());
    s
}
