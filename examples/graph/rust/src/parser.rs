use crate::lexer::Token;

pub enum Expr {
    Num(i64),
    Add(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
}

pub fn parse(tokens: &[Token]) -> Expr {
    let mut p = Parser { tokens, pos: 0 };
    p.expr()
}

// expr, term and factor recurse into each other: one component, one layer.
impl<'a> Parser<'a> {
    fn expr(&mut self) -> Expr {
        let mut e = self.term();
        while self.eat('+') {
            e = Expr::Add(Box::new(e), Box::new(self.term()));
        }
        e
    }

    fn term(&mut self) -> Expr {
        let mut e = self.factor();
        while self.eat('*') {
            e = Expr::Mul(Box::new(e), Box::new(self.factor()));
        }
        e
    }

    fn factor(&mut self) -> Expr {
        if self.eat('(') {
            let e = self.expr();
            self.eat(')');
            return e;
        }
        match self.tokens.get(self.pos) {
            Some(Token::Num(n)) => {
                self.pos += 1;
                Expr::Num(*n)
            }
            _ => Expr::Num(0),
        }
    }

    fn eat(&mut self, op: char) -> bool {
        if self.tokens.get(self.pos) == Some(&Token::Op(op)) {
            self.pos += 1;
            return true;
        }
        false
    }
}
