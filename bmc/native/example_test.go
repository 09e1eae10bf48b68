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
