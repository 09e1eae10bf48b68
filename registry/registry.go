// Package registry is the one way surety's plug-ins register: frontends,
// bmc engines, SMT solvers, completeness verifiers, language-model
// providers and work handlers each keep a Set, filled by name from the
// init functions of the packages that implement them, and looked up by
// name at the edge (a command-line flag, a file extension, a job's kind).
//
// It follows database/sql: a plug-in package calls its kind's
// Register(name, p) from init, so importing it (often blank) is what makes
// it available; Register panics on misuse, since that is a programmer error
// found at start-up; Lookup of a name nobody registered is an error that
// lists the names registered and asks "forgotten import?"; Names is
// sorted. Each plug-in kind wraps a Set in three package-level functions
// of the same names and shapes, Register, Lookup and Names, so that every
// kind registers, and is found, the same way.
//
// Why one package: before it, each kind had its own copy of the map and
// mutex, with different signatures, messages and errors. Core APIs still
// take plug-ins as values or explicit lists; a registry serves only the
// edge.
package registry

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// ErrUnknown is wrapped by every error Lookup returns: no plug-in is
// registered under the name asked for. Match it with errors.Is.
var ErrUnknown = errors.New("registry: unknown name")

// A Set maps names to plug-ins of one kind. The zero value is an empty
// set, ready to use. It is safe for concurrent use; a Set must not be
// copied after first use.
type Set[T any] struct {
	// Kind names what the set holds in panics and errors, after the
	// package name as the package's own messages start: "bmc: checker",
	// "frontend: language". Messages read "bmc: unknown checker "x"". ""
	// means "registry: plug-in". Set it before the first use.
	Kind string

	mu sync.RWMutex
	m  map[string]T
}

// Register adds p under name. It panics if name is empty, if p is nil (a
// nil interface, pointer, func, map, chan or slice), or if name is taken:
// each is a programmer error. Call it from an init function.
func (s *Set[T]) Register(name string, p T) {
	pkg, noun := s.kind()
	if name == "" {
		panic(pkg + "Register of a " + noun + " with an empty name")
	}
	if isNil(p) {
		panic(fmt.Sprintf("%sRegister of a nil %s %q", pkg, noun, name))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.m[name]; dup {
		panic(fmt.Sprintf("%sRegister called twice for %s %q", pkg, noun, name))
	}
	if s.m == nil {
		s.m = make(map[string]T)
	}
	s.m[name] = p
}

// Lookup returns the plug-in registered under name. When there is none,
// the error wraps ErrUnknown and names the kind, the name and the names
// registered: `bmc: unknown checker "x" (forgotten import?); registered:
// cbmc, esbmc`.
func (s *Set[T]) Lookup(name string) (T, error) {
	s.mu.RLock()
	p, ok := s.m[name]
	s.mu.RUnlock()
	if !ok {
		pkg, noun := s.kind()
		return p, &unknownError{pkg: pkg, noun: noun, name: name, names: s.Names()}
	}
	return p, nil
}

// Names returns the registered names, sorted.
func (s *Set[T]) Names() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	names := make([]string, 0, len(s.m))
	for n := range s.m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// kind splits Kind into its package prefix ("bmc: ") and its noun
// ("checker").
func (s *Set[T]) kind() (pkg, noun string) {
	if s.Kind == "" {
		return "registry: ", "plug-in"
	}
	if i := strings.LastIndex(s.Kind, ": "); i >= 0 {
		return s.Kind[:i+2], s.Kind[i+2:]
	}
	return "", s.Kind
}

// isNil reports whether p is a nil interface or a nil value of a kind that
// can be nil.
func isNil(p any) bool {
	if p == nil {
		return true
	}
	switch v := reflect.ValueOf(p); v.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Chan, reflect.Slice, reflect.Interface, reflect.UnsafePointer:
		return v.IsNil()
	}
	return false
}

// unknownError is Lookup's error: it wraps ErrUnknown.
type unknownError struct {
	pkg, noun, name string
	names           []string
}

func (e *unknownError) Error() string {
	registered := "none registered"
	if len(e.names) > 0 {
		registered = "registered: " + strings.Join(e.names, ", ")
	}
	return fmt.Sprintf("%sunknown %s %q (forgotten import?); %s", e.pkg, e.noun, e.name, registered)
}

func (e *unknownError) Unwrap() error { return ErrUnknown }
