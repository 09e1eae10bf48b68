package c_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
)

func ExampleParse() {
	src := []byte(`#include <assert.h>
static int sq(int x) { return x * x; }
int apply(int (*f)(int), int x) { return f(x); }
int main(void) {
	int y = apply(sq, 3);
	assert(y == 9);
	return 0;
}
`)
	f, err := c.Parse(context.Background(), &frontend.Source{Path: "demo.c", Content: src}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, fn := range f.Functions {
		fmt.Printf("%s exported=%v entry=%v: %s\n", fn.Name, fn.Exported, fn.Entry, fn.Signature)
		for _, call := range fn.Calls {
			fmt.Printf("  line %d calls %s (%s)\n", call.Span.StartLine, call.Callee, call.Kind)
		}
		for _, s := range fn.Specs {
			fmt.Printf("  line %d %s %s\n", s.Span.StartLine, s.Kind, s.Expr)
		}
	}
	// Output:
	// sq exported=false entry=false: static int sq(int x)
	// apply exported=true entry=false: int apply(int (*f)(int), int x)
	//   line 3 calls f (indirect)
	// main exported=true entry=true: int main(void)
	//   line 5 calls apply (direct)
	//   line 6 calls assert (direct)
	//   line 6 assert y == 9
}

// Loading a directory: blank-import the frontend (here it is imported by
// name) and call frontend.Load; the mode says what to build.
func Example_load() {
	prog, ferrs, err := frontend.Load(context.Background(), []string{"testdata/src/fnptr"},
		&frontend.LoadOptions{Mode: frontend.NeedCalls, Languages: []*frontend.Language{c.C}})
	if err != nil || len(ferrs) > 0 {
		fmt.Println(err, ferrs)
		return
	}
	indirect := 0
	for _, fn := range prog.Functions() {
		for _, call := range fn.Calls {
			if call.Kind == frontend.CallIndirect {
				indirect++
			}
		}
	}
	fmt.Println(len(prog.Functions()), "functions,", indirect, "indirect calls")
	// Output:
	// 2 functions, 11 indirect calls
}
