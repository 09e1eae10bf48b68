package smt

import "testing"

// FuzzParseSexps checks that reading never panics, that printing what was
// read reads back the same, and that decoding any value never panics.
func FuzzParseSexps(f *testing.F) {
	for _, seed := range []string{
		"((x #x03) (|a b| (fp #b0 #x7f #b11000000000000000000000)))",
		"(error \"line 1: \"\"bad\"\"\")", "(_ bv5 8) (- 5) (/ 1 3) ; c\n((as const (Array Int Int)) 0)",
		"(_ NaN 8 24) (fp #b1 #b0 #b)", "|", "\"", ")(",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		es, err := parseSexps(text)
		if err != nil {
			return
		}
		for _, e := range es {
			_ = decodeValue(e, "")
			back, err := parseSexps(e.String())
			if err != nil || len(back) != 1 || back[0].String() != e.String() {
				t.Fatalf("%q printed as %q reads back as %v, %v", text, e.String(), back, err)
			}
		}
		sc, err := parseScript(text)
		if err == nil {
			for _, c := range sc.cmds {
				_ = sc.sortOf(c)
			}
			_ = sc.inferLogic()
		}
	})
}
