package bmc

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/suretydev/surety/internal/proc"
)

var wantRE = regexp.MustCompile(`// want (assumption:)?"([^"]*)"`)

// Each file of testdata/prescan carries its expected hazards as
// `// want "construct"` on the line of the construct, and its expected
// assumptions as `// want assumption:"prefix"`; anything unmatched on
// either side fails.
func TestPrescan(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	files, _ := filepath.Glob("testdata/prescan/*.c")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := ParseProgram(file, src)
			if err != nil {
				t.Fatal(err)
			}
			var want, wantAsm []string
			for i, line := range strings.Split(string(src), "\n") {
				for _, m := range wantRE.FindAllStringSubmatch(line, -1) {
					if m[1] != "" {
						wantAsm = append(wantAsm, m[2])
					} else {
						want = append(want, lineKey(i+1, m[2]))
					}
				}
			}
			s, err := Prescan(context.Background(), p, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range s.Hazards {
				got = append(got, lineKey(h.Line, h.Construct))
			}
			sort.Strings(want)
			sort.Strings(got)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("hazards:\n got %q\nwant %q\n%+v", got, want, s.Hazards)
			}
			if len(s.Assumptions) != len(wantAsm) {
				t.Errorf("assumptions %q, want %d with prefixes %q", s.Assumptions, len(wantAsm), wantAsm)
			}
			for _, w := range wantAsm {
				found := false
				for _, a := range s.Assumptions {
					found = found || strings.HasPrefix(a, w)
				}
				if !found {
					t.Errorf("no assumption starts %q: %q", w, s.Assumptions)
				}
			}
		})
	}
}

