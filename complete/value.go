package complete

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/suretydev/surety/internal/split"
)

// This file holds the types the completeness checker understands, their
// small values, their neighbours, how a value is written as a Dafny literal
// and how a printed value is read back.

type tkind int

const (
	tInt tkind = iota
	tNat
	tBool
	tChar
	tString
	tSeq
	tTuple
	tData
)

// A dtype is a supported Dafny type.
type dtype struct {
	kind  tkind
	elem  *dtype   // seq
	elems []*dtype // tuple
	data  *datatype
	ctors [][]*dtype // data: field types per constructor
	src   string     // as written
}

// A value is a concrete value of a dtype.
type value struct {
	t     *dtype
	i     int64
	b     bool
	c     rune
	elems []value // seq, string, tuple, constructor fields
	ctor  int     // data
}

// parseType reads a type as written in a signature.
func parseType(s string, dts map[string]*datatype) (*dtype, error) {
	return parseTypeDepth(strings.TrimSpace(s), dts, 0)
}

func parseTypeDepth(s string, dts map[string]*datatype, depth int) (*dtype, error) {
	if depth > 8 {
		return nil, fmt.Errorf("type %s nests too deeply", s)
	}
	switch s {
	case "int":
		return &dtype{kind: tInt, src: s}, nil
	case "nat":
		return &dtype{kind: tNat, src: s}, nil
	case "bool":
		return &dtype{kind: tBool, src: s}, nil
	case "char":
		return &dtype{kind: tChar, src: s}, nil
	case "string":
		return &dtype{kind: tString, src: s, elem: &dtype{kind: tChar, src: "char"}}, nil
	}
	if inner, ok := strings.CutPrefix(s, "seq"); ok {
		inner = strings.TrimSpace(inner)
		if strings.HasPrefix(inner, "<") && strings.HasSuffix(inner, ">") {
			e, err := parseTypeDepth(strings.TrimSpace(inner[1:len(inner)-1]), dts, depth+1)
			if err != nil {
				return nil, err
			}
			if e.kind == tChar {
				return &dtype{kind: tString, src: s, elem: e}, nil
			}
			return &dtype{kind: tSeq, elem: e, src: s}, nil
		}
	}
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		parts := splitTop(s[1 : len(s)-1])
		if len(parts) == 1 {
			return parseTypeDepth(parts[0], dts, depth+1)
		}
		t := &dtype{kind: tTuple, src: s}
		for _, p := range parts {
			e, err := parseTypeDepth(p, dts, depth+1)
			if err != nil {
				return nil, err
			}
			t.elems = append(t.elems, e)
		}
		return t, nil
	}
	if dt, ok := dts[s]; ok {
		if dt.TypeParam {
			return nil, fmt.Errorf("datatype %s has type parameters", s)
		}
		t := &dtype{kind: tData, data: dt, src: s}
		// Register before the fields, so recursive datatypes terminate.
		seen := map[string]*dtype{s: t}
		for _, c := range dt.Ctors {
			var fs []*dtype
			for _, f := range c.Fields {
				ft, err := parseDataField(f.Type, dts, seen, depth+1)
				if err != nil {
					return nil, fmt.Errorf("datatype %s: %w", s, err)
				}
				fs = append(fs, ft)
			}
			t.ctors = append(t.ctors, fs)
		}
		return t, nil
	}
	return nil, fmt.Errorf("type %s is not supported", s)
}

func parseDataField(s string, dts map[string]*datatype, seen map[string]*dtype, depth int) (*dtype, error) {
	s = strings.TrimSpace(s)
	if t, ok := seen[s]; ok {
		return t, nil
	}
	if inner, ok := strings.CutPrefix(s, "seq"); ok {
		inner = strings.TrimSpace(inner)
		if strings.HasPrefix(inner, "<") && strings.HasSuffix(inner, ">") {
			if t, ok := seen[strings.TrimSpace(inner[1:len(inner)-1])]; ok {
				return &dtype{kind: tSeq, elem: t, src: s}, nil
			}
		}
	}
	return parseTypeDepth(s, dts, depth)
}

// splitTop splits s at commas outside brackets, <> included.
func splitTop(s string) []string {
	return split.Commas{Open: "(<[", Close: ")>]", Trim: true}.Split(s)
}

