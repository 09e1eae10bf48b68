package rust_test

import (
	"testing"

	"github.com/suretydev/surety/frontend/frontendtest"
	"github.com/suretydev/surety/frontend/rust"
)

// FuzzParse checks that no input makes the frontend panic or break the
// model's invariants (spans inside the file, lines agreeing with bytes,
// calls and statements inside their function).
func FuzzParse(f *testing.F) {
	seeds, err := frontendtest.Seeds(frontendtest.TestData(), rust.Rust)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Add([]byte("verus! { fn f() -> (r: u8) requires { ensures , { } }"))
	f.Add([]byte("verus!{fn f(){while a invariant b, }}"))
	f.Add([]byte("verus!{ spec fn f() -> (r: u8) ensures r > 0 ; fn g() { loop invariant x { } for i in 0..n invariant i < n { assert(i < n); } } }"))
	f.Add([]byte("fn f() { let Some(x) = y else { return }; 'a: { break 'a; } match x { _ if g() => h(), } }"))
	f.Add([]byte("fn f() { m!(a::b.c(d)(e) . f ( ); 'x' 'a r#\"q\"# b'\\'' /* /* */ */ ); }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		frontendtest.FuzzParse(t, rust.Rust, "src/fuzz.rs", src)
	})
}
