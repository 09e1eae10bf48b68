package bmc

// Settings are what a caller that picks engines by name (a portfolio from
// names, a job sent to another machine) may set on them without importing
// their packages. Each engine takes what applies to it and ignores the
// rest, so that one Settings serves a whole portfolio.
type Settings struct {
	// Paths maps an engine's name to its program ("esbmc" to a binary);
	// an engine not named keeps its own search.
	Paths map[string]string
	// MallocMayFail lets allocations fail, for an engine that models the
	// C library's allocation (the native engine); by default they never
	// do, and the verdict says so.
	MallocMayFail bool
	// NoInduction keeps an engine's answers bounded: no proof for every
	// execution by k-induction.
	NoInduction bool
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
func Configure(c Checker, s Settings) Checker {
	if cf, ok := c.(Configurer); ok {
		return cf.With(s)
	}
	return c
}