// tupleType makes the type of several results taken together.
func tupleType(ts []*dtype) *dtype {
	if len(ts) == 1 {
		return ts[0]
	}
	srcs := make([]string, len(ts))
	for i, t := range ts {
		srcs[i] = t.src
	}
	return &dtype{kind: tTuple, elems: ts, src: "(" + strings.Join(srcs, ", ") + ")"}
}

// candidates returns small values of t, smallest first, at most limit.
func candidates(t *dtype, limit, depth int) []value {
	var vs []value
	switch t.kind {
	case tInt:
		for _, i := range []int64{0, 1, -1, 2, 3} {
			vs = append(vs, value{t: t, i: i})
		}
	case tNat:
		for _, i := range []int64{0, 1, 2, 3} {
			vs = append(vs, value{t: t, i: i})
		}
	case tBool:
		vs = []value{{t: t, b: false}, {t: t, b: true}}
	case tChar:
		for _, c := range "a0b /" {
			vs = append(vs, value{t: t, c: c})
		}
	case tString:
		for _, s := range []string{"", "0", "1", "a", "ab", "/", "10", "9", "a/b", "/a", " ", "ab c", "99", "-1"} {
			vs = append(vs, stringValue(t, s))
		}
	case tSeq:
		es := candidates(t.elem, 4, depth+1)
		seqOf := func(idx ...int) {
			v := value{t: t, elems: []value{}}
			for _, i := range idx {
				if i >= len(es) {
					return
				}
				v.elems = append(v.elems, es[i])
			}
			vs = append(vs, v)
		}
		// Short sequences first, repeated elements early: duplicates are
		// where contracts most often leave a choice.
		seqOf()
		seqOf(0)
		seqOf(0, 0)
		seqOf(1)
		seqOf(0, 1)
		seqOf(1, 0)
		seqOf(1, 1)
		seqOf(2)
		seqOf(0, 1, 2)
		seqOf(0, 0, 0)
		// Distinct elements, in and out of order: where a contract that
		// forgets the order, or an index, shows it.
		seqOf(1, 3)
		seqOf(3, 1)
		seqOf(1, 3, 0)
		seqOf(3, 0, 1)
	case tTuple:
		lists := make([][]value, len(t.elems))
		for i, e := range t.elems {
			lists[i] = candidates(e, 4, depth+1)
		}
		for _, combo := range product(lists, limit) {
			vs = append(vs, value{t: t, elems: combo})
		}
	case tData:
		for ci, fs := range t.ctors {
			if len(fs) > 0 && depth > 2 {
				continue
			}
			lists := make([][]value, len(fs))
			for i, f := range fs {
				lists[i] = candidates(f, 3, depth+1)
			}
			for _, combo := range product(lists, 4) {
				vs = append(vs, value{t: t, ctor: ci, elems: combo})
			}
		}
		sort.SliceStable(vs, func(i, j int) bool { return len(vs[i].elems) < len(vs[j].elems) })
	}
	if len(vs) > limit {
		vs = vs[:limit]
	}
	return vs
}

func stringValue(t *dtype, s string) value {
	v := value{t: t}
	for _, c := range s {
		v.elems = append(v.elems, value{t: t.elem, c: c})
	}
	return v
}

// product returns combinations of one value from each list, ordered by the
// sum of their ranks (small values together first), at most limit.
func product(lists [][]value, limit int) [][]value {
	if len(lists) == 0 {
		return [][]value{nil}
	}
	for _, l := range lists {
		if len(l) == 0 {
			return nil
		}
	}
	var out [][]value
	maxSum := 0
	for _, l := range lists {
		maxSum += len(l) - 1
	}
	idx := make([]int, len(lists))
	for sum := 0; sum <= maxSum && len(out) < limit; sum++ {
		var rec func(k, left int)
		rec = func(k, left int) {
			if len(out) >= limit {
				return
			}
			if k == len(lists)-1 {
				if left < len(lists[k]) {
					idx[k] = left
					combo := make([]value, len(lists))
					for i := range lists {
						combo[i] = lists[i][idx[i]]
					}
					out = append(out, combo)
				}
				return
			}
			for r := 0; r <= left && r < len(lists[k]); r++ {
				idx[k] = r
				rec(k+1, left-r)
			}
		}
		rec(0, sum)
	}
	return out
}

