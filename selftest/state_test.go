package selftest

import (
	"os"
	"path/filepath"
	"testing"
)

// A run stopped in the middle of writing a program's line leaves the state
// without its newline; the resumed run's lines must still read back whole,
// and the program cut off is not done.
func TestStateResumesAfterABrokenLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	whole := `{"name":"gen-1","seconds":1}` + "\n"
	if err := os.WriteFile(path, []byte(whole+`{"name":"gen-2","sec`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := OpenState(path)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Skip("gen-1") || s.Skip("gen-2") {
		t.Errorf("Skip: gen-1 %t, gen-2 %t; want only gen-1 done", s.Skip("gen-1"), s.Skip("gen-2"))
	}
	if err := s.Add(&ProgramResult{Name: "gen-3", Seconds: 3}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = OpenState(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var names []string
	for _, pr := range s.Done() {
		names = append(names, pr.Name)
	}
	if len(names) != 2 || names[0] != "gen-1" || names[1] != "gen-3" {
		t.Errorf("read back %q, want gen-1 and gen-3 (gen-2 was cut off)", names)
	}
}
