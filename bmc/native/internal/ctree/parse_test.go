package ctree

import (
	"context"
	"errors"
	"testing"
)

// TestParse: a program's functions come back typed, with the implicit
// conversions of C explicit in the tree (c + 1 is done in int, then
// converted to long for the initialisation).
func TestParse(t *testing.T) {
	src := "int main(void) {\n  char c = 1;\n  long x = c + 1;\n  return (int)x;\n}\n"
	p, err := Parse(context.Background(), "t.c", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	f := p.Funcs["main"]
	if f == nil || f.Ret != TInt || len(f.Params) != 0 {
		t.Fatalf("main: got %+v, want int main(void)", f)
	}
	var inits []*Expr
	var walk func(st *Stmt)
	walk = func(st *Stmt) {
		if st == nil {
			return
		}
		for _, v := range st.Decls {
			if v.Name == "x" && v.Init != nil && v.Init.Scalar != nil {
				inits = append(inits, v.Init.Scalar)
			}
		}
		walk(st.Body)
		walk(st.Else)
		for _, s := range st.List {
			walk(s)
		}
	}
	walk(f.Body)
	if len(inits) != 1 {
		t.Fatalf("found %d initialisers of x, want 1", len(inits))
	}
	e := inits[0]
	if e.Op != OConv || e.T != TLong || e.X.T != TInt {
		t.Fatalf("x's initialiser: got op %v %s of %s, want a conversion to long of an int", e.Op, e.T, e.X.T)
	}
}

// TestParseUnsupported: what the converter refuses is an *UnsupportedError
// naming the construct and its line.
func TestParseUnsupported(t *testing.T) {
	for _, tc := range []struct {
		src  string
		line int
		want string
	}{
		{"union u { int a; float b; };\nint main(void) { union u v; v.a = 1; return v.b > 0; }\n", 1, "unsupported: union u whose members a and b, both used, reinterpret each other's bytes at line 1"},
		{"struct s { int a : 33; };\nint main(void) {\n  struct s v;\n  return 0;\n}\n", 1, "unsupported: bit-field width 33 at line 1"},
	} {
		_, err := Parse(context.Background(), "t.c", []byte(tc.src), nil)
		var u *UnsupportedError
		if !errors.As(err, &u) || u.Line != tc.line || err.Error() != tc.want {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}

// TestLayoutExposed: the parser records a #pragma pack it sees and the
// first sizeof of a struct, which bmc/native refuses together
// (TestUnsupported there has them, and the attributes that change a
// layout, through the preprocessor).
func TestLayoutExposed(t *testing.T) {
	src := "#pragma pack(1)\nstruct s { char c; int i; };\nint main(void) {\n  int n = 4;\n  return sizeof(struct s) + sizeof n;\n}\n"
	p, err := Parse(context.Background(), "p.c", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.PackPragma != 1 || p.SizeofStruct != 5 {
		t.Errorf("PackPragma %d, SizeofStruct %d, want 1 and 5", p.PackPragma, p.SizeofStruct)
	}
}
