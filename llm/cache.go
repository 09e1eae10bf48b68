package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/suretydev/surety/work"
)

// CacheMode says what a Cache does.
type CacheMode int

const (
	// CacheOff passes every request through; nothing is read or written.
	CacheOff CacheMode = iota
	// CacheReadWrite answers from the cache when it can, and otherwise asks
	// the model and records the reply ("record").
	CacheReadWrite
	// CacheReplayOnly answers only from the cache; a miss is ErrCacheMiss
	// and the model is never asked ("replay"). A rerun of an experiment in
	// this mode is reproducible, free, and works offline.
	CacheReplayOnly
)

// String returns "off", "record" or "replay".
func (m CacheMode) String() string {
	switch m {
	case CacheOff:
		return "off"
	case CacheReadWrite:
		return "record"
	case CacheReplayOnly:
		return "replay"
	}
	return fmt.Sprintf("CacheMode(%d)", int(m))
}

// ParseCacheMode reads "off", "record" (or "readwrite") and "replay" (or
// "replay-only").
func ParseCacheMode(s string) (CacheMode, error) {
	switch s {
	case "off":
		return CacheOff, nil
	case "record", "readwrite":
		return CacheReadWrite, nil
	case "replay", "replay-only":
		return CacheReplayOnly, nil
	}
	return 0, fmt.Errorf("llm: unknown cache mode %q (want off, record or replay)", s)
}

// A Cache is a Model that keeps replies in a work.Store, addressed by the
// content of the request (see CacheKey): a directory (Cached), or a store
// that several machines share (CachedIn over work/nats's Store). It is safe
// for concurrent use, also by several processes sharing the store: entries
// are written atomically (to a temporary file renamed into place, in a
// directory), so a reader sees a whole entry or none. Concurrent identical requests in one process are sent once; the
// callers that waited for another's request get its reply marked Cached, so
// a Meter counts the tokens once.
//
// A hit returns the recorded Response with Cached set; its Usage is what
// the original exchange cost. Failed requests are not recorded. A request
// made under Hold (Structured and Ask make theirs so) is recorded only when
// the exchange it belongs to ends with a valid reply: a server that
// answered prose, or JSON that never satisfied the schema, leaves nothing
// behind, and the next run asks again. Outside Hold every reply is
// recorded, truncated ones too: they are what the model said.
type Cache struct {
	m     Model
	store work.Store
	dir   string // the directory of store, "" when it is none
	mode  CacheMode
	group singleflight.Group

	hits, misses, writes atomic.Int64
}

// Cached returns a Cache over m keeping its entries under dir, each in
// the file dir/KE/KEY.json (work.Dir).
func Cached(m Model, dir string, mode CacheMode) *Cache {
	return &Cache{m: m, store: work.NewDir(dir), dir: dir, mode: mode}
}

// CachedIn returns a Cache over m keeping its entries in s, with the same
// keys and entries as a Cache in a directory. A store that is not a
// work.Dir has no sources file: Source returns nil.
func CachedIn(m Model, s work.Store, mode CacheMode) *Cache {
	c := &Cache{m: m, store: s, mode: mode}
	if d, ok := s.(*work.Dir); ok {
		c.dir = d.String()
	}
	return c
}

// Name returns the name of the underlying model.
func (c *Cache) Name() string { return NameOf(c.m) }

// CacheStats counts what a Cache did.
type CacheStats struct {
	Hits   int64 `json:"hits"`
	Misses int64 `json:"misses"`
	Writes int64 `json:"writes"`
}

// Stats returns the counts so far.
func (c *Cache) Stats() CacheStats {
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Writes: c.writes.Load()}
}

// cacheKeyVersion changes when the key or entry format does.
const cacheKeyVersion = 1

