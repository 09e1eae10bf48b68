package surety_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/complete/dafny"
)

// TestMain leaves ExampleComplete out where Dafny is not installed, and
// says so.
func TestMain(m *testing.M) {
	flag.Parse()
	if _, err := dafny.Find(context.Background(), nil); errors.Is(err, complete.ErrNotFound) {
		if f := flag.Lookup("test.skip"); f != nil && f.Value.String() == "" {
			fmt.Println("surety: dafny not found: ExampleComplete not run")
			_ = flag.Set("test.skip", "^ExampleComplete$")
		}
	}
	os.Exit(m.Run())
}