func lineKey(line int, construct string) string {
	return construct + "@" + strings.Repeat("0", 4-len(itoa(line))) + itoa(line)
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// A program with a hazard has no fact, whatever the engine says; a
// replayed counterexample, a real run, still counts.
func TestHazardKeepsFactsOut(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	src := []byte(`#include <assert.h>
#include <stdio.h>
int main(void) {
    int n = 0;
    printf("abc%n\n", &n);
    assert(n == 0);
    assert(n == 4);
    return 0;
}
`)
	p, err := ParseProgram("n.c", src)
	if err != nil {
		t.Fatal(err)
	}
	// A wrong engine: it believes printf writes nothing.
	engine := table{0: Verified, 1: Falsified}
	rep, err := VerifyAll(context.Background(), p, engine, &Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Facts[0]; f.Status != VerdictUnknown || !strings.Contains(f.Reason, "printf %n at line 5") {
		t.Errorf("a1 = %s (%s), want UNKNOWN naming printf %%n at line 5", f.Status, f.Reason)
	}
	// printf wrote 3 (the characters before %n): n == 4 fails on the real
	// run, so the standalone claim replays. With a1 (n == 0) assumed no
	// real run is left, and the compositional claim does not.
	if f := rep.Facts[1]; f.Standalone != Falsified || f.Status != VerdictUnknown || !strings.Contains(f.Reason, "not replayed") {
		t.Errorf("a2 = standalone %s, %s (%s); want a replayed standalone FALSIFIED, then UNKNOWN", f.Standalone, f.Status, f.Reason)
	}
	if len(rep.Hazards) != 1 || rep.Summary.Verified+rep.Summary.CVerified != 0 {
		t.Errorf("report: hazards %+v, summary %+v", rep.Hazards, rep.Summary)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "n.c: printf %n at line 5") {
		t.Errorf("text does not name the hazard:\n%s", b.String())
	}
}

// table answers by target index, the same with or without assumptions;
// its FALSIFIED answers carry no input, so VerifyAll must replay them.
type table map[int]Status

func (t table) Name() string { return "table" }
func (t table) Check(ctx context.Context, q *Query) (*Result, error) {
	return &Result{Status: t[q.Target], Engine: "table", Counterexample: &Counterexample{}}, nil
}

// The constructs no engine models that run outside main's straight line
// or change what assert does, each with its near misses: a table of
// snippets (main is added), the hazards expected as construct@line, and a
// word each Detail must hold. gcc is not asked (its screen is
// TestPrescan's), so the snippets need not compile.
func TestPrescanConstructs(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // construct@line
		detail    string   // in every hazard's Detail
		unchecked bool     // every hazard is Unchecked
	}{
		{"constructor", "__attribute__((constructor)) static void init(void) { }", []string{"constructor@1"}, "init runs before main", false},
		{"constructor priority", "static void __attribute__ ((__constructor__ (101))) init(void) { }", []string{"constructor@1"}, "init runs before main", false},
		{"attribute after declarator", "void fin(void) __attribute__((destructor));\nvoid fin(void) { }", []string{"destructor@1"}, "fin runs after main returns", false},
		{"two in one list", "__attribute__((constructor, destructor)) void both(void) { }", []string{"constructor@1", "destructor@1"}, "both", false},
		{"c23", "[[gnu::destructor]] void fin(void) { }", []string{"destructor@1"}, "fin", false},
		{"fini_array", "static void f(void) { }\nstatic void (*p)(void) __attribute__((section(\".fini_array\"))) = f;", []string{"destructor@2"}, ".fini_array", false},
		{"cleanup", "static void done(int *p) { }\nvoid f(void) { __attribute__((cleanup(done))) int x = 1; }", []string{"cleanup@2"}, "done is called when the variable leaves its scope", false},
		{"other attributes", "__attribute__((used, noinline)) static void f(void) { }\n__attribute__((section(\"constructor\"))) int x;", nil, "", false},
		{"attribute in a comment", "// __attribute__((constructor))\n/* __attribute__((destructor)) */ void f(void) { }", nil, "", false},
		{"atexit", "static void bye(void) { }\nvoid f(void) { atexit(bye); }", []string{"exit handler@2"}, "atexit registers bye", false},
		{"on_exit", "static void bye(int s, void *a) { }\nvoid f(void) { on_exit (bye, 0); }", []string{"exit handler@2"}, "on_exit registers bye", false},
		{"own atexit", "int atexit(void (*f)(void)) { return 0; }\nstatic void bye(void) { }\nvoid g(void) { atexit(bye); }", nil, "", false},
		{"member atexit", "struct s { int (*atexit)(void (*)(void)); };\nvoid f(struct s *p, struct s q) { p->atexit(0); q.atexit(0); }", nil, "", false},
		{"qsort", "static int cmp(const void *a, const void *b) { return 0; }\nvoid f(int *v) { qsort(v, 3, sizeof *v, cmp); }", []string{"callback@2"}, "qsort calls cmp", false},
		{"bsearch", "static int cmp(const void *a, const void *b) { return 0; }\nvoid f(int *v, int k) { bsearch(&k, v, 3, sizeof *v, cmp); }", []string{"callback@2"}, "bsearch calls cmp", false},
		{"nftw", "void f(void) {\n  nftw(\".\", visit, 4, 0);\n}", []string{"callback@2"}, "nftw calls visit", false},
		{"own qsort", "void qsort(int *v, int n) { }\nvoid f(int *v) { qsort(v, 3); }", nil, "", false},
		{"qsort in a string", "void f(void) { const char *s = \"qsort(v, 3, 4, cmp)\"; }", nil, "", false},
		{"pthread_create", "static void *work(void *a) { return a; }\nvoid f(void) { pthread_t t; pthread_create(&t, 0, work, 0); }", []string{"thread@2"}, "pthread_create runs work in a new thread", false},
		{"signal stays signal", "static void on(int s) { }\nvoid f(void) { signal(2, on); }", []string{"signal@2"}, "signals", false},
		{"own kill", "void kill(int who) { }\nvoid f(void) { kill(3); }", nil, "", false},
		{"errno read", "void f(void) {\n  errno = 0;\n  strtol(\"9\", 0, 10);\n  if (errno != 0) return;\n}", []string{"errno@4"}, "which library calls set it", false},
		{"errno compared, twice on a line", "int f(void) { return errno == 0 || errno == 34; }", []string{"errno@1"}, "errno is read", false},
		{"errno compound", "void f(void) { errno += 1; }", []string{"errno@1"}, "errno is read", false},
		{"errno location", "int f(void) { return *__errno_location(); }", []string{"errno@1"}, "errno is read", false},
		{"errno written, printed", "void f(void) {\n  errno = 0;\n  perror(\"x\");\n  printf(\"errno %m\\n\");\n}", nil, "", false},
		{"errno member", "struct e;\nint f(struct e *p) { return p->errno; }", nil, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src + "\nint main(void) { int x = 0; assert(x == 0); return 0; }\n"
			checkScreen(t, src, tc.want, tc.detail, tc.unchecked)
		})
	}
}

