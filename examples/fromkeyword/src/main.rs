mod lexer;
mod token;

use std::io::Read;

/// Reads a C program on stdin and prints one token per line.
fn main() {
    let mut src = String::new();
    std::io::stdin().read_to_string(&mut src).unwrap();
    for tok in lexer::tokenize(&src, false) {
        println!("{}", tok.describe());
    }
}
