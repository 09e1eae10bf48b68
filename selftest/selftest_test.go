package selftest

import (
	"context"
	"os"
	"strconv"
	"testing"
)

func TestDebugRun(t *testing.T) {
	if os.Getenv("ST_DEBUG") == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("ST_COUNT"))
	seed, _ := strconv.ParseInt(os.Getenv("ST_SEED"), 10, 64)
	var paths []string
	if p := os.Getenv("ST_PATHS"); p != "" {
		paths = []string{p}
	}
	r, err := Run(context.Background(), &Options{Seed: seed, Count: n, Csmith: os.Getenv("ST_CSMITH") != "", Paths: paths, Keep: "/tmp/st/keep",
		Progress: func(pr *ProgramResult) {
			t.Logf("%s %.1fs notruth=%q errs=%q wrong=%d", pr.Name, pr.Seconds, pr.NoTruth, pr.Errors, len(pr.Wrong))
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Counts {
		t.Logf("%+v", c)
	}
	for _, w := range r.Wrong {
		t.Logf("WRONG %+v", w)
	}
}
