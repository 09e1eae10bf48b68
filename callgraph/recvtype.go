package callgraph

import (
	"strings"
)

// typeOf evaluates the receiver chain c (frontend.Call.RecvType) met in
// fn to a normalized type. ok is false when a step cannot be followed: a
// field of a type the program does not declare, a function or method
// whose candidates disagree on their result or give none. t is then the
// foreign type the chain stopped at (one the program neither declares nor
// gives methods, as Vec or str), or "" when the chain is unknown.
func (r *resolver) typeOf(fn *Node, c string) (t string, ok bool) {
	steps := splitChain(c)
	if len(steps) == 0 {
		return "", false
	}
	start := steps[0]
	if p, isCall := strings.CutSuffix(start, "()"); isCall {
		segs := splitPath(p)
		if len(segs) == 0 {
			return "", false
		}
		name := segs[len(segs)-1]
		var cs []*Node
		if len(segs) == 1 {
			cs = r.freeCands(fn, name)
		} else {
			cs = r.pathCands(fn, segs[:len(segs)-1], name)
		}
		if t, ok = resultOf(cs); !ok {
			if len(cs) == 0 && len(segs) >= 2 && r.foreign(segs[len(segs)-2]) {
				// Vec::new(), std::fs::read(): a function of a type or
				// module outside the program gives a type outside it.
				return segs[len(segs)-2], false
			}
			return "", false
		}
	} else {
		t = start
	}
	t = r.unalias(t)
	for _, s := range steps[1:] {
		prev := t
		switch {
		case s == "?":
			t, ok = typeArg(t, false)
		case s == "[]":
			t, ok = typeArg(t, true)
		case strings.HasSuffix(s, "()"):
			t, ok = resultOf(r.methodsOf(t, strings.TrimSuffix(s, "()"), ""))
		default:
			t, ok = r.fieldType(t, s)
		}
		t = r.unalias(t)
		if !ok {
			if s != "?" && s != "[]" && r.foreign(prev) {
				return prev, false
			}
			return "", false
		}
	}
	return t, t != ""
}

// unalias returns the type a renaming import stands for when t names
// no type of the program itself: Symbol for Elf64Symbol after use
// types::Elf64Symbol as Symbol.
func (r *resolver) unalias(t string) string {
	b := baseType(t)
	if a := r.aliases[b]; a != "" && len(r.types[b]) == 0 && !r.recvs[b] {
		return a + strings.TrimPrefix(t, b)
	}
	return t
}

// foreign reports whether the type t is one the program neither declares
// nor gives methods: a library type.
func (r *resolver) foreign(t string) bool {
	b := baseType(t)
	return b != "" && len(r.types[b]) == 0 && !r.recvs[b] && !r.traits[b]
}

// resultOf returns the result type the functions cs agree on.
func resultOf(cs []*Node) (string, bool) {
	t := ""
	for _, n := range cs {
		rt := n.text(textResult)
		if rt == "" || t != "" && rt != t {
			return "", false
		}
		t = rt
	}
	return t, t != ""
}

// fieldType returns the type of field f of type t, when every declaration
// of t with that field agrees on it.
func (r *resolver) fieldType(t, f string) (string, bool) {
	ft := ""
	for _, d := range r.types[baseType(t)] {
		for _, p := range d.Fields {
			if p.Name != f {
				continue
			}
			if ft != "" && ft != p.Type {
				return "", false
			}
			ft = p.Type
		}
	}
	return ft, ft != ""
}

// typeArg returns the first (or, when last, the last) type argument of
// the normalized type t: T of Option<T>, V of HashMap<K, V>.
func typeArg(t string, last bool) (string, bool) {
	i := strings.IndexByte(t, '<')
	if i < 0 || !strings.HasSuffix(t, ">") {
		return "", false
	}
	args := splitTop(t[i+1:len(t)-1], ',')
	if len(args) == 0 {
		return "", false
	}
	a := args[0]
	if last {
		a = args[len(args)-1]
	}
	a = strings.TrimSpace(a)
	return a, a != ""
}

// splitChain splits a receiver chain at the dots outside brackets.
func splitChain(c string) []string { return splitTop(c, '.') }

// splitTop splits s at each sep outside <>, () and [].
func splitTop(s string, sep byte) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[from:i])
				from = i + 1
			}
		}
	}
	return append(out, s[from:])
}
