package ctree

import "testing"

// The nondet functions' types are the harnesses' C types, read as the
// engine reads a declaration; pointers are left out.
func TestNondetTypes(t *testing.T) {
	want := map[string]*Type{
		"int": TInt, "uint": TUInt, "char": TChar, "uchar": TUChar, "s8": TSChar, "u16": TUShort, "s16": TShort,
		"u32": TUInt, "u64": TULong, "s64": TLong, "longlong": TLLong, "unsigned_long_long": TULLong,
		"size_t": TULong, "bool": TBool, "_Bool": TBool, "float": TFloat, "double": TDouble,
	}
	for suffix, w := range want {
		if got := NondetTypes[suffix]; got != w {
			t.Errorf("__VERIFIER_nondet_%s: %v, want %v", suffix, got, w)
		}
	}
	if _, ok := NondetTypes["pointer"]; ok {
		t.Error("__VERIFIER_nondet_pointer has a type: the engine does not make up pointers")
	}
}

// Every bit built-in is a library function of one argument, whose result
// is an int but for the byte swaps.
func TestBitBuiltins(t *testing.T) {
	for name, pt := range BitBuiltins {
		lf, ok := libFuncs[name]
		if !ok || lf.min != 1 || lf.max != 1 {
			t.Errorf("%s: %+v, %v", name, lf, ok)
			continue
		}
		want := TInt
		if name[len(name)-2:] == "16" || name[len(name)-2:] == "32" || name[len(name)-2:] == "64" {
			want = pt
		}
		if lf.ret != want {
			t.Errorf("%s returns %v, want %v", name, lf.ret, want)
		}
	}
}
