package audit

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

const sample = `#include <stdio.h>
#include <assert.h>
#define N 4
int table[N] = {1, 2, 3, 4};
static int scale(int x) {
  static int calls = 0;
  calls = calls + 1;
  return x * 3 + table[x % N];
}
int main(void) {
  int n = 0, s = 0;
  if (scanf("%d", &n) != 1) return 0;
  int buf[5];
  for (int i = 0; i < 5; i++) buf[i] = i * n;
  while (n > 0 &&
         s < 100) {
    switch (n % 3) {
    case 1: s += scale(n); break;
    case 2: s -= 1;
    default: s++;
    }
    n--;
  }
  assert(s >= 0 || buf[2] == 0);
  printf("%d %d\n", s, buf[4]);
  return 0;
}
`

// TestSchemaAgrees compiles every mutant of a program on its own and as
// the schema with the switch set to its number, runs both on the same
// inputs under gcc, and requires the same output: the schema is the
// mutants, and lines stay where they were.
func TestSchemaAgrees(t *testing.T) {
	gcc, err := proc.LookPath("gcc")
	if err != nil {
		t.Skip("needs gcc")
	}
	p, err := bmc.ParseProgram("s.c", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	var ms []*mutant
	for _, m := range mutants(p, p.Asserts[0]) {
		ms = append(ms, &m)
	}
	src, variant := buildSchema(p.Source, p.Funcs[0].Start, ms)
	if got, want := bytes.Count(src, []byte("\n")), bytes.Count(p.Source, []byte("\n")); got != want {
		t.Fatalf("schema has %d lines, want %d:\n%s", got, want, src)
	}
	sp, err := bmc.ParseProgram("s.c", src)
	if err != nil {
		t.Fatalf("schema does not parse: %v\n%s", err, src)
	}
	if sp, err = sp.WithSwitch(switchName); err != nil {
		t.Fatal(err)
	}
	if sp.Asserts[0].SrcLine != p.Asserts[0].SrcLine {
		t.Errorf("assertion moved from line %d to %d", p.Asserts[0].SrcLine, sp.Asserts[0].SrcLine)
	}
	dir := t.TempDir()
	build := func(name string, text []byte) string {
		c := filepath.Join(dir, name+".c")
		if err := os.WriteFile(c, text, 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, name)
		r, err := proc.Run(context.Background(), &proc.Cmd{Path: gcc, Args: []string{"-w", "-o", exe, c}})
		if err != nil || r.ExitCode != 0 {
			t.Fatalf("gcc %s: %v %s\n%s", name, err, r.Stderr, text)
		}
		return exe
	}
	run := func(exe, in string) string {
		r, err := proc.Run(context.Background(), &proc.Cmd{Path: exe, Stdin: []byte(in), Timeout: time.Second, MaxOutput: 4096})
		if errors.Is(err, proc.ErrTimeout) {
			return "runs past 1s" // a mutant may loop forever, in both forms
		}
		if err != nil {
			t.Fatal(err)
		}
		return string(r.Stdout) + " exit " + strconv.Itoa(r.ExitCode)
	}
	kinds := map[string]int{}
	inSchema := 0
	for i, m := range ms {
		v := variant[m]
		if v == 0 {
			continue
		}
		inSchema++
		kinds[m.Kind]++
		own := build("m"+strconv.Itoa(i), m.src)
		sch := build("s"+strconv.Itoa(i), (&bmc.Query{Program: sp, Target: 0, Variant: v}).Render("", ""))
		for _, in := range []string{"0", "1", "2", "5", "7", "-3", "x"} {
			if a, b := run(own, in), run(sch, in); a != b {
				t.Errorf("mutant %d (line %d %s %q -> %q), input %s: alone %q, in the schema %q", i, m.Line, m.Kind, m.Before, m.After, in, a, b)
			}
		}
	}
	// Constant expressions stay out of the schema: the array size N's
	// uses, the case labels, the global and static initialisers.
	for _, m := range ms {
		label := m.Kind == "constant" && (m.Line == 18 && m.Before == "1" || m.Line == 19 && m.Before == "2")
		if variant[m] != 0 && (m.Line == 4 || m.Line == 6 || label) {
			t.Errorf("mutant of a constant expression at line %d (%s %q) is in the schema", m.Line, m.Kind, m.Before)
		}
	}
	if inSchema < 15 || len(kinds) != 4 {
		t.Errorf("%d of %d mutants in the schema, kinds %v: want at least 15 and all four kinds", inSchema, len(ms), kinds)
	}
	t.Logf("%d of %d mutants in the schema, kinds %v", inSchema, len(ms), kinds)
}
