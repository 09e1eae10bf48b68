package c_test

import (
	"context"
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