// CacheKey returns the hex SHA-256 that addresses req's reply from the
// model named model: a hash of the model name, the messages, Temperature,
// MaxTokens, Seed, JSON and PromptVersion (not Stage or Item).
func CacheKey(model string, req *Request) string {
	k := struct {
		V             int       `json:"v"`
		Model         string    `json:"model"`
		Messages      []Message `json:"messages"`
		Temperature   float64   `json:"temperature"`
		MaxTokens     int       `json:"max_tokens"`
		Seed          int       `json:"seed"`
		JSON          bool      `json:"json"`
		PromptVersion string    `json:"prompt_version"`
	}{cacheKeyVersion, model, req.Messages, req.Temperature, req.MaxTokens, req.Seed, req.JSON, req.PromptVersion}
	b, err := json.Marshal(k)
	if err != nil {
		panic(err) // strings, numbers and bools always marshal
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// entry is the file format of one cached reply. The request is kept to
// make the directory readable and to check the key.
type entry struct {
	Key           string    `json:"key"`
	Model         string    `json:"model"`
	PromptVersion string    `json:"prompt_version,omitempty"`
	Stage         string    `json:"stage,omitempty"`
	Item          string    `json:"item,omitempty"`
	Messages      []Message `json:"messages"`
	Response      Response  `json:"response"`
	// Checked says how the reply fared in the exchange that recorded it
	// under Hold: checkedValid (it passed), checkedRepaired (it did not,
	// and the repair that followed did). Empty for a reply recorded
	// outside Hold, or by a version that recorded every reply.
	Checked string `json:"checked,omitempty"`
}

// Values of entry.Checked.
const (
	checkedValid    = "valid"
	checkedRepaired = "repaired"
)

// Complete answers req from the cache or the model, as the mode says.
func (c *Cache) Complete(ctx context.Context, req *Request) (*Response, error) {
	if c.mode == CacheOff {
		return c.m.Complete(ctx, req)
	}
	if req == nil {
		return nil, errors.New("llm: nil Request")
	}
	key := CacheKey(c.Name(), req)
	held := heldFrom(ctx)
	if resp, checked, err := c.read(ctx, key); err != nil || resp != nil {
		if resp != nil {
			held.hit(c, key, checked)
		}
		return resp, err
	}
	if c.mode == CacheReplayOnly {
		c.misses.Add(1)
		return nil, fmt.Errorf("%w: %s (key %s)", ErrCacheMiss, label(req), key[:16])
	}
	// One request per key at a time: callers that arrive while it is under
	// way share its reply, which for them is a cached one.
	asked := false
	fetch := func() (any, error) {
		// Look again: a flight for this key may have ended since the read.
		if resp, checked, err := c.read(ctx, key); err != nil || resp != nil {
			if resp != nil {
				held.hit(c, key, checked)
			}
			return resp, err
		}
		c.misses.Add(1)
		asked = true
		resp, err := c.m.Complete(ctx, req)
		if err != nil {
			return nil, err
		}
		if held != nil {
			held.keep(c, key, req, resp)
			return resp, nil
		}
		if err := c.write(key, req, resp, ""); err != nil {
			return nil, err
		}
		return resp, nil
	}
	v, err, shared := c.group.Do(key, fetch)
	if err != nil && shared && !asked && ctx.Err() == nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		// Another caller's context ended while it asked for us; ask again.
		v, err = fetch()
	}
	if err != nil {
		return nil, err
	}
	resp := *v.(*Response)
	if !asked {
		resp.Cached = true
	}
	return &resp, nil
}

// Lookup answers req from the cache alone: the recorded Response, or nil
// when there is none (or the mode is CacheOff). It never asks the model.
func (c *Cache) Lookup(req *Request) (*Response, error) {
	if c.mode == CacheOff || req == nil {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	resp, _, err := c.read(ctx, CacheKey(c.Name(), req))
	return resp, err
}

// read returns the cached response for key and its Checked mark, nil if
// there is none.
func (c *Cache) read(ctx context.Context, key string) (*Response, string, error) {
	data, err := c.store.Get(ctx, key)
	if errors.Is(err, work.ErrNotFound) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("llm: cache: %w", err)
	}
	var e struct { // the parts of an entry a hit needs
		Key      string   `json:"key"`
		Response Response `json:"response"`
		Checked  string   `json:"checked"`
	}
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, "", fmt.Errorf("llm: cache: %s: %v (delete it to ask again)", work.Where(c.store, key), err)
	}
	if e.Key != key {
		return nil, "", fmt.Errorf("llm: cache: %s: holds key %q, not its own (delete it to ask again)", work.Where(c.store, key), e.Key)
	}
	c.hits.Add(1)
	resp := e.Response
	resp.Cached = true
	return &resp, e.Checked, nil
}

// forget removes the entry of key, in record mode only: a replay-only
// cache never changes.
func (c *Cache) forget(key string) {
	if c.mode != CacheReadWrite {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	_ = c.store.Delete(ctx, key)
}

// storeTimeout bounds the store's work where no request's context does
// (Lookup, and what Held does when its exchange ends).
const storeTimeout = 30 * time.Second

// write records resp for key atomically, with its Checked mark.
func (c *Cache) write(key string, req *Request, resp *Response, checked string) error {
	e := entry{
		Key: key, Model: c.Name(), PromptVersion: req.PromptVersion,
		Stage: req.Stage, Item: req.Item, Messages: req.Messages, Response: *resp,
		Checked: checked,
	}
	e.Response.Cached = false
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return fmt.Errorf("llm: cache: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := c.store.Put(ctx, key, append(data, '\n')); err != nil {
		return fmt.Errorf("llm: cache: %w", err)
	}
	c.writes.Add(1)
	return nil
}
