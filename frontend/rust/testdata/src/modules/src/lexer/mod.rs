pub fn lex() {} // want func:"lexer::lex exported"

pub mod token {
    pub fn kind() {} // want func:"lexer::token::kind"
}
