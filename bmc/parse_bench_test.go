package bmc

import (
	"fmt"
	"strings"
	"testing"
)

// bigProgram is a C file of about size bytes: many functions, each with a
// loop, calls and assertions, as a large generated program has.
func bigProgram(size int) []byte {
	var b strings.Builder
	b.WriteString("#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\n")
	for i := 0; i == 0 || b.Len() < size; i++ {
		fmt.Fprintf(&b, `int f%d(int x) {
    int s = 0;
    for (int i = 0; i < 4; i++) {
        s += x * i;
        assert(s >= 0 || x < 0);
    }
    if (x > %d) s = f%d(x - 1);
    assert(s != %d || x != 0);
    return s;
}
`, i, i, max(i-1, 0), i)
	}
	b.WriteString("int main(void) { return f0(__VERIFIER_nondet_int()); }\n")
	return []byte(b.String())
}

// BenchmarkParseProgram measures ParseProgram on C files of growing size;
// the time per MB must stay flat (linear parsing).
func BenchmarkParseProgram(b *testing.B) {
	for _, size := range []int{256 << 10, 1 << 20, 5 << 20} {
		src := bigProgram(size)
		b.Run(fmt.Sprintf("%dKB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for range b.N {
				if _, err := ParseProgram("big.c", src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Parsing is linear: logical lines of a large file are the ones a small
// file gives for the same function.
func TestParseLargeKeepsLines(t *testing.T) {
	small, err := ParseProgram("s.c", bigProgram(1))
	if err != nil {
		t.Fatal(err)
	}
	big, err := ParseProgram("b.c", bigProgram(64<<10))
	if err != nil {
		t.Fatal(err)
	}
	if len(big.Asserts) < 100 {
		t.Fatalf("%d assertions", len(big.Asserts))
	}
	for i := range 2 {
		if small.Asserts[i].Line != big.Asserts[i].Line || small.Asserts[i].SrcLine != big.Asserts[i].SrcLine {
			t.Errorf("assertion %d: %+v vs %+v", i, small.Asserts[i], big.Asserts[i])
		}
	}
	last := big.Asserts[len(big.Asserts)-1]
	if last.Line != 6 || last.Func == "" {
		t.Errorf("last assertion %+v, want logical line 6", last)
	}
}
