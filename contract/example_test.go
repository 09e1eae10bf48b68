package contract_test

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/contract"
)

// Merge what two callers expect of a function by the merge rule: requires
// is the disjunction of their pre-conditions, ensures the conjunction of
// their post-conditions. Generate does this for every internal function
// through Options.Merger (ExactMerge when nil); ModelMerge would leave it
// to the model.
func ExampleExactMerge() {
	exps := []contract.Expectation{
		{Caller: "a", Callee: "f", Line: 6,
			Pre:  []contract.Condition{{Text: "x is positive", Formal: "(> x 0)"}},
			Post: []contract.Condition{{Text: "the result is x plus one", Formal: "(= result (+ x 1))"}}},
		{Caller: "b", Callee: "f", Line: 10,
			Pre:  []contract.Condition{{Text: "x is negative", Formal: "(< x 0)"}},
			Post: []contract.Condition{{Text: "the result is not zero", Formal: "(not (= result 0))"}}},
	}
	var m contract.Merger = contract.ExactMerge{}
	merged, err := m.Merge(context.Background(), exps)
	if err != nil || merged == nil {
		fmt.Println("left to the model", err)
		return
	}
	fmt.Println(merged.Source)
	for _, c := range merged.Contract.Requires {
		fmt.Println("requires", c.Formal)
	}
	for _, c := range merged.Contract.Ensures {
		fmt.Println("ensures ", c.Formal)
	}
	// Output:
	// exact-merge
	// requires (or (< x 0) (> x 0))
	// ensures  (= result (+ x 1))
	// ensures  (not (= result 0))
}
