package symex

import (
	"fmt"
	"github.com/suretydev/surety/smt"
	"strings"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// callUser inlines a call of a function the program defines.
func (x *sym) callUser(s *state, e *ctree.Expr) value {
	if e.Fn.Err != nil {
		panic(ctree.Bail{Err: e.Fn.Err})
	}
	if x.sum != nil && x.sum.Funcs[e.Fn] {
		return x.summaryCall(s, e.Fn, x.evalArgs(s, e.Args), e.Line)
	}
	return x.inline(s, e.Fn, x.evalArgs(s, e.Args), e.Line)
}

// inline runs the body of f, called with the evaluated args at line.
func (x *sym) inline(s *state, f *ctree.Func, args []value, line int) value {
	if f.Err != nil {
		// its body could not be translated, and this call may run it
		panic(ctree.Bail{Err: f.Err})
	}
	depth := 0
	for _, g := range x.stack {
		if g == f {
			depth++
		}
	}
	if depth > x.k {
		// Recursion deeper than the bound: like a loop unwound K times.
		x.tr.Unwind = append(x.tr.Unwind, UnwindSite{Guard: s.guard, Line: line, What: "the recursion of " + f.Name})
		s.guard = smt.False
		if f.Ret.Kind == ctree.KVoid {
			return value{t: ctree.TVoid}
		}
		if f.Ret.Kind == ctree.KStruct {
			return ptrValue(x.newObj("return value", f.Ret, false), 0, ctree.PtrTo(f.Ret))
		}
		return x.nondet(f.Ret, "dead")
	}
	if len(x.stack) > 1000 {
		x.fail(line, "call depth over 1000")
	}
	fc := &funcCtx{fn: f}
	if f.Ret.Kind == ctree.KStruct {
		fc.retObj = x.newObj("return value of "+f.Name, f.Ret, false)
	}
	saveFrame, saveFn := x.frame, x.fn
	x.frames++
	x.frame = x.frames
	callee := x.frame
	x.funcs = append(x.funcs, fc)
	x.stack = append(x.stack, f)
	x.fn = f.Name
	for i, p := range f.Params {
		x.bind(s, p, args[i], line)
	}
	end := x.stmt(s, f.Body)
	x.gotosLeft(fc)
	if !end.dead() {
		fc.rets = append(fc.rets, end)
		switch f.Ret.Kind {
		case ctree.KVoid:
			fc.vals = append(fc.vals, value{t: ctree.TVoid})
		case ctree.KStruct:
			fc.vals = append(fc.vals, ptrValue(fc.retObj, 0, ctree.PtrTo(f.Ret)))
		default:
			fc.vals = append(fc.vals, x.nondet(f.Ret, "noret"))
		}
	}
	x.funcs = x.funcs[:len(x.funcs)-1]
	x.stack = x.stack[:len(x.stack)-1]
	x.frame, x.fn = saveFrame, saveFn
	m := x.merge(fc.rets)
	if m == nil {
		s.guard = smt.False
		m = s
	}
	for k, o := range m.vobj {
		if k.f == callee {
			x.dead[o] = true // a pointer to it now dangles
		}
	}
	m.dropFrame(callee)
	*s = *m
	switch f.Ret.Kind {
	case ctree.KVoid:
		return value{t: ctree.TVoid}
	case ctree.KStruct:
		return ptrValue(fc.retObj, 0, ctree.PtrTo(f.Ret))
	}
	if len(fc.vals) == 0 {
		return x.nondet(f.Ret, "dead")
	}
	term := fc.vals[len(fc.vals)-1].s
	for i := len(fc.vals) - 2; i >= 0; i-- {
		term = ite(fc.rets[i].guard, fc.vals[i].s, term)
	}
	o, kn := unionObjs(fc.vals)
	return value{t: f.Ret, s: x.def(f.Ret.SMTSort(), term), objs: o, known: kn}
}

// evalArgs evaluates a call's arguments right to left, as gcc does on
// x86-64 (C leaves the order open; checkOrder refuses programs where it
// changes a value, so it matters only for the order in which nondet
// values are consumed, which the replay must follow).
func (x *sym) evalArgs(s *state, es []*ctree.Expr) []value {
	args := make([]value, len(es))
	for i := len(es) - 1; i >= 0; i-- {
		args[i] = x.eval(s, es[i])
	}
	return args
}

func (x *sym) assume(s *state, c smt.Term) {
	s.guard = x.def(smt.BoolSort, and(s.guard, c))
}

func (x *sym) input(s *state, kind, name string, t *ctree.Type, line int) value {
	x.counts[name]++
	v := x.nondet(t, "in")
	x.tr.inputs = append(x.tr.inputs, &input{Name: fmt.Sprintf("%s#%d", name, x.counts[name]), Kind: kind, T: t, Term: v.s, Guard: s.guard, Line: line})
	return v
}

func inRange(v smt.Term, w int, lo, hi int64) smt.Term {
	return smt.And(smt.BVSGe(v, bvInt(lo, w)), smt.BVSLe(v, bvInt(hi, w)))
}

// call evaluates a call: user functions are inlined, library functions
// modelled.
func (x *sym) call(s *state, e *ctree.Expr) value {
	if e.Fn != nil {
		return x.callUser(s, e)
	}
	if e.X != nil {
		return x.callThrough(s, e)
	}
	name := e.Name
	if strings.HasPrefix(name, "__VERIFIER_nondet_") {
		v := x.input(s, "nondet", name, e.T, e.Line)
		if e.T.Bool {
			x.assume(s, smt.BVULe(v.s, bvInt(1, 8)))
		}
		return v
	}
	if e.Havoc {
		// A function without a body (ctree's bodiless): its arguments
		// are evaluated, and it returns any value of its type.
		x.evalArgs(s, e.Args)
		if e.T.Kind == ctree.KVoid {
			return value{t: ctree.TVoid}
		}
		v := x.input(s, "nondet", name, e.T, e.Line)
		if e.T.Bool {
			x.assume(s, smt.BVULe(v.s, bvInt(1, 8)))
		}
		return v
	}
	args := x.evalArgs(s, e.Args)
	// from here on, memory accesses are the library's
	x.lib++
	defer func() { x.lib-- }()
	line := e.Line
	if exact, ok := ctree.FPClass[name]; ok {
		return x.fpClass(s, name, exact, args)
	}
	if name == ctree.VLAFunc {
		return x.vla(args)
	}
	if _, ok := ctree.BitBuiltins[name]; ok {
		return x.bitBuiltin(name, args[0], e.T)
	}
	if ob, ok := ctree.OverflowBuiltins[name]; ok {
		return x.overflowBuiltin(s, ob, args, e.Args[2].T.Elem, line)
	}
	switch name {
	case "printf", "fprintf", "puts", "putchar", "fputs", "fflush", "putc", "fputc":
		// Output writes none of the program's memory (printf's %n is
		// refused by the parser) and may return anything.
		return x.nondet(ctree.TInt, "out")
	case "srand":
		// rand is modelled as any value in range, whatever the seed.
		return value{t: ctree.TVoid}
	case "free":
		x.free(s, args[0], line)
		return value{t: ctree.TVoid}
	case "qsort":
		return x.qsort(s, e, args)
	case "bsearch":
		return x.bsearch(s, e, args)
	case "time":
		return x.time(s, args[0], e.Args[0], line)
	case "rand":
		// Any value in [0, RAND_MAX], as an over-approximation of glibc's
		// generator: a replay runs the real rand, so a counterexample that
		// needs other values than glibc's does not replay.
		x.note(asmRandRange)
		v := x.input(s, "rand", "rand", ctree.TInt, line)
		x.assume(s, smt.BVSGe(v.s, bvInt(0, 32)))
		return v
	case "exit", "abort", "reach_error", "__VERIFIER_error", "__assert_fail":
		s.guard = smt.False
		return value{t: ctree.TVoid}
	case "__VERIFIER_assume", "assume", "__CPROVER_assume", "__ESBMC_assume":
		x.assume(s, truth(args[0]))
		return value{t: ctree.TVoid}
	case "assert":
		// not a property here: a failing one aborts, like abort()
		x.assume(s, truth(args[0]))
		return value{t: ctree.TVoid}
	case "scanf":
		return x.scanf(s, e.Args[0].X.Str, args[1:], e.ArgT[1:], line)
	case "fscanf":
		return x.scanf(s, e.Args[1].X.Str, args[2:], e.ArgT[2:], line)
	case "getchar", "getc", "fgetc":
		if name != "getchar" && e.Args[0].Name != "stdin" {
			x.fail(line, "%s from a stream other than stdin", name)
		}
		x.counts["stdin"]++
		eof := x.atEOF(s)
		v := x.input(s, "stdin", "getchar", ctree.TInt, line)
		x.assume(s, inRange(v.s, 32, -1, 255))
		r := x.def(smt.BitVecSort(32), ite(eof, bvInt(-1, 32), v.s))
		x.setEOF(s, or(eof, smt.Eq(r, bvInt(-1, 32))))
		x.tr.events = append(x.tr.events, &stdinEvent{Kind: "getchar", Guard: s.guard, Line: line, Ret: r})
		return value{t: ctree.TInt, s: r}
	case "fgets":
		return x.fgets(s, args[0], e.Args[1], line)
	case "atoi", "atol", "atoll", "strtol", "strtoll", "strtoul":
		if strings.HasPrefix(name, "strto") && !ctree.IsNullConst(ctree.StripConv(e.Args[1])) {
			x.fail(line, "%s with an end pointer", name)
		}
		return x.nondet(e.T, "conv")
	case "malloc", "calloc":
		return x.malloc(s, name, args, line)
	case "realloc":
		return x.realloc(s, args[0], args[1], line)
	case "strlen", "strnlen":
		r := x.strlen(s, args[0], line)
		if name == "strnlen" {
			n := args[1].s
			r = ite(smt.BVULt(n, r), n, r)
		}
		return value{t: ctree.TULong, s: x.def(smt.BitVecSort(64), r)}
	case "strcmp":
		return x.strcmp(s, args[0], args[1], "", false, line)
	case "strncmp":
		return x.strcmp(s, args[0], args[1], args[2].s, false, line)
	case "memcmp":
		return x.strcmp(s, args[0], args[1], args[2].s, true, line)
	case "strcpy":
		x.strcpy(s, args[0], args[1], "", line)
		return args[0]
	case "strncpy":
		x.strcpy(s, args[0], args[1], args[2].s, line)
		return args[0]
	case "memset":
		x.memset(s, args[0], e.ArgT[0], args[1], e.Args[2], args[2], line)
		return args[0]
	case "memcpy", "memmove":
		x.memcpy(s, name, args[0], args[1], e.ArgT[0], e.ArgT[1], e.Args[2], args[2], line)
		return args[0]
	case "div", "ldiv", "lldiv":
		// a new object holds the struct, as a call of the program's own
		// returning a struct does: C's quotient (truncated) and remainder
		p := ptrValue(x.newObj(name+" result", e.T, false), 0, ctree.PtrTo(e.T))
		ft := e.T.Fields[0].T
		x.store(s, p, ft, x.binop("/", args[0], args[1], ft), line)
		x.store(s, x.ptrAddConst(p, 1), ft, x.binop("%", args[0], args[1], ft), line)
		return p
	case "abs", "labs", "llabs":
		v := args[0]
		return value{t: e.T, s: smt.Ite(smt.BVSLt(v.s, zeroOf(v.t)), smt.BVNeg(v.s), v.s)}
	case "fabs", "fabsf":
		return value{t: e.T, s: smt.FPAbs(args[0].s)}
	case "sqrt", "sqrtf":
		return value{t: e.T, s: smt.FPSqrt(smt.RNE, args[0].s)}
	case "floor":
		return value{t: e.T, s: smt.FPRoundToIntegral(smt.RTN, args[0].s)}
	case "ceil":
		return value{t: e.T, s: smt.FPRoundToIntegral(smt.RTP, args[0].s)}
	case "round":
		return value{t: e.T, s: smt.FPRoundToIntegral(smt.RNA, args[0].s)}
	case "trunc":
		return value{t: e.T, s: smt.FPRoundToIntegral(smt.RTZ, args[0].s)}
	case "fmin":
		return value{t: e.T, s: smt.FPMin(args[0].s, args[1].s)}
	case "difftime":
		// the difference, exact in 65 bits, rounded once to double: what
		// glibc gives (through long double, which holds it exactly)
		d := smt.BVSub(smt.SignExtend(1, args[0].s), smt.SignExtend(1, args[1].s))
		return value{t: e.T, s: smt.ToFP(11, 53, smt.RNE, d)}
	case "fmax":
		return value{t: e.T, s: smt.FPMax(args[0].s, args[1].s)}
	case "isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower", "isxdigit", "isprint", "ispunct",
		"isblank", "iscntrl", "isgraph":
		// In the C locale; glibc answers any non-zero bit of its table.
		// An argument that is neither EOF nor a char's value (signed or
		// unsigned) indexes past glibc's table: any value.
		c := x.def(smt.BitVecSort(32), args[0].s)
		cond := ctypeCond(name, c)
		nz := x.nondet(ctree.TInt, "ctype")
		x.assume(s, smt.Not(smt.Eq(nz.s, bvInt(0, 32))))
		r := value{t: ctree.TInt, s: x.def(smt.BitVecSort(32), ite(cond, nz.s, bvInt(0, 32))), b: cond}
		return x.ctypeDomain(c, r)
	case "toupper":
		c := x.def(smt.BitVecSort(32), args[0].s)
		return x.ctypeDomain(c, value{t: ctree.TInt, s: ite(ctypeCond("islower", c), smt.BVSub(c, bvInt(0x20, 32)), c)})
	case "tolower":
		c := x.def(smt.BitVecSort(32), args[0].s)
		return x.ctypeDomain(c, value{t: ctree.TInt, s: ite(ctypeCond("isupper", c), smt.BVAdd(c, bvInt(0x20, 32)), c)})
	}
	x.fail(line, "library function %s", name)
	return value{}
}

// fpClass is a floating-point classification function (ctree.FPClass)
// of its last argument: 1 or 0 where gcc's value is exact, else any
// non-zero value or 0. SMT-LIB's NaN has no sign, so signbit of a NaN is
// either.
func (x *sym) fpClass(s *state, name string, exact bool, args []value) value {
	v := args[len(args)-1].s
	nan := smt.FPIsNaN(v)
	inf := smt.FPIsInfinite(v)
	one, zero := bvInt(1, 32), bvInt(0, 32)
	var cond smt.Term
	switch name {
	case "__builtin_isnan", "isnan":
		cond = nan
	case "__builtin_isinf", "isinf":
		cond = inf
	case "__builtin_isfinite", "isfinite", "finite":
		cond = smt.Not(smt.Or(nan, inf))
	case "__builtin_isnormal", "isnormal":
		cond = smt.FPIsNormal(v)
	case "__builtin_isinf_sign":
		return value{t: ctree.TInt, s: ite(inf, ite(smt.FPIsNegative(v), bvInt(-1, 32), one), zero)}
	case "__builtin_fpclassify":
		return value{t: ctree.TInt, s: smt.Ite(nan, args[0].s, smt.Ite(inf, args[1].s,
			smt.Ite(smt.FPIsNormal(v), args[2].s, smt.Ite(smt.FPIsSubnormal(v), args[3].s, args[4].s))))}
	case "__builtin_signbit", "signbit":
		either := x.nondet(ctree.TInt, "sign")
		cond = smt.Or(smt.FPIsNegative(v), smt.And(nan, smt.Not(smt.Eq(either.s, zero))))
	default:
		panic(ctree.Bail{Err: ctree.Unsupported(0, "classification %s", name)})
	}
	cond = x.def(smt.BoolSort, cond)
	if exact {
		return value{t: ctree.TInt, s: ite(cond, one, zero), b: cond}
	}
	nz := x.nondet(ctree.TInt, "fpc")
	x.assume(s, smt.Not(smt.Eq(nz.s, zero)))
	return value{t: ctree.TInt, s: x.def(smt.BitVecSort(32), ite(cond, nz.s, zero)), b: cond}
}
