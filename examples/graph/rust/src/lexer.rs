#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    Num(i64),
    Op(char),
}

pub struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer { chars: src.chars().peekable() }
    }

    pub fn tokens(mut self) -> Vec<Token> {
        let mut out = Vec::new();
        while let Some(t) = self.next_token() {
            out.push(t);
        }
        out
    }

    fn next_token(&mut self) -> Option<Token> {
        self.skip_space();
        let c = *self.chars.peek()?;
        if c.is_ascii_digit() {
            return Some(Token::Num(self.number()));
        }
        self.chars.next();
        Some(Token::Op(c))
    }

    fn number(&mut self) -> i64 {
        let mut v = 0;
        while let Some(d) = self.chars.peek().and_then(|c| c.to_digit(10)) {
            v = v * 10 + d as i64;
            self.chars.next();
        }
        v
    }

    fn skip_space(&mut self) {
        while self.chars.peek() == Some(&' ') {
            self.chars.next();
        }
    }
}
