package rust

import "testing"

func TestFileModule(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"src/lib.rs", ""},
		{"src/main.rs", ""},
		{"src/lexer.rs", "lexer"},
		{"src/lexer/mod.rs", "lexer"},
		{"src/lexer/token.rs", "lexer::token"},
		{"crates/core/src/a/b/c.rs", "a::b::c"},
		{"crates/core/src/a/lib.rs", "a::lib"},
		{"src/bin/tool.rs", ""},
		{"src/bin/tool/main.rs", ""},
		{"src/bin/tool/args.rs", "args"},
		{"tests/integration.rs", ""},
		{"tests/suite/main.rs", ""},
		{"tests/suite/helpers.rs", "helpers"},
		{"benches/speed.rs", ""},
		{"lonely.rs", ""},
		{`C:\work\src\x.rs`, "x"},
		{"/usr/src/rustc-1.63.0/library/core/src/num/mod.rs", "num"},
	} {
		if got := fileModule(c.path); got != c.want {
			t.Errorf("fileModule(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}
