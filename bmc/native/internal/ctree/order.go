package ctree

import "sort"

// C leaves the order in which the operands of most operators, and the
// arguments of a call, are evaluated unspecified, and gcc picks one of its
// own: it evaluates a call's arguments right to left, and in c + g() it
// calls g before it reads c. The engine evaluates operands left to right
// and arguments right to left (as gcc does), so wherever the order can
// change a value, the program is refused: when one operand may write what
// another reads or writes. checkOrder finds those places after parsing.

// A resource is state that an expression may read or write beyond
// variables named directly.
type resource uint8

const (
	rMem   resource = 1 << iota // memory reached through a pointer
	rStdin                      // the position in stdin
)

// effects are what evaluating an expression may read and write: the
// resources, and the variables named directly.
type effects struct {
	r, w   resource
	rv, wv map[*Var]bool
}

func (f *effects) readVar(v *Var) {
	if f.rv == nil {
		f.rv = map[*Var]bool{}
	}
	f.rv[v] = true
}

func (f *effects) writeVar(v *Var) {
	if f.wv == nil {
		f.wv = map[*Var]bool{}
	}
	f.wv[v] = true
}

// add merges g into f.
func (f *effects) add(g effects) {
	f.r |= g.r
	f.w |= g.w
	for v := range g.rv {
		f.readVar(v)
	}
	for v := range g.wv {
		f.writeVar(v)
	}
}

// conflict reports whether evaluating a and b in either order can give
// different results: one writes what the other reads or writes. Memory
// reached through a pointer may be any variable whose address is taken.
func conflict(a, b effects) bool {
	return writesInto(a, b) || writesInto(b, a)
}

func writesInto(a, b effects) bool {
	if a.w&(b.r|b.w) != 0 {
		return true
	}
	for v := range a.wv {
		if b.rv[v] || b.wv[v] || v.Mem && (b.r|b.w)&rMem != 0 {
			return true
		}
	}
	if a.w&rMem != 0 {
		for v := range b.rv {
			if v.Mem {
				return true
			}
		}
		for v := range b.wv {
			if v.Mem {
				return true
			}
		}
	}
	return false
}

// orderChecker walks a program for order-dependent expressions.
type orderChecker struct {
	p *Program
	// sums are the functions' effects as their callers see them: on
	// globals and resources only (a callee's locals are its own).
	sums map[*Func]effects
}

// checkOrder refuses a program in which the unspecified order of
// evaluation can change a value (see above).
func checkOrder(p *Program) error {
	oc := &orderChecker{p: p, sums: map[*Func]effects{}}
	names := make([]string, 0, len(p.Funcs))
	for name := range p.Funcs {
		names = append(names, name)
	}
	sort.Strings(names)
	funcs := make([]*Func, len(names))
	for i, name := range names {
		funcs[i] = p.Funcs[name]
	}
	// Function summaries grow to a fixpoint (recursion).
	for changed := true; changed; {
		changed = false
		for _, f := range funcs {
			if f.Body == nil {
				continue
			}
			var all effects
			if err := oc.stmt(f.Body, &all, false); err != nil {
				return err
			}
			sum := effects{r: all.r, w: all.w}
			for v := range all.rv {
				if v.Global {
					sum.readVar(v)
				}
			}
			for v := range all.wv {
				if v.Global {
					sum.writeVar(v)
				}
			}
			if old, ok := oc.sums[f]; !ok || !sameEffects(old, sum) {
				oc.sums[f] = sum
				changed = true
			}
		}
	}
	// With the summaries known, look for conflicts.
	for _, f := range funcs {
		if f.Body != nil {
			var all effects
			if err := oc.stmt(f.Body, &all, true); err != nil {
				return err
			}
		}
	}
	for _, v := range p.Globals {
		if err := oc.init(v.Init, &effects{}, true); err != nil {
			return err
		}
	}
	return nil
}

func sameEffects(a, b effects) bool {
	if a.r != b.r || a.w != b.w || len(a.rv) != len(b.rv) || len(a.wv) != len(b.wv) {
		return false
	}
	for v := range a.rv {
		if !b.rv[v] {
			return false
		}
	}
	for v := range a.wv {
		if !b.wv[v] {
			return false
		}
	}
	return true
}

func (oc *orderChecker) init(in *Init, all *effects, check bool) error {
	if in == nil {
		return nil
	}
	if in.Scalar != nil {
		f, err := oc.expr(in.Scalar, check)
		if err != nil {
			return err
		}
		all.add(f)
	}
	for _, c := range in.Cells {
		f, err := oc.expr(c.E, check)
		if err != nil {
			return err
		}
		all.add(f)
	}
	return nil
}

// stmt adds the effects of st's expressions to all; with check, it
// reports the first order-dependent expression.
func (oc *orderChecker) stmt(st *Stmt, all *effects, check bool) error {
	if st == nil {
		return nil
	}
	for _, e := range []*Expr{st.X, st.Post} {
		if e == nil {
			continue
		}
		f, err := oc.expr(e, check)
		if err != nil {
			return err
		}
		all.add(f)
	}
	for _, v := range st.Decls {
		if err := oc.init(v.Init, all, check); err != nil {
			return err
		}
	}
	for _, s := range []*Stmt{st.Init, st.Body, st.Else} {
		if err := oc.stmt(s, all, check); err != nil {
			return err
		}
	}
	for _, s := range st.List {
		if err := oc.stmt(s, all, check); err != nil {
			return err
		}
	}
	return nil
}

