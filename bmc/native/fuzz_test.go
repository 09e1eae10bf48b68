package native

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// FuzzTranslate feeds arbitrary C text to the translation: it may refuse
// (unsupported, syntax error, resource) but must never panic or report an
// internal error.
func FuzzTranslate(f *testing.F) {
	files, _ := filepath.Glob("testdata/diff/*.c")
	for i, file := range files {
		if i%4 != 0 {
			continue
		}
		src, err := os.ReadFile(file)
		if err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("int main(void){int a[2]; int *p = a + 5; *p = 1; assert(p[0]); return 0;}"))
	f.Add([]byte("struct s; int main(){ struct s *p = 0; assert(p == 0); }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := bmc.ParseProgram("fuzz.c", src)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err = translateProgram(ctx, p, 2)
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("translation failed: %v\n%s", err, src)
		}
		if err != nil {
			return
		}
		// The program counted for an unwinding replay keeps its lines and
		// the text of every assertion.
		cp, err := parse(ctx, "", p)
		if err != nil {
			return
		}
		ip, ok := instrumentBounds(p, cp, 2)
		if !ok {
			return
		}
		if strings.Count(string(ip.Source), "\n") != strings.Count(string(src), "\n") {
			t.Fatalf("instrumented program has other lines:\n%s", ip.Source)
		}
		for i, a := range ip.Asserts {
			o := p.Asserts[i]
			if string(ip.Source[a.Start:a.End]) != string(p.Source[o.Start:o.End]) {
				t.Fatalf("assertion %d moved to %q:\n%s", i, ip.Source[a.Start:a.End], ip.Source)
			}
		}
	})
}
