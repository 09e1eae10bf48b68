package rust_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/rust"
)

// ExampleParse extracts the functions of one file with their calls and
// specs. Importing the package also registers it, so frontend.Load reads
// .rs files with it.
func ExampleParse() {
	src := `
mod geometry {
    pub struct Rect { w: u32, h: u32 }
    impl Rect {
        pub fn area(&self) -> u32 {
            assert!(self.w > 0);
            checked_mul(self.w, self.h)
        }
    }
    fn checked_mul(a: u32, b: u32) -> u32 { a.checked_mul(b).expect("overflow") }
}
`
	f, err := rust.Parse(context.Background(), &frontend.Source{Path: "src/lib.rs", Content: []byte(src)}, frontend.NeedCalls|frontend.NeedSpecs)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, fn := range f.Functions {
		fmt.Printf("%s (%s, exported=%v)\n", fn.QualifiedName(), fn.Kind, fn.Exported)
		for _, c := range fn.Calls {
			fmt.Printf("  calls %s [%s]\n", c.Callee, c.Kind)
		}
		for _, s := range fn.Specs {
			fmt.Printf("  %s %s\n", s.Form, s.Expr)
		}
	}
	// Output:
	// geometry::Rect::area (method, exported=true)
	//   calls assert! [macro]
	//   calls checked_mul [direct]
	//   assert! self.w > 0
	// geometry::checked_mul (function, exported=false)
	//   calls a.checked_mul(b).expect [method]
	//   calls a.checked_mul [method]
}
