package bmc

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/suretydev/surety/internal/atomicfile"
)

// A Cache keeps checker results on disk, keyed by the content of the query:
// the rendered program (target, assumptions and removed assertions all
// visible in it), the bound, the unwinding flag, the timeout, and the
// engine's name and version. A second run over an unchanged program then
// runs no checker. Entries are written atomically (temporary file and
// rename), so concurrent runs and interrupted runs leave only whole
// entries. Only evidence is cached: errors and UNKNOWN answers (timeouts
// above all) are asked again. The engine's version is part of the key,
// and the engines name their build in it (a binary's content hash, the
// module's revision), so an upgraded engine never reuses an old engine's
// answer. A Cache is safe for concurrent use.
type Cache struct {
	dir string
}

// OpenCache opens (creating it if needed) a cache in dir.
func OpenCache(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("bmc: cache: %w", err)
	}
	return &Cache{dir: dir}, nil
}

// cacheVersion changes whenever the meaning of a cached entry changes.
// v3: answers whose unwinding counterexample lost its flag in an adapter
// (a bound's counterexample read as the target's) are not served again.
const cacheVersion = "bmc-cache-v3"

func cacheKey(q *Query, engine string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\nengine=%s\nk=%d\nunwinding=%t\ntimeout=%d\n", cacheVersion, engine, q.K, q.UnwindingAssertions, q.TimeoutOrDefault())
	for _, f := range q.Program.Compile.Flags() {
		fmt.Fprintf(h, "flag=%s\n", f)
	}
	h.Write(q.Render("", "__surety_assume"))
	return hex.EncodeToString(h.Sum(nil))
}

// engineID names a checker and its version for the cache key.
func engineID(ctx context.Context, c Checker) string {
	id := c.Name()
	if v, ok := c.(Versioner); ok {
		ver, err := v.Version(ctx)
		if err != nil {
			ver = "unknown version: " + err.Error()
		}
		id += " " + strconv.Quote(ver)
	}
	return id
}

func (c *Cache) path(key string) string { return filepath.Join(c.dir, key[:2], key+".json") }

func (c *Cache) get(key string) (*Result, bool) {
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		return nil, false
	}
	var r Result
	if json.Unmarshal(b, &r) != nil {
		return nil, false
	}
	return &r, true
}

func (c *Cache) put(key string, r *Result) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("bmc: cache: %w", err)
	}
	return atomicfile.Write(c.path(key), b)
}

// drop removes an entry; a missing one is no error.
func (c *Cache) drop(key string) error {
	if err := os.Remove(c.path(key)); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("bmc: cache: %w", err)
	}
	return nil
}
