use crate::token::TokenKind;

/// A token: a keyword, an identifier, a number or a punctuator.
pub enum Token {
    Keyword(TokenKind),
    Ident(String),
    Number(String),
    Punct(char),
}

impl Token {
    pub fn describe(&self) -> String {
        match self {
            Token::Keyword(k) => format!("keyword {:?}", k),
            Token::Ident(s) => format!("identifier {}", s),
            Token::Number(s) => format!("number {}", s),
            Token::Punct(c) => format!("punct {}", c),
        }
    }
}

struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    gnu: bool,
}

impl<'a> Lexer<'a> {
    /// Lexes the identifier or keyword starting at the current position.
    fn lex_identifier(&mut self) -> Token {
        let start = self.pos;
        while self.pos < self.src.len() && (self.src[self.pos].is_ascii_alphanumeric() || self.src[self.pos] == b'_') {
            self.pos += 1;
        }
        let ident = std::str::from_utf8(&self.src[start..self.pos]).unwrap();
        // Keywords are reserved: an identifier spelled like a keyword is that keyword.
        if let Some(kind) = TokenKind::from_keyword(ident, self.gnu) {
            return Token::Keyword(kind);
        }
        Token::Ident(ident.to_string())
    }

    fn lex_number(&mut self) -> Token {
        let start = self.pos;
        while self.pos < self.src.len() && self.src[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        Token::Number(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned())
    }
}

/// Splits C source into tokens; whitespace separates them.
pub fn tokenize(src: &str, gnu: bool) -> Vec<Token> {
    let mut lx = Lexer { src: src.as_bytes(), pos: 0, gnu };
    let mut out = Vec::new();
    while lx.pos < lx.src.len() {
        let c = lx.src[lx.pos];
        if c.is_ascii_whitespace() {
            lx.pos += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            out.push(lx.lex_identifier());
        } else if c.is_ascii_digit() {
            out.push(lx.lex_number());
        } else {
            out.push(Token::Punct(c as char));
            lx.pos += 1;
        }
    }
    out
}
