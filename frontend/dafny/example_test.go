package dafny_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/dafny"
)

func ExampleParse() {
	src := `method Abs(x: int) returns (y: int)
  ensures y >= 0
{
  if x < 0 { y := -x; } else { y := x; }
}
`
	f, err := dafny.Parse(context.Background(), &frontend.Source{Path: "abs.dfy", Content: []byte(src)}, 0)
	if err != nil {
		panic(err)
	}
	for _, fn := range f.Functions {
		fmt.Println(fn.Kind, fn.Name, fn.Params, fn.Results)
		for _, s := range fn.Specs {
			fmt.Println(" ", s.Kind, s.Expr)
		}
	}
	// Output:
	// method Abs [{x int}] [{y int}]
	//   ensures y >= 0
}
