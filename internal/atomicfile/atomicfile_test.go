package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "f.json")
	if err := Write(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "two" {
		t.Fatalf("read %q, %v", got, err)
	}
	ents, _ := os.ReadDir(filepath.Dir(path))
	if len(ents) != 1 {
		t.Errorf("%d entries: a temporary file was left behind", len(ents))
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", info.Mode().Perm())
	}
}

func TestWriteFailsCleanly(t *testing.T) {
	dir := t.TempDir()
	// A directory where the file should be: the rename fails, nothing is left.
	path := filepath.Join(dir, "f")
	os.Mkdir(path, 0o755)
	os.WriteFile(filepath.Join(path, "x"), nil, 0o644)
	if err := Write(path, []byte("data")); err == nil {
		t.Fatal("no error writing over a directory")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("%d entries left in the directory", len(ents))
	}
}

// A stream that fails half way leaves the old content and no temporary
// file behind.
func TestWriteFuncFailsCleanly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.json")
	if err := Write(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	broken := errors.New("stream broke")
	err := WriteFunc(path, func(w io.Writer) error {
		io.WriteString(w, "half of the new")
		return broken
	})
	if !errors.Is(err, broken) {
		t.Fatalf("WriteFunc: %v, want the stream's error", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("content %q after a failed write, want the old", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries in the directory, want only the file", len(ents))
	}
}
