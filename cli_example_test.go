package surety_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/suretydev/surety"
)

// The calls the command line makes around the pipelines: reading what a
// user names, caches, and printing results for people.

// ExampleVersion prints the version of surety and of Go it was built with.
func ExampleVersion() {
	fmt.Println(strings.Contains(surety.Version(), "go1"))
	// Output:
	// true
}

// ExampleWriteDoctor prints the outside programs found and each engine's
// self-test as soon as it is known, as "surety doctor" does.
func ExampleWriteDoctor() {
	rep, err := surety.WriteDoctor(context.Background(), os.Stdout, &surety.DoctorOptions{Timeout: time.Minute})
	if err == nil && !rep.OK() {
		fmt.Println("a check failed")
	}
}
