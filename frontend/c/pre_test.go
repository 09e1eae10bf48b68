package c

import (
	"strings"
	"testing"
)

func TestBlankDead(t *testing.T) {
	cases := []struct{ in, want string }{
		{"int a;\n", "int a;\n"},
		{"#if 0\nx {{\n#endif\nint b;\n", "#if 0\n    \n#endif\nint b;\n"},
		{"#if 0 /* off */\n{\n#else\nint c;\n#endif\n", "#if 0 /* off */\n \n#else\nint c;\n#endif\n"},
		{"#if 0\n#ifdef A\n{\n#endif\n}\n#elif B\nint d;\n#endif\n", "#if 0\n        \n \n      \n \n#elif B\nint d;\n#endif\n"},
		{"#if 00\n{\n#endif\n", "#if 00\n{\n#endif\n"},
		{"#if 0\n{\r\n", "#if 0\n \r\n"},
		{"#ifdef __cplusplus\nextern \"C\" {\n#endif\nint e;\n#ifdef __cplusplus\n}\n#endif\n",
			"#ifdef __cplusplus\n            \n#endif\nint e;\n#ifdef __cplusplus\n \n#endif\n"},
		{"#ifdef __cplusplus\nextern \"C\" {\nint f;\n#endif\n", "#ifdef __cplusplus\nextern \"C\" {\nint f;\n#endif\n"},
	}
	for _, c := range cases {
		got := string(blankDead([]byte(c.in)))
		if got != c.want {
			t.Errorf("blankDead(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
		if len(got) != len(c.in) || strings.Count(got, "\n") != strings.Count(c.in, "\n") {
			t.Errorf("blankDead(%q) moved bytes or lines", c.in)
		}
	}
	in := []byte("#if 0\nx\n#endif\n")
	blankDead(in)
	if string(in) != "#if 0\nx\n#endif\n" {
		t.Error("blankDead changed its input")
	}
}

func TestMayHoldCode(t *testing.T) {
	cases := []struct {
		src  string
		want bool
	}{
		{"", false},
		{"#define REG_A 0x10\n#define REG_B (1 << 3)\n", false},
		{"#define M(x) \\\n\t((x) + 1)\nint a;\n", false},
		{"  # define F(x) f(x)\r\n", false},
		{"#define A 1\nint f(void);\n", true},
		{"int a = (1);", true},
		{"/* (comment) */\n", true}, // comments are not told apart: parse
	}
	for _, c := range cases {
		if got := mayHoldCode([]byte(c.src)); got != c.want {
			t.Errorf("mayHoldCode(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
