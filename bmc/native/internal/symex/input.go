package symex

import (
	"github.com/suretydev/surety/smt"
	"strconv"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// A directive is one piece of a scanf format: whitespace, a literal
// character, or a conversion.
type directive struct {
	Kind     byte // ' ' whitespace, 'l' literal, '%' conversion
	Lit      byte
	Conv     byte   // d i u x o c s f e g
	Length   string // "", "hh", "h", "l", "ll"
	Width    int    // 0: none
	Suppress bool
}

func isSpace(b byte) bool { return b == ' ' || (b >= 9 && b <= 13) }

// parseFormat splits a scanf format into directives.
func parseFormat(f []byte, line int) ([]directive, error) {
	if n := len(f); n > 0 && f[n-1] == 0 {
		f = f[:n-1]
	}
	var out []directive
	for i := 0; i < len(f); i++ {
		ch := f[i]
		switch {
		case isSpace(ch):
			for i+1 < len(f) && isSpace(f[i+1]) {
				i++
			}
			out = append(out, directive{Kind: ' '})
		case ch != '%':
			out = append(out, directive{Kind: 'l', Lit: ch})
		case i+1 < len(f) && f[i+1] == '%':
			i++
			out = append(out, directive{Kind: 'l', Lit: '%'})
		default:
			d := directive{Kind: '%'}
			i++
			if i < len(f) && f[i] == '*' {
				d.Suppress = true
				i++
			}
			j := i
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
			}
			if i > j {
				d.Width, _ = strconv.Atoi(string(f[j:i]))
			}
			for i < len(f) && (f[i] == 'h' || f[i] == 'l') {
				d.Length += string(f[i])
				i++
			}
			if i >= len(f) {
				return nil, ctree.Unsupported(line, "scanf format ending in %%")
			}
			switch f[i] {
			case 'd', 'i', 'u', 'x', 'o', 'c', 's', 'f', 'e', 'g':
				d.Conv = f[i]
			default:
				return nil, ctree.Unsupported(line, "scanf conversion %%%c", f[i])
			}
			if d.Conv == 'c' && d.Width > 1 {
				return nil, ctree.Unsupported(line, "scanf %%c with a width")
			}
			out = append(out, d)
		}
	}
	return out, nil
}

// convType is the pointee type a conversion stores.
func convType(d directive) *ctree.Type {
	switch d.Conv {
	case 'd', 'i':
		return map[string]*ctree.Type{"": ctree.TInt, "h": ctree.TShort, "hh": ctree.TSChar, "l": ctree.TLong, "ll": ctree.TLLong}[d.Length]
	case 'u', 'x', 'o':
		return map[string]*ctree.Type{"": ctree.TUInt, "h": ctree.TUShort, "hh": ctree.TUChar, "l": ctree.TULong, "ll": ctree.TULLong}[d.Length]
	case 'f', 'e', 'g':
		if d.Length == "l" {
			return ctree.TDouble
		}
		if d.Length == "" {
			return ctree.TFloat
		}
	case 'c', 's':
		if d.Length == "" {
			return ctree.TChar
		}
	}
	return nil
}

