package native

import (
	"context"
	"errors"
	"sync"
)

// A memo keeps the results of an expensive computation by key, the most
// recent ones first out of room. Each key is computed once even when
// asked for concurrently; a computation that was interrupted (its context
// ended) is not kept, so a later query computes it again.
type memo[T any] struct {
	mu      sync.Mutex
	entries []*memoEntry[T] // oldest first
}

type memoEntry[T any] struct {
	key  string
	once sync.Once
	val  T
	err  error
}

// get returns the value for key, computing it with f when it is not kept.
// size is how many values are kept.
func (m *memo[T]) get(key string, size int, f func() (T, error)) (T, error) {
	m.mu.Lock()
	var e *memoEntry[T]
	for _, x := range m.entries {
		if x.key == key {
			e = x
		}
	}
	if e == nil {
		e = &memoEntry[T]{key: key}
		m.entries = append(m.entries, e)
		if len(m.entries) > size {
			m.entries = m.entries[len(m.entries)-size:]
		}
	}
	m.mu.Unlock()
	e.once.Do(func() { e.val, e.err = f() })
	if errors.Is(e.err, context.Canceled) || errors.Is(e.err, context.DeadlineExceeded) {
		m.mu.Lock()
		for i, x := range m.entries {
			if x == e {
				m.entries = append(m.entries[:i:i], m.entries[i+1:]...)
				break
			}
		}
		m.mu.Unlock()
	}
	return e.val, e.err
}

// len returns how many values are kept.
func (m *memo[T]) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}

// answers remembers by key the solver that gave a definitive answer,
// the most recent first out of room: the checks of a checker that were
// answered unsat, kept by what decides them. Its zero value is empty and
// ready to use.
type answers struct {
	mu    sync.Mutex
	by    map[string]string
	order []string // oldest first
}

// answersSize is how many answers an answers keeps.
const answersSize = 4096

// add remembers that solver answered the check named key.
func (s *answers) add(key, solver string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.by[key]; ok {
		return
	}
	if s.by == nil {
		s.by = map[string]string{}
	}
	s.by[key] = solver
	s.order = append(s.order, key)
	if len(s.order) > answersSize {
		delete(s.by, s.order[0])
		s.order = s.order[1:]
	}
}

// get returns the solver that answered the check named key.
func (s *answers) get(key string) (solver string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	solver, ok = s.by[key]
	return solver, ok
}
