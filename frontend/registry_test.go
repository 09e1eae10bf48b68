package frontend

import (
	"context"
	"strings"
	"testing"
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
	mustPanic(t, "nil language", func() { Register(nil) })
	mustPanic(t, "no name", func() { Register(&Language{Doc: "d", Exts: []string{".x"}, Parse: parse}) })
	mustPanic(t, "no doc", func() { Register(&Language{Name: "x", Exts: []string{".x"}, Parse: parse}) })
	mustPanic(t, "no parse", func() { Register(&Language{Name: "x", Doc: "d", Exts: []string{".x"}}) })
	mustPanic(t, "ext without dot", func() { Register(&Language{Name: "x", Doc: "d", Exts: []string{"x"}, Parse: parse}) })

	Register(&Language{Name: "regtest", Doc: "d", Exts: []string{".regtest"}, Parse: parse})
	mustPanic(t, "duplicate name", func() {
		Register(&Language{Name: "regtest", Doc: "d", Exts: []string{".other"}, Parse: parse})
	})
	mustPanic(t, "duplicate extension", func() {
		Register(&Language{Name: "regtest2", Doc: "d", Exts: []string{".regtest"}, Parse: parse})
	})
	if l := ForPath("a/b.regtest"); l == nil || l.Name != "regtest" {
		t.Errorf("ForPath = %v", l)
	}
	if _, err := Lookup("regtest"); err != nil {
		t.Error(err)
	}
	if _, err := Lookup("cobol"); err == nil || !strings.Contains(err.Error(), "forgotten import?") {
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
