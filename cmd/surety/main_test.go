package main

import (
	"flag"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"surety": main,
	})
}

// TestScripts runs every testdata/script/*.txtar as an end-to-end test of
// the real command. Scripts use conditions such as [exec:z3] for outside
// programs; -update rewrites their expected sections.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			// Keep the user's PATH so scripts find z3, esbmc, dafny, gcc.
			env.Setenv("PATH", os.Getenv("PATH"))
			env.Setenv("HOME", env.WorkDir)
			return nil
		},
	})
}
