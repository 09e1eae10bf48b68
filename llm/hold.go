package llm

import (
	"context"
	"errors"
	"slices"
	"sync"
)

// A Held is the record of one exchange made under Hold: the replies every
// Cache on the way got from its model, kept in memory, and the cached
// replies it was answered with. Commit writes the replies (the exchange
// ended valid); Reject forgets them and removes from record-mode caches
// the entries the exchange was answered with (it ended invalid); Drop only
// forgets them (it ended otherwise: cancelled, out of budget). Its methods
// are safe for concurrent use; the first of Commit, Reject and Drop
// decides, later calls do nothing.
//
// Why: a Cache used to record every reply, so that prose from a server
// that ignored the JSON instruction was replayed for ever, and a working
// server was never asked again. Whether a reply is any good is known only
// to the one who checks it (Structured, or a stage's own check after it),
// after the cache has seen it.
type Held struct {
	parent *Held

	mu     sync.Mutex
	done   bool
	writes []heldWrite
	hits   []heldHit
}

type heldWrite struct {
	c    *Cache
	key  string
	req  Request
	resp Response
}

type heldHit struct {
	c       *Cache
	key     string
	checked string
}

type heldKey struct{}

// Hold returns a context under which every Cache keeps the replies it gets
// from its model in the returned Held instead of writing them. Under an
// outer Hold, the new Held's Commit hands its replies to the outer one,
// whose own Commit or Drop decides.
func Hold(ctx context.Context) (context.Context, *Held) {
	h := &Held{parent: heldFrom(ctx)}
	return context.WithValue(ctx, heldKey{}, h), h
}

func heldFrom(ctx context.Context) *Held {
	h, _ := ctx.Value(heldKey{}).(*Held)
	return h
}

// keep records a reply c got from its model. A nil Held keeps nothing.
func (h *Held) keep(c *Cache, key string, req *Request, resp *Response) {
	if h == nil {
		return
	}
	r := *req
	r.Messages = slices.Clone(req.Messages)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.writes = append(h.writes, heldWrite{c: c, key: key, req: r, resp: *resp})
}

// hit records that c answered from its entry key, marked checked.
func (h *Held) hit(c *Cache, key, checked string) {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.hits = append(h.hits, heldHit{c: c, key: key, checked: checked})
}

// mark returns how many replies and hits h holds so far, so that a caller
// can tell what one request added.
func (h *Held) mark() (writes, hits int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.writes), len(h.hits)
}

// forgetStale removes the entries hit since mark that are not known parts
// of an exchange that ended valid (marked repaired): replies recorded
// before replies were checked, or under a schema that has changed since.
// It reports whether it removed any, in which case asking again reaches
// the model.
func (h *Held) forgetStale(hits int) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	removed := false
	for _, x := range h.hits[hits:] {
		if x.checked != checkedRepaired && x.c.mode == CacheReadWrite {
			x.c.forget(x.key)
			removed = true
		}
	}
	return removed
}

// Commit writes the replies held, the last one marked valid and the
// earlier ones marked repaired (each was invalid, and the conversation
// went on to a valid reply), or hands them to the outer Held.
func (h *Held) Commit() error {
	h.mu.Lock()
	if h.done {
		h.mu.Unlock()
		return nil
	}
	h.done = true
	writes, hits := h.writes, h.hits
	h.writes, h.hits = nil, nil
	h.mu.Unlock()
	if p := h.parent; p != nil {
		p.mu.Lock()
		defer p.mu.Unlock()
		if !p.done {
			p.writes = append(p.writes, writes...)
			p.hits = append(p.hits, hits...)
		}
		return nil
	}
	var errs []error
	for i, w := range writes {
		checked := checkedRepaired
		if i == len(writes)-1 {
			checked = checkedValid
		}
		errs = append(errs, w.c.write(w.key, &w.req, &w.resp, checked))
	}
	return errors.Join(errs...)
}

// Reject forgets the replies held and removes the entries of record-mode
// caches that answered the exchange: they led nowhere valid, and the next
// run should ask the model.
func (h *Held) Reject() {
	for _, x := range h.end() {
		x.c.forget(x.key)
	}
}

// Drop forgets the replies held and leaves the cache as it was: the
// exchange was cut short, and says nothing of its replies.
func (h *Held) Drop() { h.end() }

// end marks h decided, unless it was, and returns its hits.
func (h *Held) end() []heldHit {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.done {
		return nil
	}
	h.done = true
	hits := h.hits
	h.writes, h.hits = nil, nil
	return hits
}
