package ctree

import (
	"regexp"
	"sort"
)

// The verifiers' convention gives nondet_T and __VERIFIER_nondet_T the
// return type T; gcc gives a function called without a declaration the
// return type int. When a program calls one undeclared, the two readings
// agree only where the value's use cannot tell them apart: converted to
// _Bool or tested for truth (both readings give either answer), or
// converted to an integer type no wider than T, when T is an integer type
// of at most 32 bits (both readings then give every value of that type).
// Anywhere else the program means one thing to CBMC and ESBMC and another
// to gcc, and the engine, whose verdicts runs under gcc check, refuses
// it: double x = nondet_double() is any double to ESBMC and an int to gcc
// (ESBMC's github_1229_fail asks whether such an x can be NaN).
//
// Every gcc build of a program that bmc.ParseProgram reads declares such
// functions as the verifiers read them (bmc.Program.ConventionDecls),
// and the engine is told so (ParseLaidOut's declared): their calls then
// have the verifiers' types and none of this applies. What follows is
// for a text whose builds do not (the header could not be written, or
// the text was not preprocessed).

var conventionalName = regexp.MustCompile(`^(?:__VERIFIER_)?nondet_(\w+)$`)

// conventionalTypes are the types the verifiers' names say, but int's,
// where the readings agree.
var conventionalTypes = map[string]*Type{
	"bool": TBool, "_Bool": TBool,
	"char": TChar, "schar": TSChar, "uchar": TUChar, "u8": TUChar, "s8": TSChar,
	"short": TShort, "ushort": TUShort, "u16": TUShort, "s16": TShort,
	"uint": TUInt, "unsigned": TUInt, "u32": TUInt, "s32": TInt,
	"long": TLong, "ulong": TULong, "longlong": TLLong, "ulonglong": TULLong, "u64": TULong, "s64": TLong,
	"size_t": TULong, "loff_t": TLong, "int128": TInt128, "uint128": TUInt128,
	"float": TFloat, "double": TDouble,
	"pointer": TVoidP, "pchar": TCharP,
}

// A conventionalCall is an undeclared call whose name gives it another
// type than gcc's int; its use has not yet shown the readings agree.
type conventionalCall struct {
	name string
	t    *Type // the type the name says
	line int
}

// noteConventional records call, of name without a declaration, when the
// verifiers' convention reads its type otherwise than gcc.
func (c *conv) noteConventional(call *Expr, name string) {
	m := conventionalName.FindStringSubmatch(name)
	if m == nil {
		return
	}
	t, ok := conventionalTypes[m[1]]
	if !ok {
		return
	}
	if c.conventional == nil {
		c.conventional = map[*Expr]conventionalCall{}
	}
	c.conventional[call] = conventionalCall{name: name, t: t, line: call.Line}
}

// agreeing notes that e, if a conventional call, is used where both
// readings agree: tested for truth (to == nil) or converted to to.
func (c *conv) agreeing(e *Expr, to *Type) {
	cc, ok := c.conventional[e]
	if !ok {
		return
	}
	t := cc.t
	if to == nil || to.Bool || to.IsInt() && t.IsInt() && !t.Bool && to.Width <= t.Width && t.Width <= 32 {
		delete(c.conventional, e)
	}
}

// refuseConventional refuses the first call whose use tells the readings
// apart.
func (c *conv) refuseConventional() {
	if len(c.conventional) == 0 {
		return
	}
	calls := make([]conventionalCall, 0, len(c.conventional))
	for _, cc := range c.conventional {
		calls = append(calls, cc)
	}
	sort.Slice(calls, func(i, j int) bool { return calls[i].line < calls[j].line })
	cc := calls[0]
	c.fail(cc.line, "%s is called without a declaration: gcc reads it as int %s(), CBMC and ESBMC as %s %s(), and its use here tells the two apart (declare it)", cc.name, cc.name, cc.t, cc.name)
}