// scanf models a scanf call: its return value r is any of EOF, 0..n
// (n the assigning conversions), the first r conversions store fresh
// values and the rest leave their targets alone.
func (x *sym) scanf(s *state, format []byte, args []value, argT []*ctree.Type, line int) value {
	dirs, err := parseFormat(format, line)
	if err != nil {
		panic(ctree.Bail{Err: err})
	}
	n := 0
	for _, d := range dirs {
		if d.Kind == '%' && !d.Suppress {
			n++
		}
	}
	if n != len(args) {
		x.fail(line, "scanf with %d conversions and %d arguments", n, len(args))
	}
	x.counts["scanf"]++
	eof := x.atEOF(s)
	r0 := x.fresh("scanf_ret", smt.BitVecSort(32))
	x.assume(s, smt.Or(smt.Eq(r0, bvInt(-1, 32)), inRange(r0, 32, 0, int64(n))))
	x.tr.Nice = append(x.tr.Nice, implies(s.guard, smt.Eq(r0, bvInt(int64(n), 32))))
	r := x.def(smt.BitVecSort(32), ite(eof, bvInt(-1, 32), r0))
	x.setEOF(s, or(eof, smt.Eq(r, bvInt(-1, 32))))
	ev := &stdinEvent{Kind: "scanf", Guard: s.guard, Line: line, Dirs: dirs, Ret: r}
	k := 0
	for _, d := range dirs {
		if d.Kind != '%' || d.Suppress {
			continue
		}
		ct := convType(d)
		if ct == nil {
			x.fail(line, "scanf conversion %%%s%c", d.Length, d.Conv)
		}
		at := argT[k]
		if !at.IsPtr() || at.Elem.Kind != ct.Kind || at.Elem.Width != ct.Width {
			x.fail(line, "scanf %%%s%c into %s", d.Length, d.Conv, at)
		}
		p := args[k]
		et := at.Elem
		x.viewAs(p, et)
		assigned := x.def(smt.BoolSort, and(s.guard, smt.BVSGt(r, bvInt(int64(k), 32))))
		x.counts["stdin"]++
		in := &input{Name: "scanf#" + itoa(x.counts["stdin"]), Kind: "stdin", T: et, Guard: assigned, Line: line}
		switch d.Conv {
		case 's':
			w := d.Width
			exact := true
			if w == 0 {
				b, ex := x.strBound(p)
				w, exact = b-1, ex
				if !exact || w < 1 {
					x.fail(line, "scanf %%s without a width into a buffer of unknown size")
				}
				// a longer token overflows the buffer in a real run
				x.note(AsmLibInBounds)
			}
			if w > 256 {
				x.fail(line, "scanf %%s of width %d", w)
			}
			l := x.fresh("slen", smt.BitVecSort(32))
			x.assume(s, inRange(l, 32, 1, int64(w)))
			in.Len = l
			for j := 0; j <= w; j++ {
				q := x.ptrAddConst(p, j)
				old := x.load(s, q, ctree.TChar, line).s
				var nv smt.Term
				if j < w {
					// any byte but white space: a NUL byte is read as
					// any other, and ends the string early
					c := x.fresh("sch", smt.BitVecSort(8))
					x.assume(s, smt.And(smt.Not(smt.Eq(c, bvInt(' ', 8))), smt.Not(smt.And(smt.BVUGe(c, bvInt('\t', 8)), smt.BVULe(c, bvInt('\r', 8))))))
					in.Chars = append(in.Chars, c)
					nv = ite(smt.BVSGt(l, bvInt(int64(j), 32)), c, ite(smt.Eq(l, bvInt(int64(j), 32)), bvInt(0, 8), old))
				} else {
					nv = ite(smt.Eq(l, bvInt(int64(j), 32)), bvInt(0, 8), old)
				}
				x.store(s, q, ctree.TChar, value{t: ctree.TChar, s: ite(assigned, nv, old)}, line)
			}
		default:
			v := x.fresh("sv", et.SMTSort())
			in.Term = v
			old := x.load(s, p, et, line).s
			x.store(s, p, et, value{t: et, s: ite(assigned, v, old)}, line)
		}
		x.tr.inputs = append(x.tr.inputs, in)
		ev.Vals = append(ev.Vals, in)
		k++
	}
	x.tr.events = append(x.tr.events, ev)
	return value{t: ctree.TInt, s: r}
}

// fgets models fgets(buf, n, stdin) with constant n: NULL (end of input)
// or a line of 0..n-2 characters, optionally ended by a newline, then NUL.
func (x *sym) fgets(s *state, buf value, nE *ctree.Expr, line int) value {
	nv, ok := ctree.FoldInt(nE)
	if !ok || nv.Int64() < 2 || nv.Int64() > 257 {
		x.fail(line, "fgets with a size that is not a constant in 2..257")
	}
	n := int(nv.Int64())
	x.viewAs(buf, ctree.TChar)
	eof := x.atEOF(s)
	okB := x.def(smt.BoolSort, and(not(eof), x.fresh("fgets_ok", smt.BoolSort)))
	x.setEOF(s, not(okB))
	l := x.fresh("flen", smt.BitVecSort(32))
	nl := x.fresh("fgets_nl", smt.BoolSort)
	x.assume(s, inRange(l, 32, 0, int64(n-1)))
	// a newline needs room: l+1 <= n-1
	x.assume(s, implies(nl, smt.BVSLt(l, bvInt(int64(n-1), 32))))
	x.assume(s, implies(not(nl), smt.BVSGt(l, bvInt(0, 32))))
	x.counts["stdin"]++
	in := &input{Name: "fgets#" + itoa(x.counts["stdin"]), Kind: "stdin", T: ctree.TChar, Guard: x.def(smt.BoolSort, and(s.guard, okB)), Line: line, Len: l}
	for j := 0; j < n; j++ {
		q := x.ptrAddConst(buf, j)
		old := x.load(s, q, ctree.TChar, line).s
		jj := bvInt(int64(j), 32)
		var v smt.Term
		if j < n-1 {
			// any byte but a newline, NUL included (fgets stores it)
			c := x.fresh("fch", smt.BitVecSort(8))
			x.assume(s, smt.Not(smt.Eq(c, bvInt('\n', 8))))
			in.Chars = append(in.Chars, c)
			v = ite(smt.BVSGt(l, jj), c, ite(smt.Eq(l, jj), ite(nl, bvInt('\n', 8), bvInt(0, 8)), ite(smt.And(nl, smt.Eq(smt.BVAdd(l, bvInt(1, 32)), jj)), bvInt(0, 8), old)))
		} else {
			v = ite(smt.Eq(l, jj), bvInt(0, 8), ite(smt.And(nl, smt.Eq(smt.BVAdd(l, bvInt(1, 32)), jj)), bvInt(0, 8), old))
		}
		x.store(s, q, ctree.TChar, value{t: ctree.TChar, s: ite(okB, v, old)}, line)
	}
	x.tr.inputs = append(x.tr.inputs, in)
	x.tr.events = append(x.tr.events, &stdinEvent{Kind: "fgets", Guard: s.guard, Line: line, Ret: okB, Vals: []*input{in}, NL: nl})
	r := buf
	r.s = x.def(smt.BitVecSort(64), ite(okB, buf.s, bvInt(0, 64)))
	r.objs, r.known = append(append([]int{}, buf.objs...), 0), buf.known
	return r
}
