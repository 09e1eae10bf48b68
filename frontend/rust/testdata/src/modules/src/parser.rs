pub struct Parser;

impl Parser {
    pub fn parse(&self) {} // want func:"parser::Parser::parse"
}
