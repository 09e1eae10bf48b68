/// The kinds of C tokens the lexer produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    Auto, Break, Case, Char, Const, Continue, Default, Do, Double, Else, Enum, Extern,
    Float, For, Goto, If, Inline, Int, Long, Nullptr, Register, Restrict, Return, Short,
    Signed, Sizeof, Static, Struct, Switch, Typedef, Typeof, Union, Unsigned, Void,
    Volatile, While, Bool, True, False, Asm,
}

impl TokenKind {
    /// Maps a keyword to its token kind.
    pub fn from_keyword(s: &str, gnu_extensions: bool) -> Option<TokenKind> {
        let first = s.as_bytes()[0];
        if !matches!(first, b'a' | b'b' | b'c' | b'd' | b'e' | b'f' | b'g' | b'i' | b'l' | b'r'
            | b's' | b't' | b'u' | b'v' | b'w' | b'_') {
            return None;
        }
        match s {
            "auto" => Some(TokenKind::Auto),
            "break" => Some(TokenKind::Break),
            "case" => Some(TokenKind::Case),
            "char" => Some(TokenKind::Char),
            "const" => Some(TokenKind::Const),
            "continue" => Some(TokenKind::Continue),
            "default" => Some(TokenKind::Default),
            "do" => Some(TokenKind::Do),
            "double" => Some(TokenKind::Double),
            "else" => Some(TokenKind::Else),
            "enum" => Some(TokenKind::Enum),
            "extern" => Some(TokenKind::Extern),
            "float" => Some(TokenKind::Float),
            "for" => Some(TokenKind::For),
            "goto" => Some(TokenKind::Goto),
            "if" => Some(TokenKind::If),
            "inline" => Some(TokenKind::Inline),
            "int" => Some(TokenKind::Int),
            "long" => Some(TokenKind::Long),
            "nullptr" => Some(TokenKind::Nullptr),
            "register" => Some(TokenKind::Register),
            "restrict" => Some(TokenKind::Restrict),
            "return" => Some(TokenKind::Return),
            "short" => Some(TokenKind::Short),
            "signed" => Some(TokenKind::Signed),
            "sizeof" => Some(TokenKind::Sizeof),
            "static" => Some(TokenKind::Static),
            "struct" => Some(TokenKind::Struct),
            "switch" => Some(TokenKind::Switch),
            "typedef" => Some(TokenKind::Typedef),
            "typeof" => Some(TokenKind::Typeof),
            "union" => Some(TokenKind::Union),
            "unsigned" => Some(TokenKind::Unsigned),
            "void" => Some(TokenKind::Void),
            "volatile" => Some(TokenKind::Volatile),
            "while" => Some(TokenKind::While),
            "bool" | "_Bool" => Some(TokenKind::Bool),
            "true" => Some(TokenKind::True),
            "false" => Some(TokenKind::False),
            "asm" | "__asm__" if gnu_extensions => Some(TokenKind::Asm),
            _ => None,
        }
    }
}
