package bmc

import (
	"encoding/json"
	"reflect"
	"sync"
)

// Settings are what a caller that picks engines by name (a portfolio from
// names, a job sent to another machine) may set on them without importing
// their packages. Each engine takes what applies to it and ignores the
// rest, so that one Settings serves a whole portfolio.
type Settings struct {
	// Paths maps an engine's name to its program ("esbmc" to a binary);
	// an engine not named keeps its own search.
	Paths map[string]string `json:"paths,omitempty"`
	// MallocMayFail lets allocations fail, for an engine that models the
	// C library's allocation (the native engine); by default they never
	// do, and the verdict says so.
	MallocMayFail bool `json:"malloc_may_fail,omitempty"`
	// NoInduction keeps an engine's answers bounded: no proof for every
	// execution by k-induction (nor by the native engine's recursion
	// summaries or one run of a program without input).
	NoInduction bool `json:"no_induction,omitempty"`
}

// Path returns the program s.Paths gives the engine named name, and
// whether it gives one (an empty path is none: the engine keeps its own
// search).
func (s Settings) Path(name string) (string, bool) {
	p := s.Paths[name]
	return p, p != ""
}

// A Configurer is an optional interface of a Checker: With returns a
// checker like it with s applied.
type Configurer interface {
	With(s Settings) Checker
}

// Configure returns c with s applied when c is a Configurer, else c.
//
// Configured from the engine registered under its name, the checker can
// travel in a job (Options.Runner): the job names the engine and s, and
// a worker configures its own registered engine the same way. Such a
// checker is made once per name and settings and shared, as registered
// engines are.
func Configure(c Checker, s Settings) Checker {
	cf, ok := c.(Configurer)
	if !ok {
		return c
	}
	if !registered(c) {
		return cf.With(s)
	}
	b, _ := json.Marshal(s) // map keys sorted: one text per settings
	key := c.Name() + "\x00" + string(b)
	configured.Lock()
	defer configured.Unlock()
	if r, ok := configured.byKey[key]; ok {
		return r
	}
	r := cf.With(s)
	if r != c && comparable(r) {
		if configured.byKey == nil {
			configured.byKey, configured.spec = map[string]Checker{}, map[Checker]namedSettings{}
		}
		configured.byKey[key] = r
		configured.spec[r] = namedSettings{name: c.Name(), settings: s}
	}
	return r
}

// configured holds the checkers Configure made from registered engines,
// by name and settings, and what each was made from.
var configured struct {
	sync.Mutex
	byKey map[string]Checker
	spec  map[Checker]namedSettings
}

// namedSettings is a registered engine's name and the settings applied
// to it.
type namedSettings struct {
	name     string
	settings Settings
}

// configuredFrom returns the registered engine's name and the settings
// Configure made c from, if it did.
func configuredFrom(c Checker) (namedSettings, bool) {
	if !comparable(c) {
		return namedSettings{}, false
	}
	configured.Lock()
	defer configured.Unlock()
	ns, ok := configured.spec[c]
	return ns, ok
}

// registered reports whether c is the engine registered under its name.
func registered(c Checker) bool {
	if !comparable(c) {
		return false
	}
	reg, err := Lookup(c.Name())
	return err == nil && reg == c
}

// comparable reports whether c can be a map key and compared with ==
// (a pointer, or a value of a comparable type), and is not nil.
func comparable(c Checker) bool {
	if c == nil {
		return false
	}
	v := reflect.ValueOf(c)
	return v.Type().Comparable() && !(v.Kind() == reflect.Pointer && v.IsNil())
}
