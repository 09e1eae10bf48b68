package run

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// A memo keeps values made once each, by key: the runs of a program
// variant, and the builds of a program. A value is made in a goroutine of
// its own, which every caller that asks for it meanwhile waits for. A
// caller holds the value until it calls the release function get returns.
//
// A value is forgotten (the next caller makes it anew) when it fails, when
// the last caller waiting for it leaves (its ctx ended) before it is made
// (the making is then cancelled and awaited, its children killed), when
// more than size values are kept (the oldest first), when no one has held
// it for idle (if idle > 0), and at clear. A forgotten value is freed once
// no one holds it.
//
// The zero memo is not ready: size must be positive. A memo is safe for
// concurrent use and must not be copied once used.
type memo[V any] struct {
	size int           // how many values are kept at the most
	idle time.Duration // forget a value held by no one this long; 0: never
	free func(V)       // called once on a forgotten value; nil: nothing to do

	mu    sync.Mutex
	m     map[string]*memoEntry[V]
	order []string // keys of m, oldest first
}

type memoEntry[V any] struct {
	key    string
	done   chan struct{} // closed when v and err are set
	cancel context.CancelFunc
	v      V
	err    error
	freed  sync.Once

	// Guarded by memo.mu.
	users     int         // callers waiting for or holding the value
	forgotten bool        // out of the memo: freed once users is 0
	timer     *time.Timer // forgets the value when no one has held it for idle
}

// get returns the value of key, made by mk (with a context of its own,
// cancelled as said above) unless the memo has it, and the function that
// releases it, which the caller must call when it no longer uses the
// value. An error is mk's, or ctx's ("run: " and ctx.Err()).
func (m *memo[V]) get(ctx context.Context, key string, mk func(context.Context) (V, error)) (V, func(), error) {
	var zero V
	m.mu.Lock()
	e := m.m[key]
	if e != nil && e.timer != nil {
		e.timer.Stop()
		e.timer = nil
	}
	if e == nil {
		mctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		e = &memoEntry[V]{key: key, done: make(chan struct{}), cancel: cancel}
		if m.m == nil {
			m.m = map[string]*memoEntry[V]{}
		}
		m.m[key] = e
		m.order = append(m.order, key)
		m.evictLocked()
		go m.fill(mctx, e, mk)
	}
	e.users++
	m.mu.Unlock()
	release := func() { m.release(e) }
	select {
	case <-e.done:
	case <-ctx.Done():
		m.mu.Lock()
		stop := false
		select {
		case <-e.done:
		default:
			// The last caller waiting: no one needs the value any more.
			if stop = e.users == 1; stop {
				m.forgetLocked(e)
			}
		}
		m.mu.Unlock()
		if stop {
			e.cancel()
			<-e.done
		}
		release()
		return zero, nil, fmt.Errorf("run: %w", ctx.Err())
	}
	if e.err != nil {
		release()
		return zero, nil, e.err
	}
	return e.v, release, nil
}

// fill makes an entry's value and publishes it; a failure is forgotten.
func (m *memo[V]) fill(ctx context.Context, e *memoEntry[V], mk func(context.Context) (V, error)) {
	var (
		v   V
		err error
	)
	defer func() {
		if r := recover(); r != nil {
			var zero V
			v, err = zero, fmt.Errorf("run: internal error: %v", r)
		}
		e.cancel()
		m.mu.Lock()
		e.v, e.err = v, err
		if err != nil {
			m.forgetLocked(e)
		}
		m.mu.Unlock()
		close(e.done)
	}()
	v, err = mk(ctx)
}

func (m *memo[V]) release(e *memoEntry[V]) {
	m.mu.Lock()
	e.users--
	gone := e.users == 0 && e.forgotten
	if e.users == 0 && !e.forgotten && m.idle > 0 {
		e.timer = time.AfterFunc(m.idle, func() { m.expire(e) })
	}
	m.mu.Unlock()
	if gone {
		m.freeEntry(e)
	}
}

// expire forgets a value no one has held for idle.
func (m *memo[V]) expire(e *memoEntry[V]) {
	m.mu.Lock()
	gone := !e.forgotten && e.users == 0
	if gone {
		m.forgetLocked(e)
	}
	m.mu.Unlock()
	if gone {
		m.freeEntry(e)
	}
}

// forgetLocked takes e out of the memo.
func (m *memo[V]) forgetLocked(e *memoEntry[V]) {
	if m.m[e.key] == e {
		delete(m.m, e.key)
		m.order = slices.DeleteFunc(m.order, func(k string) bool { return k == e.key })
	}
	e.forgotten = true
	if e.timer != nil {
		e.timer.Stop()
		e.timer = nil
	}
}

// evictLocked forgets the oldest values beyond size; each is freed when
// its last user leaves.
func (m *memo[V]) evictLocked() {
	for len(m.order) > m.size {
		e := m.m[m.order[0]]
		m.forgetLocked(e)
		if e.users == 0 {
			go m.freeEntry(e)
		}
	}
}

// clear forgets every value; each is freed when its last user leaves.
func (m *memo[V]) clear() {
	m.mu.Lock()
	var free []*memoEntry[V]
	for _, e := range m.m {
		m.forgetLocked(e)
		if e.users == 0 {
			free = append(free, e)
		}
	}
	m.mu.Unlock()
	for _, e := range free {
		m.freeEntry(e)
	}
}

// len returns how many values the memo keeps.
func (m *memo[V]) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.m)
}

// freeEntry frees a made value once, when it is made, forgotten and held
// by no one.
func (m *memo[V]) freeEntry(e *memoEntry[V]) {
	<-e.done
	e.freed.Do(func() {
		if e.err == nil && m.free != nil {
			m.free(e.v)
		}
	})
}