// The directives that change assert, on whole programs: the hazard is
// where the change covers an assert(c) statement.
func TestPrescanAssertChanges(t *testing.T) {
	main := "int main(void) { int x = 1; assert(x == 2); return 0; }\n"
	for _, tc := range []struct {
		name, src string
		want      []string
		detail    string
		unchecked bool
	}{
		{"NDEBUG", "#define NDEBUG\n#include <assert.h>\n" + main, []string{"NDEBUG@1"}, "assert is compiled out by NDEBUG (line 1), defined before <assert.h> (line 2)", true},
		{"NDEBUG with a value", "#  define NDEBUG\t1\n# include <assert.h>\n" + main, []string{"NDEBUG@1"}, "compiled out by NDEBUG (line 1)", true},
		{"NDEBUG in ifndef", "#ifndef NDEBUG\n#define NDEBUG\n#endif\n#include <assert.h>\n" + main, []string{"NDEBUG@2"}, "compiled out", true},
		{"NDEBUG before a local header", "#define NDEBUG\n#include \"checks.h\"\n" + main, []string{"NDEBUG@1"}, "may include <assert.h>", true},
		{"NDEBUG undefined again", "#define NDEBUG\n#undef NDEBUG\n#include <assert.h>\n" + main, nil, "", false},
		{"NDEBUG after assert.h", "#include <assert.h>\n#define NDEBUG\n" + main, nil, "", false},
		{"assert.h again without NDEBUG", "#define NDEBUG\n#include <assert.h>\n#undef NDEBUG\n#include <assert.h>\n" + main, nil, "", false},
		{"NDEBUG in if 0", "#if 0\n#define NDEBUG\n#endif\n#include <assert.h>\n" + main, nil, "", false},
		{"NDEBUG in a comment", "/* #define NDEBUG */\n// #define NDEBUG\n#include <assert.h>\n" + main, nil, "", false},
		{"NDEBUG with no assert(c)", "#define NDEBUG\n#include <assert.h>\nint main(void) { return 0; }\n", nil, "", false},
		{"NDEBUG after the assertions", "#include <assert.h>\n" + main + "#define NDEBUG\n#include <assert.h>\n", nil, "", false},
		{"defined to nothing", "#include <assert.h>\n#undef assert\n#define assert(c) ((void)0)\n" + main, []string{"assert macro@3"}, "to check nothing", true},
		{"object-like, empty", "#include <assert.h>\n#undef assert\n#define assert\n" + main, []string{"assert macro@3"}, "to check nothing", true},
		{"variadic, unused", "#include <assert.h>\n#undef assert\n#define assert(...)\n" + main, []string{"assert macro@3"}, "to check nothing", true},
		{"own check", "#include <assert.h>\n#undef assert\n#define assert(c) \\\n  if (!(c)) bad++\n" + main, []string{"assert macro@3"}, "the program's own macro (line 3)", false},
		{"undef", "#include <assert.h>\n#undef assert\n" + main, []string{"assert macro@2"}, "#undef assert (line 2)", false},
		{"faithful", "#include <assert.h>\n#undef assert\n#define assert(c) __VERIFIER_assert(c)\n" + main, nil, "", false},
		{"faithful, reach_error", "#include <assert.h>\n#undef assert\n#define assert(e) if (!(e)) reach_error()\n" + main, nil, "", false},
		{"another macro", "#include <assert.h>\n#define assert_eq(a, b) assert((a) == (b))\n#define asserted 1\n" + main, nil, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkScreen(t, tc.src, tc.want, tc.detail, tc.unchecked)
		})
	}
}

// checkScreen runs Prescan on src without gcc and checks its hazards.
func checkScreen(t *testing.T, src string, want []string, detail string, unchecked bool) {
	t.Helper()
	p, err := ParseProgram("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Prescan(context.Background(), p, &PrescanOptions{GCC: "/nonexistent/gcc"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range s.Hazards {
		got = append(got, h.Construct+"@"+itoa(h.Line))
		if !strings.Contains(h.Detail, detail) {
			t.Errorf("%s: detail %q does not hold %q", h.Construct, h.Detail, detail)
		}
		if h.Unchecked != unchecked {
			t.Errorf("%s: Unchecked = %v, want %v", h, h.Unchecked, unchecked)
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("hazards %q, want %q\n%+v", got, want, s.Hazards)
	}
}

// -D NDEBUG (Program.Compile) compiles assert out as #define NDEBUG does;
// the hazard is at the #include of <assert.h>.
func TestPrescanNDEBUGFlag(t *testing.T) {
	src := "#include <stdio.h>\n#include <assert.h>\nint main(void) { int x = 1; assert(x == 2); return 0; }\n"
	p, err := ParseProgram("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		defines []string
		want    string
	}{
		{nil, ""},
		{[]string{"NDEBUG"}, "NDEBUG@2"},
		{[]string{"DEBUG=1", "NDEBUG=1"}, "NDEBUG@2"},
		{[]string{"NDEBUGX"}, ""},
	} {
		q, err := p.WithCompile(Compile{Defines: tc.defines})
		if err != nil {
			t.Fatal(err)
		}
		s, err := Prescan(context.Background(), q, &PrescanOptions{GCC: "/nonexistent/gcc"})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range s.Hazards {
			got = append(got, h.Construct+"@"+itoa(h.Line))
			if !h.Unchecked || !strings.Contains(h.Detail, "compiled out by NDEBUG (-D NDEBUG), defined before <assert.h> (line 2)") {
				t.Errorf("%v: %+v, want Unchecked, saying -D NDEBUG", tc.defines, h)
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%v: hazards %q, want %q", tc.defines, got, tc.want)
		}
	}
}
