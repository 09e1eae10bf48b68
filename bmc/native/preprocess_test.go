package native

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// ppProgram includes a header of its own directory ("..."), one found
// through -I (<...>) and system headers; what it computes depends on -D.
const ppProgram = `#include <assert.h>
#include <stdio.h>
#include "local.h"
#include <limit.h>
#ifndef N
#define N 1
#endif
#define TWICE(x) \
  ((x) + (x))
int main(void) {
  int x = TWICE(N) + LIMIT + local_bias();
  printf("%d\n", x);
  assert(x < 10 /* a comment */ && x >= 0);
  assert(x != 12);
  return 0;
}
`

// writePP writes ppProgram beside its headers and returns its path and
// the -I directory.
func writePP(t *testing.T) (file, inc string) {
	t.Helper()
	dir := t.TempDir()
	inc = filepath.Join(dir, "inc")
	if err := os.MkdirAll(inc, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(inc, "limit.h"): "#define LIMIT 2\n",
		filepath.Join(dir, "local.h"): "static int local_bias(void)\n{\n  return 1;\n}\n",
		filepath.Join(dir, "n.c"):     ppProgram,
	}
	for f, text := range files {
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "n.c"), inc
}

// gccFails compiles file with flags and runs it: whether an assertion
// failed (the run aborted).
func gccFails(t *testing.T, file string, flags ...string) bool {
	t.Helper()
	out := filepath.Join(t.TempDir(), "prog")
	args := append([]string{"-std=gnu11", "-w", "-o", out, file}, flags...)
	if b, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	return exec.Command(out).Run() != nil
}

// TestCompileFlags checks that the engine verifies what gcc compiles: the
// program's -D and -I, its headers, its macros; truth from gcc runs, and
// every reason and counterexample on the user's lines.
func TestCompileFlags(t *testing.T) {
	needTools(t)
	file, inc := writePP(t)
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := bmc.ParseProgram(file, src)
	if err != nil {
		t.Fatal(err)
	}
	chk := New(nil)
	defer chk.Close()
	for _, defs := range [][]string{nil, {"N=3"}, {"N=5"}} {
		cp, err := p.WithCompile(bmc.Compile{Defines: defs, IncludeDirs: []string{inc}})
		if err != nil {
			t.Fatal(err)
		}
		// The program has one input-free run: each assertion's truth is
		// whether gcc's build of it with only that one fails.
		for i, a := range cp.Asserts {
			q := &bmc.Query{Program: cp, Target: i, K: 3}
			qf := filepath.Join(filepath.Dir(file), "q.c")
			if err := os.WriteFile(qf, q.Render("assert", "assume"), 0o644); err != nil {
				t.Fatal(err)
			}
			fails := gccFails(t, qf, cp.Compile.Flags()...)
			r, err := chk.Check(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			want := bmc.Verified
			if fails {
				want = bmc.Falsified
			}
			if r.Status != want {
				t.Errorf("-D %v a%d: %v (%s), gcc says %v", defs, i+1, r.Status, r.Reason, want)
				continue
			}
			if r.Status == bmc.Falsified {
				steps := r.Counterexample.Steps
				if len(steps) == 0 || steps[len(steps)-1].Line != a.SrcLine {
					t.Errorf("-D %v a%d: counterexample steps %+v do not end at the assertion's line %d", defs, i+1, steps, a.SrcLine)
				}
				// local.h's function stands on its #include's line, 3.
				for _, s := range steps {
					if s.Line != 3 && (s.Line < 10 || s.Line > 14) {
						t.Errorf("-D %v a%d: a step at line %d, outside main's lines 10-14 and the #include of local.h", defs, i+1, s.Line)
					}
				}
			}
		}
	}
}

// TestPreprocessedLines checks that what the engine refuses after the
// preprocessor is named at the user's line, and that a program the
// preprocessor rejects is UNKNOWN with gcc's reason.
func TestPreprocessedLines(t *testing.T) {
	needTools(t)
	for _, tc := range []struct {
		src, want string
	}{
		{"#include <stdio.h>\n#include <stdlib.h>\n#define PAIR(a, b) \\\n  ((a) +\\\n   (b))\nunion u { int a; float f; } v = {.f = 1}, w = {.a = 1};\nint main(void) {\n  __VERIFIER_assert(PAIR(1, 2) == 3);\n}\n",
			"unsupported: union u whose members a and f, both used, reinterpret each other's bytes at line 6"},
		{"/* a comment\n   over lines */\n#include <assert.h>\n#define F(x) x\nint main(void) {\n  int a = F(\n    1);\n  int *p = (int *)a;\n  int q = *p;\n  assert(q == 1);\n}\n",
			"at line 8"},
		{"#include <assert.h>\n#ifndef OK\n#error needs OK\n#endif\nint main(void) { assert(1); }\n", "#error needs OK"},
		{"#include <assert.h>\n#include \"missing.h\"\nint main(void) { assert(1); }\n", "missing.h"},
	} {
		p, err := bmc.ParseProgram("p.c", []byte(tc.src))
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		r, err := New(nil).Check(context.Background(), &bmc.Query{Program: p, Target: 0, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != bmc.Unknown || !strings.Contains(r.Reason, tc.want) {
			t.Errorf("%q: %v (%s), want UNKNOWN with %q", tc.src, r.Status, r.Reason, tc.want)
		}
	}
}

// TestLayout checks the layout of gcc's output on the program's lines:
// a system header's text is dropped, its macros' expansions stay on the
// user's line, a user header's text stands on its #include's line.
func TestLayout(t *testing.T) {
	out := "# 0 \"<stdin>\"\n# 0 \"<built-in>\"\n# 0 \"<command-line>\"\n# 1 \"<stdin>\"\n" +
		"# 1 \"/usr/include/stdio.h\" 1 3 4\nextern int printf (const char *, ...);\n# 2 \"<stdin>\" 2\n" +
		"# 1 \"local.h\" 1\nint g;\nint h;\n# 3 \"<stdin>\" 2\n" +
		"int main(void) {\n  int *p = \n# 4 \"<stdin>\" 3 4\n    ((void *)0)\n# 4 \"<stdin>\"\n    ;\n\n  return 0;\n}\n"
	got := string(layout([]byte(out)))
	want := "\nint g; int h;\nint main(void) {\n  int *p =      ((void *)0)     ;\n\n  return 0;\n}"
	if got != want {
		t.Errorf("layout:\n%q\nwant\n%q", got, want)
	}
	// int8_t (f)(...) is a typedef name before a name in parentheses (as
	// Csmith writes its safe math), not a function int8_t
	text, notes := implicitInt([]byte("static int x;\nmain() { f(); }\nswap(int a, int b) { return a; }\nstruct s { int a; } v;\nstatic int8_t\n(neg)(int8_t si) { return -si; }\n"))
	if string(text) != "static int x;\nint main() { f(); }\nint swap(int a, int b) { return a; }\nstruct s { int a; } v;\nstatic int8_t\n(neg)(int8_t si) { return -si; }\n" || len(notes) != 2 {
		t.Errorf("implicitInt: %q %q", text, notes)
	}
}
