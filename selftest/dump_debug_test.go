package selftest

import (
	"context"
	"os"
	"testing"

	"github.com/suretydev/surety/selftest/cgen"
)

func TestDebugDump(t *testing.T) {
	if os.Getenv("ST_DUMP") == "" {
		t.Skip()
	}
	b := &builder{dir: t.TempDir()}
	c, err := settle(context.Background(), b, "gen-1", cgen.Generate(1, nil))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/st/gen1.c", c.Source, 0o644)
	t.Logf("%+v %v", c.Asserts, c.Trace)
}
