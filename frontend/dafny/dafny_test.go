package dafny_test

import (
	"context"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/dafny"
	"github.com/suretydev/surety/frontend/frontendtest"
)

func TestDecls(t *testing.T)  { frontendtest.Run(t, frontendtest.TestData(), dafny.Dafny, "decls") }
func TestSpecs(t *testing.T)  { frontendtest.Run(t, frontendtest.TestData(), dafny.Dafny, "specs") }
func TestCalls(t *testing.T)  { frontendtest.Run(t, frontendtest.TestData(), dafny.Dafny, "calls") }
func TestStmts(t *testing.T)  { frontendtest.Run(t, frontendtest.TestData(), dafny.Dafny, "stmts") }
func TestSyntax(t *testing.T) { frontendtest.Run(t, frontendtest.TestData(), dafny.Dafny, "syntaxerr") }

func TestRegistered(t *testing.T) {
	if frontend.ForPath("x.dfy") != dafny.Dafny {
		t.Fatal(".dfy does not map to the Dafny frontend")
	}
}

// A Dafny 3 file: plain functions are ghost, function methods are not.
func TestLegacyGhost(t *testing.T) {
	src := "function method F(x: int): int { x }\nfunction G(x: int): int { x }\n"
	f, err := dafny.Parse(context.Background(), &frontend.Source{Path: "a.dfy", Content: []byte(src)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Functions) != 2 || f.Functions[0].Ghost || !f.Functions[1].Ghost {
		for _, fn := range f.Functions {
			t.Logf("%s ghost=%v", fn.Name, fn.Ghost)
		}
		t.Fatal("want F compiled and G ghost")
	}
}
