// A small crate for TestMIRPrecision: surety's edges are compared with
// the calls rustc's MIR resolves (rustc --emit=mir).
pub mod lexer;

use lexer::{Lexer, Token};

pub trait Shape {
    fn area(&self) -> u32;
    fn twice(&self) -> u32 {
        self.area() * 2
    }
}

pub struct Square(pub u32);
pub struct Rect {
    pub w: u32,
    pub h: u32,
}

impl Shape for Square {
    fn area(&self) -> u32 {
        self.0 * self.0
    }
}

impl Shape for Rect {
    fn area(&self) -> u32 {
        self.w * self.h
    }
}

pub struct Parser {
    lexer: Lexer,
    toks: Vec<Token>,
}

impl Parser {
    pub fn new(src: &str) -> Parser {
        let lx = Lexer::new(src);
        Parser { lexer: lx, toks: Vec::new() }
    }

    pub fn parse(&mut self) -> u32 {
        let mut sum = 0;
        while let Some(t) = self.lexer.next_token() {
            sum += t.value();
            self.toks.push(t);
        }
        for t in self.toks.iter() {
            sum += t.value();
        }
        sum + self.count()
    }

    fn count(&self) -> u32 {
        self.toks.len() as u32
    }
}

pub fn total(shapes: &[&dyn Shape]) -> u32 {
    let mut n = 0;
    for s in shapes {
        n += s.twice();
    }
    n
}

pub fn run(src: &str) -> u32 {
    let mut p = Parser::new(src);
    let a = Square(2).area();
    let r = Rect { w: 1, h: 3 };
    p.parse() + a + r.area() + total(&[&r]) + lexer::helper(1)
}
