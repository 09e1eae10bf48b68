package bmc

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/suretydev/surety/bmc/gcc"
)

// A BodilessFunc is a function that the program declares and calls, and
// that neither the program nor the C library defines. By the convention
// of CBMC and ESBMC, which the native engine follows, it returns any
// value of its type and has no other effect: the program's runs
// (bmc/run) and the replays of counterexamples define it so.
type BodilessFunc struct {
	Name string
	// Type is the C type it returns, as a harness writes it: "int",
	// "unsigned char", "double", "void"...
	Type string
}

// bodilessMemo keeps a program's bodiless functions once known.
type bodilessMemo struct {
	mu    sync.Mutex
	done  bool
	funcs []BodilessFunc
}

// Bodiless returns the functions p declares (with a prototype of its
// own), calls and defines nowhere, and whose return type is arithmetic or
// void, sorted by name; whether the C library defines one is told by a
// link of their names with gcc, made once per program. A function of
// another return type (a pointer, a struct) is left out: a program that
// calls one does not link for a run, as before.
func (p *Program) Bodiless(ctx context.Context) ([]BodilessFunc, error) {
	m := p.bodiless
	if m == nil {
		return nil, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done {
		return m.funcs, nil
	}
	cands := p.bodilessCandidates()
	if len(cands) > 0 {
		names := slices.Sorted(maps.Keys(cands))
		undefined, err := (&gcc.Tool{}).Undefined(ctx, names)
		if err != nil {
			return nil, fmt.Errorf("bmc: the functions without a body: %w", err)
		}
		for _, n := range names {
			if undefined[n] {
				m.funcs = append(m.funcs, BodilessFunc{Name: n, Type: cands[n]})
			}
		}
	}
	m.done = true
	return m.funcs, nil
}

// bodilessCandidates are the functions the program declares with a
// prototype, calls and does not define, by name, with their return
// types; the verifier's own functions (handled by name) and the names
// reserved to the implementation are not among them.
func (p *Program) bodilessCandidates() map[string]string {
	if p.fe == nil {
		return nil
	}
	defined, called := map[string]bool{}, map[string]bool{}
	for _, fn := range p.fe.Functions {
		if fn.Definition {
			defined[fn.Name] = true
		}
		for _, c := range fn.Calls {
			called[c.Name] = true
		}
	}
	cands := map[string]string{}
	for _, fn := range p.fe.Functions {
		// A name reserved to the implementation or a verifier
		// (__CPROVER_r_ok) has a meaning that any value would not be.
		if fn.Definition || defined[fn.Name] || !called[fn.Name] || knownUndeclared.MatchString(fn.Name) ||
			strings.HasPrefix(fn.Name, "nondet_") || strings.HasPrefix(fn.Name, "__") {
			continue
		}
		ret := "void"
		if len(fn.Results) > 0 {
			ret = fn.Results[0].Type
		}
		if t, ok := arithType(ret); ok {
			cands[fn.Name] = t
		}
	}
	return cands
}

// arithTypes are the return types a harness can give a value of, by the
// words of their spellings (qualifiers and "int" after a size dropped).
var arithTypes = map[string]string{
	"void": "void", "_Bool": "_Bool", "bool": "_Bool", "float": "float", "double": "double",
	"char": "char", "signed char": "signed char", "unsigned char": "unsigned char",
	"short": "short", "signed short": "short", "unsigned short": "unsigned short",
	"int": "int", "signed": "int", "signed int": "int", "unsigned": "unsigned int", "unsigned int": "unsigned int",
	"long": "long", "signed long": "long", "unsigned long": "unsigned long",
	"long long": "long long", "signed long long": "long long", "unsigned long long": "unsigned long long",
}

// arithType returns the harness's spelling of the arithmetic (or void)
// type t, and whether t is one.
func arithType(t string) (string, bool) {
	var words []string
	for _, w := range strings.Fields(t) {
		switch w {
		case "const", "volatile", "extern", "static", "inline", "__inline", "__inline__":
		default:
			words = append(words, w)
		}
	}
	s := strings.Join(words, " ")
	if rest, ok := strings.CutSuffix(s, " int"); ok && (strings.HasSuffix(rest, "short") || strings.HasSuffix(rest, "long")) {
		s = rest // "long int", "unsigned short int"
	}
	ct, ok := arithTypes[s]
	return ct, ok
}
