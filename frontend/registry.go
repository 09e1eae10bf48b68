package frontend

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/suretydev/surety/registry"
)

// A Language describes one frontend. It is a plain value, declared as a
// package variable by the frontend and registered from its init.
type Language struct {
	// Name is the language's short name: "c", "rust", "dafny", "go".
	Name string
	// Doc says in a sentence what the frontend reads and how.
	Doc string
	// Exts lists the file extensions the frontend reads, with the dot.
	Exts []string
	// Parse turns one file into the model. It must not panic on any input:
	// a file with syntax errors yields the functions that parsed and lists
	// the rest in File.Errors.
	Parse func(ctx context.Context, src *Source, mode Mode) (*File, error)
	// LoadFiles, if set, is called once with every file of the language
	// instead of Parse per file, for frontends that need all files at once
	// (Go's type checker loads whole packages). Without it, Load parses
	// files one by one, concurrently.
	LoadFiles func(ctx context.Context, paths []string, mode Mode) ([]*File, error)
	// Normalize, if set, returns a function's text without what cannot
	// change its meaning (comments, layout), so that an edit of only those
	// is no change to package incremental; nil means Normalize, which
	// knows the comment syntax of C, Rust, Go and Dafny.
	Normalize func(text string) string
	// IsSpec, if set, reports whether fn belongs to the specification
	// rather than the program (a Dafny predicate or lemma): an edit of one
	// re-checks every function that mentions it; nil means fn.Ghost.
	IsSpec func(fn *Function) bool
}

// NormalizeText is l's Normalize of text, or the default one (also on a
// nil l, a file of no registered language).
func (l *Language) NormalizeText(text string) string {
	if l == nil || l.Normalize == nil {
		return Normalize(text)
	}
	return l.Normalize(text)
}

// Spec is l's IsSpec of fn, or fn.Ghost (also on a nil l).
func (l *Language) Spec(fn *Function) bool {
	if l == nil || l.IsSpec == nil {
		return fn.Ghost
	}
	return l.IsSpec(fn)
}

// A Source is the input of Parse.
type Source struct {
	Path    string // slash-separated, as reported in spans
	Content []byte // valid UTF-8; Load checks it before Parse is called
}

// Mode says which parts of the model a load needs; frontends may skip the
// rest. The zero Mode means all of them.
type Mode uint

const (
	NeedCalls  Mode = 1 << iota // Function.Calls
	NeedBodies                  // Function.Body, the statement tree
	NeedSpecs                   // Function.Specs
	NeedSource                  // File.Source

	NeedAll = NeedCalls | NeedBodies | NeedSpecs | NeedSource
)

// Has reports whether m asks for every part in need; the zero Mode asks for
// everything.
func (m Mode) Has(need Mode) bool { return m == 0 || m&need == need }

func (l *Language) validate() error {
	switch {
	case l == nil:
		return fmt.Errorf("frontend: nil Language")
	case l.Name == "":
		return fmt.Errorf("frontend: Language has no Name")
	case l.Doc == "":
		return fmt.Errorf("frontend: Language %q has no Doc", l.Name)
	case l.Parse == nil && l.LoadFiles == nil:
		return fmt.Errorf("frontend: Language %q has neither Parse nor LoadFiles", l.Name)
	case len(l.Exts) == 0:
		return fmt.Errorf("frontend: Language %q has no Exts", l.Name)
	}
	for _, e := range l.Exts {
		if !strings.HasPrefix(e, ".") {
			return fmt.Errorf("frontend: Language %q: extension %q lacks its dot", l.Name, e)
		}
	}
	return nil
}

var (
	languages = registry.Set[*Language]{Kind: "frontend: language"}

	// extMu guards byExt, and makes Register's checks of the name and the
	// extensions one step with the registration.
	extMu sync.RWMutex
	byExt map[string]*Language
)

// Register makes a language available by name and by each of its
// extensions, as database/sql drivers register (see package registry);
// call it from the frontend's init. If l.Name is empty, Register sets it
// to name. It panics if name is empty, l is invalid, l.Name is set and
// differs from name, or the name or one of the extensions is taken: each
// is a programmer error, found at start-up.
func Register(name string, l *Language) {
	if name == "" {
		panic("frontend: Register of a language with an empty name")
	}
	if l != nil && l.Name == "" {
		l.Name = name
	}
	if err := l.validate(); err != nil {
		panic(err)
	}
	if l.Name != name {
		panic(fmt.Sprintf("frontend: Register(%q) of Language %q: the names differ", name, l.Name))
	}
	extMu.Lock()
	defer extMu.Unlock()
	for _, e := range l.Exts {
		if other, dup := byExt[e]; dup {
			panic(fmt.Sprintf("frontend: extension %s of %s already taken by %s", e, l.Name, other.Name))
		}
	}
	languages.Register(name, l) // panics on a taken name, before any extension is kept
	if byExt == nil {
		byExt = make(map[string]*Language)
	}
	for _, e := range l.Exts {
		byExt[e] = l
	}
}

// Names returns the names of the registered languages, sorted.
func Names() []string { return languages.Names() }

// Lookup returns the registered language called name. Its error wraps
// registry.ErrUnknown and lists the languages registered.
func Lookup(name string) (*Language, error) { return languages.Lookup(name) }

// ForPath returns the registered language that reads path, chosen by its
// extension, or nil.
func ForPath(path string) *Language {
	extMu.RLock()
	defer extMu.RUnlock()
	return byExt[filepath.Ext(path)]
}