// neighbours returns values close to v and different from it.
func neighbours(v value) []value {
	var ns []value
	t := v.t
	switch t.kind {
	case tInt, tNat:
		for _, i := range []int64{v.i + 1, v.i - 1, -v.i, 0} {
			if t.kind == tNat && i < 0 {
				continue
			}
			ns = append(ns, value{t: t, i: i})
		}
	case tBool:
		ns = append(ns, value{t: t, b: !v.b})
	case tChar:
		ns = append(ns, value{t: t, c: v.c + 1})
		if v.c > 0 {
			ns = append(ns, value{t: t, c: v.c - 1})
		}
	case tString, tSeq:
		n := len(v.elems)
		ns = append(ns, value{t: t})
		rev := make([]value, n)
		for i, e := range v.elems {
			rev[n-1-i] = e
		}
		ns = append(ns, value{t: t, elems: rev})
		for i := 0; i < n && i < 4; i++ { // drop one
			ns = append(ns, value{t: t, elems: concat(v.elems[:i], v.elems[i+1:])})
		}
		adds := candidates(t.elem, 2, 2)
		if n > 0 {
			adds = append([]value{v.elems[n-1]}, adds...)
		}
		for _, a := range adds { // add one, at the end and at the front
			ns = append(ns, value{t: t, elems: concat(v.elems, []value{a})})
			ns = append(ns, value{t: t, elems: concat([]value{a}, v.elems)})
		}
		for i := 0; i < n && i < 4; i++ { // change one
			for k, e := range neighbours(v.elems[i]) {
				if k >= 2 {
					break
				}
				c := concat(v.elems, nil)
				c[i] = e
				ns = append(ns, value{t: t, elems: c})
			}
		}
		for i := 0; i+1 < n && i < 3; i++ { // swap two neighbours
			c := concat(v.elems, nil)
			c[i], c[i+1] = c[i+1], c[i]
			ns = append(ns, value{t: t, elems: c})
		}
	case tTuple:
		for i := range v.elems {
			for _, e := range neighbours(v.elems[i]) {
				c := concat(v.elems, nil)
				c[i] = e
				ns = append(ns, value{t: t, elems: c})
			}
		}
	case tData:
		for ci, fs := range t.ctors {
			if ci == v.ctor {
				continue
			}
			lists := make([][]value, len(fs))
			for i, f := range fs {
				lists[i] = candidates(f, 1, 3)
			}
			for _, combo := range product(lists, 1) {
				ns = append(ns, value{t: t, ctor: ci, elems: combo})
			}
		}
		for i := range v.elems {
			for _, e := range neighbours(v.elems[i]) {
				c := concat(v.elems, nil)
				c[i] = e
				ns = append(ns, value{t: t, ctor: v.ctor, elems: c})
			}
		}
	}
	// Different from v, each once, in the order made.
	seen := map[string]bool{v.literal(): true}
	out := ns[:0]
	for _, n := range ns {
		if l := n.literal(); !seen[l] {
			seen[l] = true
			out = append(out, n)
		}
	}
	return out
}

func concat(a, b []value) []value {
	c := make([]value, 0, len(a)+len(b))
	return append(append(c, a...), b...)
}

