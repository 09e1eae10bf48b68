package golang

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/suretydev/surety/frontend"
)

// Under LoadOptions.Root, the Go frontend's files, spans and resolved call
// targets name files relative to the root, whatever path they were loaded
// by, and every target is the ID of a function of the program.
func TestLoadRoot(t *testing.T) {
	dir := t.TempDir()
	for n, c := range map[string]string{
		"go.mod":   "module example.com/a\n\ngo 1.22\n",
		"a.go":     "package a\n\nfunc F() int { return G() + 1 }\n",
		"sub/b.go": "package sub\n\nfunc H() int { return 2 }\n",
		"g.go":     "package a\n\nimport \"example.com/a/sub\"\n\nfunc G() int { return sub.H() }\n",
	} {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, paths := range [][]string{{dir}, {filepath.Join(dir, "a.go"), filepath.Join(dir, "g.go"), filepath.Join(dir, "sub", "b.go")}} {
		prog, ferrs, err := frontend.Load(context.Background(), paths, &frontend.LoadOptions{Languages: []*frontend.Language{Go}, Root: dir})
		if err != nil || len(ferrs) != 0 {
			t.Fatalf("%v %v", err, ferrs)
		}
		var ids, targets []string
		for _, f := range prog.Files {
			for _, fn := range f.Functions {
				ids = append(ids, fn.ID())
				for _, c := range fn.Calls {
					targets = append(targets, c.Targets...)
				}
			}
		}
		want := []string{"a.go:example.com/a::F@3", "g.go:example.com/a::G@5", "sub/b.go:example.com/a/sub::H@3"}
		slices.Sort(ids)
		if !slices.Equal(ids, want) {
			t.Errorf("IDs %v, want %v", ids, want)
		}
		if len(targets) != 2 {
			t.Errorf("targets %v, want 2", targets)
		}
		for _, tg := range targets {
			if !slices.Contains(ids, tg) {
				t.Errorf("target %q is no function of the program %v", tg, ids)
			}
		}
	}
}
