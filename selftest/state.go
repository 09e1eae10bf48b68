package selftest

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"sync"
)

// A State is the file of a long run's finished programs, one JSON line
// each, appended as each program ends, so that a run stopped at any
// moment resumes where it was (Options.Skip of the done programs). A line
// cut short by a stop is dropped, and its program is checked again.
type State struct {
	mu   sync.Mutex
	f    *os.File
	done []*ProgramResult
	seen map[string]bool
}

// OpenState reads the finished programs of path (none when it does not
// exist) and opens it for appending.
func OpenState(path string) (*State, error) {
	done, err := readState(path)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	// A run stopped in the middle of a line leaves it without its newline:
	// one is added, so that the next program's line is whole.
	info, err := f.Stat()
	if err == nil && info.Size() > 0 {
		last := make([]byte, 1)
		if _, err = f.ReadAt(last, info.Size()-1); err == nil && last[0] != '\n' {
			_, err = f.Write([]byte{'\n'})
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	seen := map[string]bool{}
	for _, pr := range done {
		seen[pr.Name] = true
	}
	return &State{f: f, done: done, seen: seen}, nil
}

// Done returns the programs finished before the state was opened.
func (s *State) Done() []*ProgramResult { return s.done }

// Skip reports whether the program called name is done: Options.Skip.
func (s *State) Skip(name string) bool { return s.seen[name] }

// Add appends a finished program; it is safe for concurrent use.
func (s *State) Add(pr *ProgramResult) error {
	b, err := json.Marshal(pr)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err = s.f.Write(append(b, '\n'))
	return err
}

// Close closes the file.
func (s *State) Close() error { return s.f.Close() }

func readState(path string) ([]*ProgramResult, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*ProgramResult
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var pr ProgramResult
		if json.Unmarshal(sc.Bytes(), &pr) == nil && pr.Name != "" {
			out = append(out, &pr)
		}
	}
	return out, sc.Err()
}
