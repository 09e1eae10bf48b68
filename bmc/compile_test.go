package bmc

import (
	"slices"
	"testing"
)

// TestInlineFlag checks that a program whose functions are defined
// inline, as C99 writes them, is built so that it links at -O0, and that
// the flag is gcc's only: ESBMC and CBMC do not get it.
func TestInlineFlag(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"inline void f(void) {}\nint main(void) { f(); }", true},
		{"static inline int f(int x) { return x; }", true},
		{"extern inline int f(int x) { return x; }", false},
		{"inline extern int f(int x) { return x; }", false},
		{"int inlined = 0; // inline in a comment is a word too\n", true},
		{"int main(void) { return 0; }", false},
	} {
		p := &Program{Source: []byte(tc.src)}
		if got := slices.Contains(p.BuildFlags(), gnuInline); got != tc.want {
			t.Errorf("%q: %s in the build flags: %v, want %v", tc.src, gnuInline, got, tc.want)
		}
		if slices.Contains(p.EngineFlags(), gnuInline) {
			t.Errorf("%q: %s in the engines' flags", tc.src, gnuInline)
		}
	}
}
