package rust_test

import (
	"testing"

	"github.com/suretydev/surety/frontend/frontendtest"
	"github.com/suretydev/surety/frontend/rust"
)

func TestFree(t *testing.T)    { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "free") }
func TestImpls(t *testing.T)   { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "impls") }
func TestTraits(t *testing.T)  { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "traits") }
func TestModules(t *testing.T) { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "modules") }
func TestCalls(t *testing.T)   { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "calls") }
func TestMacros(t *testing.T)  { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "macros") }
func TestAsserts(t *testing.T) { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "asserts") }
func TestVerus(t *testing.T)   { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "verus") }
func TestSyntaxErr(t *testing.T) {
	frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "syntaxerr")
}
func TestStmts(t *testing.T) { frontendtest.Run(t, frontendtest.TestData(), rust.Rust, "stmts") }