// literal writes v as a Dafny expression.
func (v value) literal() string {
	switch v.t.kind {
	case tInt, tNat:
		if v.i < 0 {
			return "(" + strconv.FormatInt(v.i, 10) + ")"
		}
		return strconv.FormatInt(v.i, 10)
	case tBool:
		return strconv.FormatBool(v.b)
	case tChar:
		return "'" + escapeChar(v.c, '\'') + "'"
	case tString:
		var b strings.Builder
		b.WriteByte('"')
		for _, e := range v.elems {
			b.WriteString(escapeChar(e.c, '"'))
		}
		b.WriteByte('"')
		return b.String()
	case tSeq:
		parts := make([]string, len(v.elems))
		for i, e := range v.elems {
			parts[i] = e.literal()
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case tTuple:
		parts := make([]string, len(v.elems))
		for i, e := range v.elems {
			parts[i] = e.literal()
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case tData:
		c := v.t.data.Ctors[v.ctor]
		name := v.t.data.Name + "." + c.Name
		if len(v.elems) == 0 {
			return name
		}
		parts := make([]string, len(v.elems))
		for i, e := range v.elems {
			parts[i] = e.literal()
		}
		return name + "(" + strings.Join(parts, ", ") + ")"
	}
	return "?"
}

func escapeChar(c rune, quote rune) string {
	switch {
	case c == quote || c == '\\':
		return `\` + string(c)
	case c == '\n':
		return `\n`
	case c == '\t':
		return `\t`
	case c < 0x20 || c > 0x7e:
		return fmt.Sprintf(`\u%04x`, c)
	}
	return string(c)
}

// parseValue reads a value of t printed by the generated printer (see
// complete_gen.go): integers in decimal, booleans as T or F, characters as
// their code, sequences as "[ e ... ]", tuples as "( e ... )", datatype
// values as "Ctor ( e ... )". Tokens are separated by spaces.
func parseValue(t *dtype, toks []string) (value, []string, error) {
	if len(toks) == 0 {
		return value{}, nil, fmt.Errorf("value of %s: output ends early", t.src)
	}
	tok := toks[0]
	switch t.kind {
	case tInt, tNat:
		i, err := strconv.ParseInt(tok, 10, 64)
		if err != nil {
			return value{}, nil, fmt.Errorf("value of %s: %q is not an integer", t.src, tok)
		}
		return value{t: t, i: i}, toks[1:], nil
	case tBool:
		if tok != "T" && tok != "F" {
			return value{}, nil, fmt.Errorf("value of bool: %q", tok)
		}
		return value{t: t, b: tok == "T"}, toks[1:], nil
	case tChar:
		i, err := strconv.ParseInt(tok, 10, 32)
		if err != nil {
			return value{}, nil, fmt.Errorf("value of char: %q", tok)
		}
		return value{t: t, c: rune(i)}, toks[1:], nil
	case tString, tSeq, tTuple:
		open, closeTok := "[", "]"
		if t.kind == tTuple {
			open, closeTok = "(", ")"
		}
		if tok != open {
			return value{}, nil, fmt.Errorf("value of %s: want %s, got %q", t.src, open, tok)
		}
		toks = toks[1:]
		v := value{t: t}
		for i := 0; ; i++ {
			if len(toks) == 0 {
				return value{}, nil, fmt.Errorf("value of %s: output ends early", t.src)
			}
			if toks[0] == closeTok {
				break
			}
			et := t.elem
			if t.kind == tTuple {
				if i >= len(t.elems) {
					return value{}, nil, fmt.Errorf("value of %s: too many components", t.src)
				}
				et = t.elems[i]
			}
			e, rest, err := parseValue(et, toks)
			if err != nil {
				return value{}, nil, err
			}
			v.elems = append(v.elems, e)
			toks = rest
		}
		if t.kind == tTuple && len(v.elems) != len(t.elems) {
			return value{}, nil, fmt.Errorf("value of %s: %d components", t.src, len(v.elems))
		}
		return v, toks[1:], nil
	case tData:
		for ci, c := range t.data.Ctors {
			if c.Name != tok {
				continue
			}
			v := value{t: t, ctor: ci}
			toks = toks[1:]
			if len(toks) == 0 || toks[0] != "(" {
				return value{}, nil, fmt.Errorf("value of %s: want ( after %s", t.src, tok)
			}
			toks = toks[1:]
			for _, ft := range t.ctors[ci] {
				e, rest, err := parseValue(ft, toks)
				if err != nil {
					return value{}, nil, err
				}
				v.elems = append(v.elems, e)
				toks = rest
			}
			if len(toks) == 0 || toks[0] != ")" {
				return value{}, nil, fmt.Errorf("value of %s: want )", t.src)
			}
			return v, toks[1:], nil
		}
		return value{}, nil, fmt.Errorf("value of %s: unknown constructor %q", t.src, tok)
	}
	return value{}, nil, fmt.Errorf("value of %s: unsupported", t.src)
}
