package native

import (
	"context"
	"os"
	"testing"

	"github.com/suretydev/surety/bmc"
)

func TestDumpScript(t *testing.T) {
	f := os.Getenv("NATIVE_DUMP")
	if f == "" {
		t.Skip("set NATIVE_DUMP")
	}
	src, _ := os.ReadFile(f)
	p, err := bmc.ParseProgram(f, src)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Translate(context.Background(), p, 5)
	if err != nil {
		t.Fatal(err)
	}
	q := &bmc.Query{Program: p, Target: 0, K: 5}
	os.WriteFile("/tmp/dump.smt2", []byte(tr.script.String()+tr.selectors(q)+"(assert (or false "+joinS(tr.viol[0])+"))\n(check-sat)\n"), 0o644)
}

func joinS(s []string) string {
	out := ""
	for _, x := range s {
		out += " " + x
	}
	return out
}
