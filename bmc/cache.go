package bmc

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/suretydev/surety/work"
)

// A Cache keeps checker results, keyed by the content of the query: the
// rendered program (target, assumptions and removed assertions all visible
// in it), the bound, the unwinding flag, the timeout, and the engine's name
// and version. A second run over an unchanged program then runs no
// checker. Entries live in a work.Store: a directory (OpenCache), or a
// store shared by several machines (NewCache over work/nats's Store), and
// are written atomically, so concurrent runs and interrupted runs leave
// only whole entries. Only evidence is cached: errors and UNKNOWN answers
// (timeouts above all) are asked again, and never served. The engine's
// version is part of the key, and the engines name their build in it (a
// binary's content hash, the module's revision), so an upgraded engine
// never reuses an old engine's answer, wherever the entry was written. A
// Cache is safe for concurrent use.
type Cache struct {
	store work.Store
}

// OpenCache opens (creating it if needed) a cache in dir: each entry is
// the file dir/KE/KEY.json (work.Dir).
func OpenCache(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("bmc: cache: %w", err)
	}
	return &Cache{store: work.NewDir(dir)}, nil
}

// NewCache returns a cache whose entries live in s, with the same keys
// and entries as a cache in a directory.
func NewCache(s work.Store) *Cache { return &Cache{store: s} }

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

// get returns the entry of key; an entry that cannot be read or decoded
// is a miss (the query is checked again and the entry replaced).
func (c *Cache) get(ctx context.Context, key string) (*Result, bool) {
	b, err := c.store.Get(ctx, key)
	if err != nil {
		return nil, false
	}
	var r Result
	if json.Unmarshal(b, &r) != nil {
		return nil, false
	}
	return &r, true
}

func (c *Cache) put(ctx context.Context, key string, r *Result) error {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("bmc: cache: %w", err)
	}
	if err := c.store.Put(ctx, key, b); err != nil {
		return fmt.Errorf("bmc: cache: %w", err)
	}
	return nil
}

// drop removes an entry; a missing one is no error.
func (c *Cache) drop(ctx context.Context, key string) error {
	if err := c.store.Delete(ctx, key); err != nil {
		return fmt.Errorf("bmc: cache: %w", err)
	}
	return nil
}
