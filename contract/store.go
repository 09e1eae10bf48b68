package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/suretydev/surety/internal/atomicfile"
)

// A Store keeps one Record per function as a JSON file in a directory.
// Writes are atomic (a temporary file renamed into place), so a run stopped
// at any moment leaves every record either whole or absent. A Store is safe
// for concurrent use by one process; its methods touch only the file of the
// function they are given.
type Store struct {
	Dir string
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// StableID is a function ID without its line: the name a function keeps
// when an edit above it moves it. Records are filed under it, so an edit
// does not orphan the records of the functions below it.
func StableID(id string) string {
	if i := strings.LastIndexByte(id, '@'); i >= 0 && strings.Trim(id[i+1:], "0123456789") == "" {
		return id[:i]
	}
	return id
}

// path returns the file of a function: a readable name plus a hash of its
// stable ID, so that distinct functions never share a file.
func (s *Store) path(id string) string {
	id = StableID(id)
	h := sha256.Sum256([]byte(id))
	name := id
	if i := strings.LastIndex(name, ":"); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Trim(unsafeChars.ReplaceAllString(name, "_"), "_")
	if len(name) > 60 {
		name = name[len(name)-60:]
	}
	return filepath.Join(s.Dir, name+"-"+hex.EncodeToString(h[:6])+".json")
}

// Put writes r atomically.
func (s *Store) Put(r *Record) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("contract: %w", err)
	}
	return atomicfile.Write(s.path(r.Function), append(data, '\n'))
}

// Get returns the record of the function with the given ID, or nil and no
// error when there is none.
func (s *Store) Get(id string) (*Record, error) {
	data, err := os.ReadFile(s.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("contract: %w", err)
	}
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("contract: %s: %w", s.path(id), err)
	}
	if StableID(r.Function) != StableID(id) {
		return nil, fmt.Errorf("contract: %s holds %q, not %q", s.path(id), r.Function, id)
	}
	return &r, nil
}

// Delete removes the record of a function, if any: the contract of a
// removed function is discarded.
func (s *Store) Delete(id string) error {
	err := os.Remove(s.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// All returns every record in the store, sorted by function ID.
func (s *Store) All() ([]*Record, error) {
	ents, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("contract: %w", err)
	}
	var out []*Record
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(s.Dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("contract: %w", err)
		}
		var r Record
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, fmt.Errorf("contract: %s: %w", filepath.Join(s.Dir, e.Name()), err)
		}
		out = append(out, &r)
	}
	slices.SortFunc(out, func(a, b *Record) int { return strings.Compare(a.Function, b.Function) })
	return out, nil
}
