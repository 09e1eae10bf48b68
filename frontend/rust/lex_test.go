package rust

import (
	"testing"
)

func TestLexTokens(t *testing.T) {
	src := `m!(a::b(1), x.f('c', 'life, r#"s"#, b"t", "u\"v", 1.5e3), /* c /* n */ */ y != z // e
, w)`
	ts := lexTokens(src, 2, len(src), nil)
	var got []string
	for _, k := range ts {
		got = append(got, src[k.start:k.end])
	}
	want := []string{"(", "a", "::", "b", "(", "1", ")", ",", "x", ".", "f", "(", "'c'", ",", "'life", ",",
		`r#"s"#`, ",", `b"t"`, ",", `"u\"v"`, ",", "1.5e3", ")", ",", "y", "!=", "z", ",", "w", ")"}
	if len(got) != len(want) {
		t.Fatalf("tokens %q\nwant %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("token %d = %q, want %q", i, got[i], want[i])
		}
	}
	if ts[0].match != int32(len(ts)-1) || ts[4].match != 6 {
		t.Errorf("matches: %d %d", ts[0].match, ts[4].match)
	}
	if ts[26].kind != lxOther || ts[9].kind != lxDot || ts[2].kind != lxColon2 {
		t.Errorf("kinds: != %d, . %d, :: %d", ts[26].kind, ts[9].kind, ts[2].kind)
	}
}

// FuzzLexTokens checks that tokens lie in order inside the lexed range,
// are not empty, and that matched delimiters pair an open with a later
// close of the same family.
func FuzzLexTokens(f *testing.F) {
	f.Add(`(a::b(c).d!(e), 'x', 'y, r#"z"#)`)
	f.Add(`{ /* /* */ */ "\"" b'\'' 1..2 x.0.1 }`)
	f.Fuzz(func(t *testing.T, s string) {
		ts := lexTokens(s, 0, len(s), nil)
		prev := int32(0)
		for i, k := range ts {
			if k.start < prev || k.end <= k.start || int(k.end) > len(s) {
				t.Fatalf("token %d [%d,%d) after %d in %d bytes", i, k.start, k.end, prev, len(s))
			}
			prev = k.end
			if k.kind == lxOpen && k.match >= 0 {
				c := ts[k.match]
				if int(k.match) <= i || c.kind != lxClose {
					t.Fatalf("token %d matched with %d", i, k.match)
				}
			}
		}
		li := newLineIndex(s)
		for _, k := range ts {
			line, col := li.pos(int(k.start))
			if line < 1 || col < 1 {
				t.Fatalf("pos %d: line %d col %d", k.start, line, col)
			}
		}
	})
}
