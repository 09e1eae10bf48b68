package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A run stopped in the middle of writing a program's line leaves the state
// without its newline; the resumed run's lines must still read back whole.
func TestStateResumesAfterABrokenLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	whole := `{"name":"gen-1","seconds":1}` + "\n"
	if err := os.WriteFile(path, []byte(whole+`{"name":"gen-2","sec`), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := openState(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"name":"gen-3","seconds":3}` + "\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	done, err := readState(path)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, pr := range done {
		names = append(names, pr.Name)
	}
	if len(names) != 2 || names[0] != "gen-1" || names[1] != "gen-3" {
		t.Errorf("read back %q, want gen-1 and gen-3 (gen-2 was cut off)", names)
	}
}