// unordered checks operands evaluated in no fixed order.
func (oc *orderChecker) unordered(e *Expr, check bool, fs ...effects) error {
	if !check {
		return nil
	}
	for i := range fs {
		for j := i + 1; j < len(fs); j++ {
			if conflict(fs[i], fs[j]) {
				what := "operands"
				if e.Op == OCall {
					what = "arguments of " + e.Name
				} else if e.Op == OAssign || e.Op == OCompound {
					what = "sides of an assignment"
				}
				return &UnsupportedError{What: what + " whose order of evaluation (unspecified in C) can change the result",
					Line: e.Line, Construct: "evaluation order"}
			}
		}
	}
	return nil
}

// libEffects are the library functions' effects beyond their arguments.
func libEffects(name string) effects {
	switch name {
	case "scanf", "fscanf", "fgets":
		return effects{r: rStdin | rMem, w: rStdin | rMem}
	case "getchar", "getc", "fgetc":
		return effects{r: rStdin, w: rStdin}
	case "rand", "srand":
		// rand's values are any values, independent of each other and of
		// the seed, in either order: no order can change what the model
		// allows (a replay runs the real sequence)
		return effects{}
	case "memset", "memcpy", "memmove", "strcpy", "strncpy", "time", "free", "qsort":
		return effects{r: rMem, w: rMem}
	case "strlen", "strnlen", "strcmp", "strncmp", "atoi", "atol", "atoll", "strtol", "strtoll", "strtoul",
		"printf", "fprintf", "puts", "fputs", "bsearch":
		return effects{r: rMem}
	}
	return effects{}
}

// expr returns e's effects; with check, it reports an order-dependent
// subexpression.
func (oc *orderChecker) expr(e *Expr, check bool) (effects, error) {
	var f effects
	if e == nil {
		return f, nil
	}
	sub := func(x *Expr) (effects, error) { return oc.expr(x, check) }
	switch e.Op {
	case OVar:
		f.readVar(e.Var)
		return f, nil
	case ODeref:
		g, err := sub(e.X)
		if err != nil {
			return f, err
		}
		f.add(g)
		f.r |= rMem
		return f, nil
	case ODecay, OAddr:
		// an address: what computing it evaluates, not the object
		addr, _, err := oc.lvalue(e.X, check)
		return addr, err
	case OAssign, OCompound, OIncDec:
		// the lvalue's address, and for += and ++ its old value
		lhs, target, err := oc.lvalue(e.X, check)
		if err != nil {
			return f, err
		}
		if e.Op != OAssign {
			lhs.add(target.asRead())
		}
		var rhs effects
		if e.Y != nil {
			if rhs, err = sub(e.Y); err != nil {
				return f, err
			}
		}
		if err := oc.unordered(e, check, lhs, rhs); err != nil {
			return f, err
		}
		f.add(lhs)
		f.add(rhs)
		f.add(target)
		return f, nil
	case OCall:
		var args []effects
		if e.X != nil {
			// the callee pointer, in no fixed order with the arguments
			g, err := sub(e.X)
			if err != nil {
				return f, err
			}
			args = append(args, g)
			f.add(g)
		}
		for _, a := range e.Args {
			g, err := sub(a)
			if err != nil {
				return f, err
			}
			args = append(args, g)
			f.add(g)
		}
		if err := oc.unordered(e, check, args...); err != nil {
			return f, err
		}
		if e.Fn != nil {
			f.add(oc.sums[e.Fn])
		} else {
			f.add(libEffects(e.Name))
		}
		for _, g := range e.Cands {
			// a call through a pointer, or a comparator
			f.add(oc.sums[g])
		}
		return f, nil
	case OBin, OPtrAdd, OPtrDiff:
		a, err := sub(e.X)
		if err != nil {
			return f, err
		}
		b, err := sub(e.Y)
		if err != nil {
			return f, err
		}
		if err := oc.unordered(e, check, a, b); err != nil {
			return f, err
		}
		f.add(a)
		f.add(b)
		return f, nil
	case OStmtExpr:
		// its statements, in order, then its value
		if err := oc.stmt(e.Block, &f, check); err != nil {
			return f, err
		}
		g, err := sub(e.Y)
		if err != nil {
			return f, err
		}
		f.add(g)
		return f, nil
	}
	// sequenced (&&, ||, ?:, comma) or of one operand
	for _, x := range []*Expr{e.X, e.Y, e.Z} {
		g, err := sub(x)
		if err != nil {
			return f, err
		}
		f.add(g)
	}
	for _, a := range e.Args {
		g, err := sub(a)
		if err != nil {
			return f, err
		}
		f.add(g)
	}
	return f, nil
}

// lvalue returns the effects of computing lvalue x's address, and the
// write of the object it designates.
func (oc *orderChecker) lvalue(x *Expr, check bool) (addr, target effects, err error) {
	switch x.Op {
	case OVar:
		target.writeVar(x.Var)
		return addr, target, nil
	case ODeref:
		addr, err = oc.expr(x.X, check)
		target.w |= rMem
		return addr, target, err
	case OField:
		return oc.lvalue(x.X, check)
	case OStr:
		return addr, target, nil
	}
	addr, err = oc.expr(x, check)
	target.w |= rMem
	return addr, target, err
}

// asRead turns a write of an object into a read of it.
func (f effects) asRead() effects {
	g := effects{r: f.w}
	for v := range f.wv {
		g.readVar(v)
	}
	return g
}
