package main

import "testing"

// TestFromKeywordBugPorted: the port keeps the example's bug, and only it.
func TestFromKeywordBugPorted(t *testing.T) {
	for _, kw := range []string{"int", "return", "while", "_Bool", "typeof", "true"} {
		if _, ok := fromKeyword(kw, false); !ok {
			t.Errorf("%s is not lexed as a keyword", kw)
		}
	}
	if _, ok := fromKeyword("nullptr", false); ok {
		t.Errorf("nullptr is a keyword: the example's bug is gone from the port")
	}
	if _, ok := fromKeyword("asm", false); ok {
		t.Errorf("asm is a keyword without GNU extensions")
	}
}

func TestCheckerDiagnostics(t *testing.T) {
	for src, want := range map[string]int{
		"int main() { int *ptr_a = nullptr; return 0; }":            1,
		"int main(void) { int x = 1; return x; }":                   0,
		"int f(int a); int main() { return f(2) + y; }":             1,
		"int main() { int a = 0; { int b = a; } return b; }":        1,
		"#include <stdio.h>\nint main() { /* x */ return 0; } // y": 0,
	} {
		c := &checker{file: "t.c", toks: tokenize(strip([]byte(src)), false), scopes: []map[string]bool{{}}}
		c.unit()
		if len(c.diags) != want {
			t.Errorf("%q: %d diagnostics %v, want %d", src, len(c.diags), c.diags, want)
		}
	}
}
