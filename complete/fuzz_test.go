package complete

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// FuzzExtract feeds arbitrary text to what the checker reads before it
// runs Dafny: the declarations from frontend/dafny, the targets and their
// types, and the input files it would generate. None may panic, and every
// declaration must lie on a line of the input.
func FuzzExtract(f *testing.F) {
	for _, glob := range []string{"testdata/*.dfy", "testdata/probes/*.dfy", "../examples/dafny/*.dfy"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("method M(x: int) returns (r: int) ensures r > x"))
	f.Add([]byte("function F(s: seq<int>): int\n  ensures F(s) >= 0\n{ |s| }\ndatatype D = A | B(n: nat)"))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := readDafny(context.Background(), "fuzz.dfy", src)
		if err != nil {
			return
		}
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, d := range file.Decls {
			if d.Line < 1 || d.Line > lines {
				t.Fatalf("declaration %s at line %d of a %d-line input", d.Name, d.Line, lines)
			}
		}
		c := &checker{opts: &Options{}, file: file}
		c.targets()
		for _, tg := range c.all {
			if tg.res.Verdict == Skip && tg.res.Reason == "" {
				t.Fatalf("%s skipped without a reason", tg.res.Name)
			}
		}
		prepareInput("fuzz.dfy", src, file, false)
		prepareInput("fuzz.dfy", src, file, true)
	})
}
