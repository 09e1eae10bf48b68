package c_test

import (
	"testing"

	"github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/frontend/frontendtest"
)

// FuzzParse checks that no input makes the C frontend panic or produce a
// model that breaks its invariants (spans inside the file, lines agreeing
// with bytes, statements inside their function). Run it with
//
//	go test -fuzz=FuzzParse ./frontend/c/
func FuzzParse(f *testing.F) {
	seeds, err := frontendtest.Seeds(frontendtest.TestData(), c.C)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Add([]byte("#ifdef A\nint f(int a)\n#else\nint f(long a)\n#endif\n{ return a; }\n"))
	f.Add([]byte("#if 0\n}\n#else\nint g(void) { return 0; }\n#endif\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		frontendtest.FuzzParse(t, c.C, "fuzz.c", src)
	})
}
