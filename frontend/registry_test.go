package frontend

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/registry"
)

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
}

func TestRegisterValidates(t *testing.T) {
	parse := func(context.Context, *Source, Mode) (*File, error) { return &File{}, nil }
	mustPanic(t, "nil language", func() { Register("x", nil) })
	mustPanic(t, "no name", func() { Register("", &Language{Doc: "d", Exts: []string{".x"}, Parse: parse}) })
	mustPanic(t, "names differ", func() { Register("x", &Language{Name: "y", Doc: "d", Exts: []string{".x"}, Parse: parse}) })
	mustPanic(t, "no doc", func() { Register("x", &Language{Name: "x", Exts: []string{".x"}, Parse: parse}) })
	mustPanic(t, "no parse", func() { Register("x", &Language{Name: "x", Doc: "d", Exts: []string{".x"}}) })
	mustPanic(t, "ext without dot", func() { Register("x", &Language{Name: "x", Doc: "d", Exts: []string{"x"}, Parse: parse}) })

	Register("regtest", &Language{Name: "regtest", Doc: "d", Exts: []string{".regtest"}, Parse: parse})
	mustPanic(t, "duplicate name", func() {
		Register("regtest", &Language{Doc: "d", Exts: []string{".other"}, Parse: parse})
	})
	if l := ForPath("a/b.other"); l != nil {
		t.Errorf("a duplicate name kept its extension: %v", l.Name)
	}
	mustPanic(t, "duplicate extension", func() {
		Register("regtest2", &Language{Name: "regtest2", Doc: "d", Exts: []string{".regtest"}, Parse: parse})
	})
	if _, err := Lookup("regtest2"); err == nil {
		t.Error("a duplicate extension kept its name")
	}
	if l := ForPath("a/b.regtest"); l == nil || l.Name != "regtest" {
		t.Errorf("ForPath = %v", l)
	}
	// A Language without a Name takes the one it is registered under.
	unnamed := &Language{Doc: "d", Exts: []string{".regtest3"}, Parse: parse}
	Register("regtest3", unnamed)
	if l, err := Lookup("regtest3"); err != nil || l != unnamed || l.Name != "regtest3" {
		t.Errorf("Lookup(regtest3) = %v, %v", l, err)
	}
	_, err := Lookup("cobol")
	if !errors.Is(err, registry.ErrUnknown) || !strings.Contains(err.Error(), `frontend: unknown language "cobol" (forgotten import?); registered: `) ||
		!strings.Contains(err.Error(), "regtest") {
		t.Errorf("Lookup(cobol) err = %v", err)
	}
	names := Names()
	for i := 1; i < len(names); i++ {
		if names[i-1] >= names[i] {
			t.Errorf("Names not sorted: %v", names)
		}
	}
}

func TestModeHas(t *testing.T) {
	if !Mode(0).Has(NeedBodies) || !NeedAll.Has(NeedCalls|NeedSpecs) || NeedCalls.Has(NeedBodies) {
		t.Error("Mode.Has is wrong")
	}
}
