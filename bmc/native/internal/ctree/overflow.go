package ctree

// An OverflowOp is one of gcc's checked arithmetic built-ins
// (__builtin_add_overflow and its kin): it computes a op b as if in
// infinite precision, stores the result wrapped to the type its third
// argument points to, and returns whether it did not fit.
type OverflowOp struct {
	Op string // "+", "-" or "*"
	// T is the type of the operands and the result; nil for the
	// type-generic built-ins, whose operands keep their own integer types.
	T *Type
}

// OverflowBuiltins are gcc's checked arithmetic built-ins, by name.
var OverflowBuiltins = func() map[string]OverflowOp {
	m := map[string]OverflowOp{}
	ops := map[string]string{"add": "+", "sub": "-", "mul": "*"}
	types := map[string]*Type{"s": TInt, "sl": TLong, "sll": TLLong, "u": TUInt, "ul": TULong, "ull": TULLong}
	for name, op := range ops {
		m["__builtin_"+name+"_overflow"] = OverflowOp{Op: op}
		for sign, t := range types {
			// __builtin_saddl_overflow: the sign, the operation, the size
			m["__builtin_"+sign[:1]+name+sign[1:]+"_overflow"] = OverflowOp{Op: op, T: t}
		}
	}
	return m
}()

func init() {
	for name := range OverflowBuiltins {
		libFuncs[name] = libFunc{TBool, 3, 3, WritesMemory}
	}
}

// overflowArgs converts the arguments of a checked arithmetic built-in:
// the operands to its type (the generic one's keep theirs, promoted), and
// a pointer to an integer type other than _Bool for the result, which
// must be the built-in's type where it has one.
func (c *conv) overflowArgs(name string, ob OverflowOp, args []*Expr, line int) {
	for i := range args[:2] {
		if !args[i].T.IsInt() {
			c.fail(line, "argument %d of %s is %s, not an integer", i+1, name, args[i].T)
		}
		t := ob.T
		if t == nil {
			t = Promote(args[i].T)
		}
		args[i] = c.convert(args[i], t, line)
	}
	rt := args[2].T
	if !rt.IsPtr() || !rt.Elem.IsInt() || rt.Elem.Bool || ob.T != nil && !SameType(rt.Elem, ob.T) {
		c.fail(line, "argument 3 of %s is %s", name, rt)
	}
}
