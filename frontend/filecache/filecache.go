package filecache

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"

	"github.com/suretydev/surety/frontend"
)

// Options control Open. The zero value is valid; a nil *Options means the
// zero value.
type Options struct {
	// Salt is mixed into every key; entries written under another salt
	// are not seen. Use a build identifier of the program (its binary's
	// hash) so that a new frontend never reads an old extraction. Empty
	// means no salt.
	Salt string
}

// A Cache is a directory of parsed files. It is safe for concurrent use.
type Cache struct {
	dir  string
	salt string

	hits, misses, writes, errs atomic.Int64
}

// Stats counts what a Cache did since Open.
type Stats struct {
	Hits   int64 `json:"hits"`
	Misses int64 `json:"misses"`
	Writes int64 `json:"writes"`
	// Errors counts entries that could not be read, decoded or written.
	Errors int64 `json:"errors"`
}

var _ frontend.Cache = (*Cache)(nil)

// Open returns the cache kept in dir, creating the directory if needed.
func Open(dir string, opts *Options) (*Cache, error) {
	if opts == nil {
		opts = &Options{}
	}
	if dir == "" {
		return nil, errors.New("filecache: no directory")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("filecache: %w", err)
	}
	return &Cache{dir: dir, salt: opts.Salt}, nil
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// Stats returns the counts so far.
func (c *Cache) Stats() Stats {
	return Stats{Hits: c.hits.Load(), Misses: c.misses.Load(), Writes: c.writes.Load(), Errors: c.errs.Load()}
}

// key names the entry of one file.
func (c *Cache) key(lang string, mode frontend.Mode, src *frontend.Source) string {
	h := sha256.New()
	for _, s := range []string{c.salt, lang, strconv.FormatUint(uint64(mode), 10), src.Path} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	h.Write(src.Content)
	sum := hex.EncodeToString(h.Sum(nil))
	return filepath.Join(c.dir, sum[:2], sum[2:]+".gob")
}

// Get returns the file stored for src, or nil.
func (c *Cache) Get(lang string, mode frontend.Mode, src *frontend.Source) *frontend.File {
	// An entry is read like a source file: something other than a
	// regular file in its place (a pipe) is a miss, never a hang.
	data, err := frontend.ReadFile(context.Background(), c.key(lang, mode, src))
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			c.errs.Add(1)
		}
		c.misses.Add(1)
		return nil
	}
	var out frontend.File
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&out); err != nil {
		c.errs.Add(1)
		c.misses.Add(1)
		return nil
	}
	if mode.Has(frontend.NeedSource) {
		out.Source = src.Content
	}
	c.hits.Add(1)
	return &out
}

// Put stores f as the parse of src. The source bytes themselves are not
// stored: Get takes them from the Source it is given.
func (c *Cache) Put(lang string, mode frontend.Mode, src *frontend.Source, f *frontend.File) {
	if err := c.put(c.key(lang, mode, src), f); err != nil {
		c.errs.Add(1)
		return
	}
	c.writes.Add(1)
}

// put writes an entry through a temporary file renamed into place. Unlike
// internal/atomicfile it does not sync: tens of thousands of entries are
// written per tree, and an entry lost or torn in a crash only costs a
// miss (a torn entry fails to decode).
func (c *Cache) put(path string, f *frontend.File) error {
	stripped := *f
	stripped.Source = nil
	return c.write(path, func(w *bufio.Writer) error { return gob.NewEncoder(w).Encode(&stripped) })
}

// write writes an entry at path with fill, through a temporary file
// renamed into place.
func (c *Cache) write(path string, fill func(*bufio.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename, a no-op
	w := bufio.NewWriter(tmp)
	if err := fill(w); err != nil {
		tmp.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// resultPath names the entry of a result stored under key.
func (c *Cache) resultPath(key string) string {
	h := sha256.New()
	for _, s := range []string{c.salt, "result", key} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return filepath.Join(c.dir, "results", hex.EncodeToString(h.Sum(nil)))
}

// ResultFile returns the path of the entry of a result stored under key
// (with this cache's salt), for a result too big to be held in memory: the
// caller reads it, and writes it through a temporary file in the same
// directory renamed into place. The directory may not exist yet.
func (c *Cache) ResultFile(key string) string { return c.resultPath(key) }

// GetResult returns the bytes PutResult stored under key (with this
// cache's salt), or false. It lets a program keep what it computed from a
// whole tree under the tree's frontend.Fingerprint, so that an unchanged
// rerun skips loading altogether. It counts in Stats as a file entry does.
func (c *Cache) GetResult(key string) ([]byte, bool) {
	data, err := frontend.ReadFile(context.Background(), c.resultPath(key))
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			c.errs.Add(1)
		}
		c.misses.Add(1)
		return nil, false
	}
	c.hits.Add(1)
	return data, true
}

// PutResult stores data under key, atomically: a concurrent GetResult sees
// the old entry or the new one, never part of one.
func (c *Cache) PutResult(key string, data []byte) {
	if err := c.write(c.resultPath(key), func(w *bufio.Writer) error {
		_, err := w.Write(data)
		return err
	}); err != nil {
		c.errs.Add(1)
		return
	}
	c.writes.Add(1)
}
