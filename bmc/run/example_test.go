package run_test

import (
	"context"
	"fmt"
	"log"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/run"
)

// A loop that runs past any small bound: a model checker with k = 3 cannot
// see the end of it, one run of the program does.
func Example() {
	const src = `#include <assert.h>
int main(void) {
    int t = 0;
    for (int i = 1; i <= 10; i++) t += i;
    assert(t == 56);
    assert(t == 55);
    return 0;
}
`
	p, err := bmc.ParseProgram("sum.c", []byte(src))
	if err != nil {
		log.Fatal(err)
	}
	c := run.New(nil)
	for i := range p.Asserts {
		r, err := c.Check(context.Background(), &bmc.Query{Program: p, Target: i, K: 3})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s %s: %v", p.Asserts[i].Label(), p.Asserts[i].Pred, r.Status)
		if r.Status == bmc.Falsified {
			fmt.Printf(" (replayed: %v)\n", r.Replayed)
		} else {
			fmt.Printf(" (%s)\n", r.Reason)
		}
	}
	// Output:
	// a1 t == 56: FALSIFIED (replayed: true)
	// a2 t == 55: UNKNOWN (no run failed it: 1 run, the program reads no input)
}
