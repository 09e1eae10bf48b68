package dafny_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/complete/dafny"
)

// Find Dafny, verify two lemmas in one run and read each one's outcome.
// (Not run as a test: it needs Dafny; the package tests run it for real.)
func ExampleTool_Verify() {
	tool, err := dafny.Find(context.Background(), &complete.VerifierOptions{TimeLimit: 10 * time.Second})
	if err != nil {
		log.Fatal(err)
	}
	src := "lemma Good() ensures 1 + 1 == 2 {}\nlemma Bad() ensures 1 + 1 == 3 {}\n"
	v, err := tool.Verify(context.Background(), complete.File{Name: "check.dfy", Content: []byte(src)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v.Status("Good"), v.Status("Bad"))
}
