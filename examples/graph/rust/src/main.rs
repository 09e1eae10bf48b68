//! A tiny calculator: lexer, parser and evaluator in three modules.

mod eval;
mod lexer;
mod parser;

fn main() {
    let src = std::env::args().nth(1).unwrap_or_else(|| "1+2*(3+4)".to_string());
    let tokens = lexer::Lexer::new(&src).tokens();
    let tree = parser::parse(&tokens);
    println!("{}", eval::eval(&tree));
}
