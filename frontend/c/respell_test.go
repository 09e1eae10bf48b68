package c_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
)

// TestRespell: GNU's spellings of keywords are written the standard way,
// offsets kept, and a file that uses them parses without errors.
func TestRespell(t *testing.T) {
	src := "extern void __assert_fail (__const char *__assertion, __const__ int __line)\n" +
		"  __attribute__ ((__noreturn__));\n__volatile__ int v; __signed__ char s; int __constant;\n" +
		"int main(void) { __volatile int x = 0; return x; }\n"
	got := string(c.Respell([]byte(src)))
	want := "extern void __assert_fail (const   char *__assertion, const     int __line)\n" +
		"  __attribute__ ((__noreturn__));\nvolatile     int v; signed     char s; int __constant;\n" +
		"int main(void) { volatile   int x = 0; return x; }\n"
	if got != want {
		t.Errorf("Respell:\n got %q\nwant %q", got, want)
	}
	f, err := c.C.Parse(context.Background(), &frontend.Source{Path: "gnu.c", Content: []byte(src)}, frontend.NeedAll)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Errors) > 0 {
		t.Errorf("syntax errors: %v", f.Errors)
	}
	if string(f.Source) != src {
		t.Errorf("the file's source is not what was read")
	}
}

// TestRespellWords: a spelling is respelled only as a whole word, the
// longer spelling wins where one begins another, and a source without any
// is returned itself. The expected results are those of the regular
// expression \b(?:__const__|__const|...)\b that Respell once used.
func TestRespellWords(t *testing.T) {
	ref := regexp.MustCompile(`\b(?:__const__|__const|__volatile__|__volatile|__signed__|__signed)\b`)
	for _, src := range []string{
		"", "_", "__", "__const", "__const__", "__const_", "___const", "x__const", "__constx",
		"__const__x", "$__const", "__const$", "(__signed__)", "__volatile__volatile",
		"a __const__ b __const\n__signed", "__volatile__ __volatile\t__signed__,__signed;",
		"int __constant, __const9, __const_t;", "__const____const", "__const__const",
	} {
		want := ref.ReplaceAllStringFunc(src, func(w string) string {
			word := strings.Trim(w, "_")
			return word + strings.Repeat(" ", len(w)-len(word))
		})
		if got := string(c.Respell([]byte(src))); got != want {
			t.Errorf("Respell(%q) = %q, want %q", src, got, want)
		}
	}
	src := []byte("int __constant = __LINE__;")
	if got := c.Respell(src); &got[0] != &src[0] {
		t.Errorf("Respell copied a source with nothing to respell")
	}
}

// TestRespellCaseRanges: the "..." of a GNU case range is written "?: "
// (offsets kept) and IsCaseRange finds it again; a variadic parameter
// list, a range whose bound holds a colon and "..." in a string are left
// alone; the file parses without errors.
func TestRespellCaseRanges(t *testing.T) {
	src := "int f(int n, ...);\nint g(int x) {\n  switch (x) {\n  case 1 ... 3: return 1;\n#ifdef __GNUC__\n  case 'a'...'z': return 2;\n#endif\n" +
		"  case ':' ... ';': return 3;\n  default: return f(0, \"case 4 ... 5:\");\n  }\n}\n"
	got := string(c.Respell([]byte(src)))
	want := "int f(int n, ...);\nint g(int x) {\n  switch (x) {\n  case 1 ?:  3: return 1;\n#ifdef __GNUC__\n  case 'a'?: 'z': return 2;\n#endif\n" +
		"  case ':' ... ';': return 3;\n  default: return f(0, \"case 4 ... 5:\");\n  }\n}\n"
	if got != want {
		t.Errorf("Respell:\n got %q\nwant %q", got, want)
	}
	for _, at := range []int{strings.Index(src, "1 ...") + 2, strings.Index(src, "'...") + 1} {
		if !c.IsCaseRange([]byte(src), at) {
			t.Errorf("IsCaseRange(%d) = false, want true", at)
		}
	}
	for _, at := range []int{strings.Index(src, "..."), strings.Index(src, "':' ...") + 4, 0} {
		if c.IsCaseRange([]byte(src), at) {
			t.Errorf("IsCaseRange(%d) = true, want false", at)
		}
	}
	ok := strings.Replace(src, "  case ':' ... ';': return 3;\n", "", 1)
	f, err := c.C.Parse(context.Background(), &frontend.Source{Path: "ranges.c", Content: []byte(ok)}, frontend.NeedAll)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Errors) > 0 {
		t.Errorf("syntax errors: %v", f.Errors)
	}
}

// TestCommentEndsInDot: a // comment whose last word ends in a dot (or
// an arrow) does not make the call on the next line a field call, which
// lost ESBMC's assume_equality_fp_zero its assertion; a real field call
// across lines still is one.
func TestCommentEndsInDot(t *testing.T) {
	src := "#include <assert.h>\nstruct ops { int (*check)(int); };\nint main(void) {\n  struct ops o;\n" +
		"  // the solver picks x = -0.0 and the assertion fails.\n  assert(1 > 0);\n" +
		"  // see \"a.b //\" and s->\n  assert(2 > 0);\n" +
		"  o.\n    check(3);\n  return 0;\n}\n"
	f, err := c.C.Parse(context.Background(), &frontend.Source{Path: "dot.c", Content: []byte(src)}, frontend.NeedAll)
	if err != nil {
		t.Fatal(err)
	}
	var specs, fields []string
	for _, fn := range f.Functions {
		for _, s := range fn.Specs {
			specs = append(specs, s.Expr)
		}
		for _, call := range fn.Calls {
			if call.Kind == frontend.CallIndirect {
				fields = append(fields, call.Callee)
			}
		}
	}
	if strings.Join(specs, ";") != "1 > 0;2 > 0" {
		t.Errorf("assertions %q, want both", specs)
	}
	if strings.Join(fields, ";") != "o.\n    check" {
		t.Errorf("field calls %q, want o.check only", fields)
	}
}
