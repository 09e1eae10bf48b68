package frontend

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
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

var registry struct {
	sync.RWMutex
	byName map[string]*Language
	byExt  map[string]*Language
}

// Register makes a language available by name and by extension. It panics
// if l is invalid, or if its name or one of its extensions is taken:
// both are programmer errors, found at start-up.
func Register(l *Language) {
	if err := l.validate(); err != nil {
		panic(err)
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.byName == nil {
		registry.byName = make(map[string]*Language)
		registry.byExt = make(map[string]*Language)
	}
	if _, dup := registry.byName[l.Name]; dup {
		panic("frontend: Register called twice for language " + l.Name)
	}
	for _, e := range l.Exts {
		if other, dup := registry.byExt[e]; dup {
			panic(fmt.Sprintf("frontend: extension %s of %s already taken by %s", e, l.Name, other.Name))
		}
	}
	registry.byName[l.Name] = l
	for _, e := range l.Exts {
		registry.byExt[e] = l
	}
}

// Names returns the names of the registered languages, sorted.
func Names() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.byName))
	for n := range registry.byName {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Lookup returns the registered language called name.
func Lookup(name string) (*Language, error) {
	registry.RLock()
	defer registry.RUnlock()
	if l, ok := registry.byName[name]; ok {
		return l, nil
	}
	return nil, fmt.Errorf("frontend: unknown language %q (forgotten import?)", name)
}

// ForPath returns the registered language that reads path, chosen by its
// extension, or nil.
func ForPath(path string) *Language {
	registry.RLock()
	defer registry.RUnlock()
	return registry.byExt[filepath.Ext(path)]
}
