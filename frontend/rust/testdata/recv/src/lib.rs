// Receiver types as the frontend reads them: each call whose line has a
// comment "recv: NAME=CHAIN" must have that RecvType ("" for unknown).
use crate::lexer::{Lexer, tokenize as tok};
use super::util::*;

struct Parser {
    lexer: Lexer,
    toks: Vec<Token>,
    last: Option<Box<Token>>,
}

impl Parser {
    fn new(src: &str) -> Self {
        let mut lx = Lexer::new(src);
        lx.skip(); // recv: skip=Lexer::new()
        let t: Token = lx.next_token(); // recv: next_token=Lexer::new()
        t.kind(); // recv: kind=Token
        let p = Parser { lexer: lx, toks: Vec::new(), last: None };
        p.check(); // recv: check=Parser
        p
    }

    fn parse(&mut self, n: usize) -> Option<Token> {
        self.lexer.next_token(); // recv: next_token=Parser.lexer
        self.toks[n].kind(); // recv: kind=Parser.toks.[]
        let tok = self.lexer.peek()?; // recv: peek=Parser.lexer
        tok.kind(); // recv: kind=Parser.lexer.peek().?
        for t in self.toks.iter() {
            t.kind(); // recv: kind=Parser.toks.[]
        }
        if let Some(b) = self.last.clone() {
            b.kind(); // recv: kind=Parser.last.?
        }
        Self::helper(n).run(); // recv: run=Parser.helper()
        let c = |x: u32| x + 1;
        c(1);
        let v = make(3).unwrap(); // recv:
        v.go(); // recv: go=make().?
        "abc".len(); // recv: len=str
        match self.lexer.peek() {
            Some(c) if c.is_alnum() => {} // recv: is_alnum=
            _ => {}
        }
        None
    }
}

fn generic<T: Shape>(s: &T, v: Vec<T>) {
    s.area(); // recv: area=
    v.len(); // recv: len=Vec<T>
}
