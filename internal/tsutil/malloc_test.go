//go:build linux && cgo

package tsutil

import (
	"context"
	"fmt"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	tsc "github.com/smacker/go-tree-sitter/c"
)

// TestReleaseCMemory checks, under glibc, that the arena limit is taken
// and that the memory trees freed goes back to the system: after a few
// trees of a 2 MB C file are parsed and closed, malloc_trim has something
// to give back.
func TestReleaseCMemory(t *testing.T) {
	if !LimitArenas(2) {
		t.Skip("the C library is not glibc: mallopt(M_ARENA_MAX) not taken")
	}
	var src strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&src, "int f%d(int x) { return g(x + %d) * h(x); }\n", i, i)
	}
	for range 3 {
		err := Parse(context.Background(), tsc.GetLanguage(), []byte(src.String()), func(root *sitter.Node) error {
			if root.NamedChildCount() != 20000 {
				return fmt.Errorf("%d top-level nodes, want 20000", root.NamedChildCount())
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if !ReleaseCMemory() {
		t.Error("no memory given back after three 2 MB trees were closed")
	}
}
