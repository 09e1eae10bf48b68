package viverra

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// compileProg takes its value from a macro the command line may set, and
// a header from an include directory.
const compileProg = `#include <assert.h>
#include "limit.h"
#ifndef N
#define N 3
#endif
int main(void) { int x = N + LIMIT; assert(x == 3); return 0; }
`

// A program is verified as it is compiled: -D and -I reach ESBMC and the
// replay of its counterexample, and the native engine, which preprocesses
// the file with them. The truth of
// each compilation is settled by gcc first.
func TestFactsCompileFlags(t *testing.T) {
	for _, prog := range []string{"gcc", "z3"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("needs %s", prog)
		}
	}
	if _, err := Engines(context.Background(), &EngineOptions{Names: []string{"esbmc"}}); err != nil {
		t.Skipf("needs esbmc: %v", err)
	}
	dir := t.TempDir()
	inc := filepath.Join(dir, "inc")
	if err := os.MkdirAll(inc, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(inc, "limit.h"), []byte("#define LIMIT 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "n.c")
	if err := os.WriteFile(file, []byte(compileProg), 0o644); err != nil {
		t.Fatal(err)
	}
	holds := func(defs ...string) bool {
		args := []string{"-o", filepath.Join(dir, "n"), file, "-I", inc}
		for _, d := range defs {
			args = append(args, "-D", d)
		}
		if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		return exec.Command(filepath.Join(dir, "n")).Run() == nil
	}
	if !holds() || holds("N=4") {
		t.Fatal("the program's truth is not what the test expects: holds as written, fails with N=4")
	}
	for _, tc := range []struct {
		defines []string
		want    bmc.Verdict
	}{{nil, bmc.VerdictVerified}, {[]string{"N=4"}, bmc.VerdictFalsified}} {
		res, err := Facts(context.Background(), file, []byte(compileProg), &FactsOptions{Engines: []string{"esbmc"}, Audit: "off",
			NoRuns: true, Compile: bmc.Compile{Defines: tc.defines, IncludeDirs: []string{inc}}})
		if err != nil {
			t.Fatal(err)
		}
		if f := res.Report.Facts[0]; f.Status != tc.want {
			t.Errorf("-D %v: %s (%s), want %s", tc.defines, f.Status, f.Reason, tc.want)
		}
	}
	res, err := Facts(context.Background(), file, []byte(compileProg), &FactsOptions{Engines: []string{"native"}, Audit: "off",
		NoRuns: true, Compile: bmc.Compile{Defines: []string{"N=4"}, IncludeDirs: []string{inc}}})
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Report.Facts[0]; f.Status != bmc.VerdictFalsified {
		t.Errorf("native with -D N=4: %s (%s), want FALSIFIED: it preprocesses the file as gcc does", f.Status, f.Reason)
	}
	if _, err := Facts(context.Background(), file, []byte(compileProg), &FactsOptions{Compile: bmc.Compile{Defines: []string{"2X"}}}); err == nil ||
		!strings.Contains(err.Error(), `"2X"`) {
		t.Errorf("a bad define gave %v, want an error naming it", err)
	}
}
