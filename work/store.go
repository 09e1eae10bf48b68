package work

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/suretydev/surety/internal/atomicfile"
)

// A Store keeps values by key for the content-addressed caches (bmc's
// verdicts, llm's replies): a directory on this machine (Dir) or a store
// every machine reaches (work/nats's Store, on JetStream's key-value and
// object stores). A cache derives its keys from what decides an entry
// (the query, the engine and its build); a Store only keeps bytes.
//
// A key is a non-empty string of ASCII letters, digits, '-' and '_'
// (the caches use hex digests); a Store may refuse any other.
//
// A Store is safe for concurrent use, also by several processes sharing
// it, and Put is atomic: a Get sees a whole value, the old one or the new,
// never a part.
type Store interface {
	// Get returns the value of key, or an error that wraps ErrNotFound
	// when there is none.
	Get(ctx context.Context, key string) ([]byte, error)
	// Put sets the value of key, replacing any.
	Put(ctx context.Context, key string, value []byte) error
	// Delete removes key's value; a missing one is no error.
	Delete(ctx context.Context, key string) error
}

// ErrNotFound reports a key a Store holds no value for.
var ErrNotFound = errors.New("work: no value for the key")

// Where names the place of key in s for messages: the file of a Dir, and
// otherwise the key in the store as fmt's %v prints the store.
func Where(s Store, key string) string {
	if d, ok := s.(*Dir); ok && ValidKey(key) {
		return d.Path(key)
	}
	return fmt.Sprintf("key %s in %v", key, s)
}

// ValidKey reports whether key is a Store key: non-empty, of ASCII
// letters, digits, '-' and '_'.
func ValidKey(key string) bool {
	if key == "" {
		return false
	}
	for _, r := range key {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '-', r == '_':
		default:
			return false
		}
	}
	return true
}

// A Dir is a Store in a directory of this machine: the value of key is
// the file DIR/KE/KEY.json, where KE is the key's first two characters
// (the layout bmc's and llm's caches have always had). Values are written
// to a temporary file and renamed into place (internal/atomicfile).
type Dir struct {
	dir string
}

// NewDir returns the Store in the directory dir, which is created by the
// first Put.
func NewDir(dir string) *Dir { return &Dir{dir: dir} }

// String returns the directory.
func (d *Dir) String() string { return d.dir }

// Path returns the file of key, which must be valid (ValidKey).
func (d *Dir) Path(key string) string {
	sub := key
	if len(sub) > 2 {
		sub = sub[:2]
	}
	return filepath.Join(d.dir, sub, key+".json")
}

func (d *Dir) check(key string) error {
	if !ValidKey(key) {
		return fmt.Errorf("work: store %s: invalid key %q", d.dir, key)
	}
	return nil
}

// Get implements Store.
func (d *Dir) Get(ctx context.Context, key string) ([]byte, error) {
	if err := d.check(key); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(d.Path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, d.Path(key))
	}
	if err != nil {
		return nil, fmt.Errorf("work: store: %w", err)
	}
	return b, nil
}

// Put implements Store.
func (d *Dir) Put(ctx context.Context, key string, value []byte) error {
	if err := d.check(key); err != nil {
		return err
	}
	if err := atomicfile.Write(d.Path(key), value); err != nil {
		return fmt.Errorf("work: store: %w", err)
	}
	return nil
}

// Delete implements Store.
func (d *Dir) Delete(ctx context.Context, key string) error {
	if err := d.check(key); err != nil {
		return err
	}
	if err := os.Remove(d.Path(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("work: store: %w", err)
	}
	return nil
}
