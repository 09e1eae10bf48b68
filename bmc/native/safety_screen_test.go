package native

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// TestSafetyScreen: code that runs outside main, and asserts that do not
// stop a run, put undefined behaviour where Safety's runs from main (with
// every assertion assumed) do not look. Each program's undefined
// behaviour is shown by gcc -fsanitize=undefined (the report's property
// and line); Safety must refuse the program, naming the construct and its
// line, rather than list claims that leave that behaviour out.
func TestSafetyScreen(t *testing.T) {
	needTools(t)
	for _, c := range []struct {
		name      string
		src       string
		ubLine    int      // where the sanitized run reports
		prop      Property // what it reports
		construct string   // the refusal names it
		line      int      // at this line
	}{
		{"constructor overflows", "int big = 2147483647;\n" +
			"__attribute__((constructor)) static void init(void) {\n  big = big + 1;\n}\n" +
			"int main(void) { return 0; }\n",
			3, SignedOverflow, "constructor", 2},
		{"constructor zeroes the divisor", "int d = 1;\n" +
			"__attribute__((constructor)) static void init(void) { d = 0; }\n" +
			"int main(void) {\n  return 10 / d;\n}\n",
			4, DivisionByZero, "constructor", 2},
		{"destructor divides by zero", "int z;\n" +
			"__attribute__((destructor)) static void fin(void) {\n  volatile int q = 5 / z;\n  (void)q;\n}\n" +
			"int main(void) { return 0; }\n",
			3, DivisionByZero, "destructor", 2},
		{"exit handler shifts too far", "#include <stdlib.h>\nint n = 40;\n" +
			"static void bye(void) {\n  volatile int q = 1 << n;\n  (void)q;\n}\n" +
			"int main(void) {\n  atexit(bye);\n  return 0;\n}\n",
			4, Shift, "exit handler", 8},
		{"assert compiled out", "#define NDEBUG\n#include <assert.h>\n" +
			"int main(void) {\n  int x = 0;\n  assert(x != 0);\n  return 10 / x;\n}\n",
			6, DivisionByZero, "NDEBUG", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			rep := sanitizedRun(ctx, t, c.src)
			if rep.prop != c.prop || rep.line != c.ubLine {
				t.Fatalf("gcc -fsanitize=undefined reports %s at line %d (%s), the test says %s at line %d", rep.prop, rep.line, rep.msg, c.prop, c.ubLine)
			}
			p := mustProgram(t, c.src)
			claims, err := New(nil).Safety(ctx, p, &SafetyOptions{K: 5, Timeout: 60 * time.Second})
			want := fmt.Sprintf("unsupported: %s at line %d", c.construct, c.line)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("Safety: %v, claims %s; want an error naming %q", err, describe(claims), want)
			}
		})
	}
	// Asserts compiled out in a program without assertions change nothing:
	// the claims stand.
	p := mustProgram(t, "#define NDEBUG\n#include <assert.h>\nint main(void) {\n  int x = 2;\n  return 10 / x;\n}\n")
	claims, err := New(nil).Safety(context.Background(), p, nil)
	if err != nil || len(claims) == 0 {
		t.Fatalf("NDEBUG without assertions: %v, claims %s", err, describe(claims))
	}
}

// sanitizedRun compiles src with gcc's undefined-behaviour sanitizer and
// runs it once without input; it returns the first report, failing the
// test when there is none.
func sanitizedRun(ctx context.Context, t *testing.T, src string) sanReport {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.c"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cr, err := proc.Run(ctx, &proc.Cmd{Path: "gcc", Dir: dir, Timeout: 60 * time.Second,
		Args: []string{"-std=gnu11", "-O0", "-w", "-g", "-fsanitize=undefined", "-fno-sanitize-recover=all", "-o", "t", "t.c"}})
	if err != nil || cr.ExitCode != 0 {
		t.Fatalf("gcc: %v %s", err, cr.Stderr)
	}
	rr, err := proc.Run(ctx, &proc.Cmd{Path: filepath.Join(dir, "t"), Dir: dir, Env: sanitizerEnv, Timeout: 10 * time.Second, MaxOutput: 1 << 16})
	if err != nil && rr == nil {
		t.Fatal(err)
	}
	rep, ok := parseSanitizer(string(rr.Stderr), "t.c")
	if !ok {
		t.Fatalf("no sanitizer report (exit %d): %s", rr.ExitCode, rr.Stderr)
	}
	return rep
}
