package registry_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/suretydev/surety/registry"
)

type greeter interface{ Greet() string }

type hello struct{}

func (hello) Greet() string { return "hello" }

// panics returns what f panicked with, or nil.
func panics(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

func TestZeroValueRegisterLookupNames(t *testing.T) {
	var s registry.Set[greeter]
	if n := s.Names(); len(n) != 0 {
		t.Fatalf("Names of the zero Set = %v", n)
	}
	s.Register("b", hello{})
	s.Register("a", hello{})
	g, err := s.Lookup("a")
	if err != nil || g.Greet() != "hello" {
		t.Fatalf("Lookup(a) = %v, %v", g, err)
	}
	if n := strings.Join(s.Names(), ","); n != "a,b" {
		t.Errorf("Names() = %s, want a,b (sorted)", n)
	}
}

func TestRegisterPanics(t *testing.T) {
	s := &registry.Set[*int]{Kind: "test: counter"}
	one := 1
	s.Register("one", &one)
	for _, tc := range []struct {
		name string
		p    *int
		want string
	}{
		{"", &one, "test: Register of a counter with an empty name"},
		{"nil", nil, `test: Register of a nil counter "nil"`},
		{"one", &one, `test: Register called twice for counter "one"`},
	} {
		if got := fmt.Sprint(panics(func() { s.Register(tc.name, tc.p) })); got != tc.want {
			t.Errorf("Register(%q): panic %q, want %q", tc.name, got, tc.want)
		}
	}
	var g registry.Set[greeter]
	if panics(func() { g.Register("x", nil) }) == nil {
		t.Error("Register of a nil interface did not panic")
	}
}

func TestLookupUnknown(t *testing.T) {
	s := &registry.Set[greeter]{Kind: "test: greeter"}
	_, err := s.Lookup("x")
	if !errors.Is(err, registry.ErrUnknown) || err.Error() != `test: unknown greeter "x" (forgotten import?); none registered` {
		t.Errorf("empty set: %v", err)
	}
	s.Register("hi", hello{})
	s.Register("en", hello{})
	g, err := s.Lookup("fr")
	if g != nil || !errors.Is(err, registry.ErrUnknown) || err.Error() != `test: unknown greeter "fr" (forgotten import?); registered: en, hi` {
		t.Errorf("Lookup(fr) = %v, %v", g, err)
	}
	var z registry.Set[int]
	if _, err := z.Lookup("x"); err == nil || err.Error() != `registry: unknown plug-in "x" (forgotten import?); none registered` {
		t.Errorf("zero Kind: %v", err)
	}
}

func TestConcurrent(t *testing.T) {
	var s registry.Set[int]
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			s.Register(fmt.Sprint(i), i)
			for range 100 {
				s.Names()
				s.Lookup("0")
			}
		})
	}
	wg.Wait()
	if len(s.Names()) != 8 {
		t.Fatal(s.Names())
	}
}

// Example shows how a plug-in kind wraps a Set, as database/sql's drivers
// register: the kind's package keeps the Set and three functions.
func Example() {
	var greeters registry.Set[greeter]  // in practice: {Kind: "mypkg: greeter"}
	greeters.Register("hello", hello{}) // from the plug-in package's init
	g, _ := greeters.Lookup("hello")
	fmt.Println(g.Greet(), greeters.Names())
	_, err := greeters.Lookup("bonjour")
	fmt.Println(errors.Is(err, registry.ErrUnknown))
	// Output:
	// hello [hello]
	// true
}
