pub struct Token {
    pub v: u32,
}

impl Token {
    pub fn value(&self) -> u32 {
        self.v
    }
}

pub struct Lexer {
    pos: usize,
    src: Vec<u8>,
}

impl Lexer {
    pub fn new(src: &str) -> Self {
        Lexer { pos: 0, src: src.as_bytes().to_vec() }
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    pub fn next_token(&mut self) -> Option<Token> {
        let c = self.peek()?;
        self.pos += 1;
        Some(Token { v: helper(c as u32) })
    }
}

pub fn helper(x: u32) -> u32 {
    x + 1
}
