package buildid

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFileChangesWithContent(t *testing.T) {
	p := filepath.Join(t.TempDir(), "engine")
	if err := os.WriteFile(p, []byte("build one"), 0o755); err != nil {
		t.Fatal(err)
	}
	a, err := File(p)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := File(p)
	if err := os.WriteFile(p, []byte("build two"), 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := File(p)
	if err != nil {
		t.Fatal(err)
	}
	if a != again || a == b || !strings.HasPrefix(a, "sha256:") {
		t.Errorf("File: %q, %q, %q: want stable per content and different across contents", a, again, b)
	}
	if _, err := File(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("File of a missing path: no error")
	}
}

func TestSelfNamesTheExecutable(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	h, err := File(exe)
	if err != nil {
		t.Fatal(err)
	}
	if s := Self(); !strings.Contains(s, h) {
		t.Errorf("Self() = %q, want it to hold the executable's hash %s", s, h)
	}
}
