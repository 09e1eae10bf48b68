package rust

import (
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// This file types receivers without a compiler: enough of Rust's typing
// to tell which impl a method call lands in when syntax says so (self, a
// typed let or parameter, Type::new(..), Type { .. }, a field of a struct,
// the result of a function), written as the chains frontend.Call.RecvType
// documents; the call graph completes them across files. What syntax
// cannot tell (a closure's parameter, a tuple pattern, a generic) stays
// unknown, and the call resolves by name.

// A binding is what a local name stands for from byte from to byte until:
// a receiver chain, or "" when the name is bound to something untyped
// (it then hides an outer binding of the name).
type binding struct {
	from, until uint32
	chain       string
}

// passThrough are the methods whose result is, for resolution, their
// receiver: references, clones and the borrows of the wrappers
// normalizeType already strips.
var passThrough = map[string]bool{
	"clone": true, "borrow": true, "borrow_mut": true, "as_ref": true, "as_mut": true,
	"to_owned": true, "lock": true, "read": true, "write": true, "as_deref": true,
	"as_deref_mut": true, "deref": true, "deref_mut": true, "by_ref": true,
}

// unwrapping are the methods of Option and Result that give their value.
var unwrapping = map[string]bool{
	"unwrap": true, "expect": true, "unwrap_or_default": true, "unwrap_or": true,
	"unwrap_or_else": true, "unwrap_unchecked": true,
}

// wrappers are the generic types a method call sees through: a call on a
// Box<T> or Rc<RefCell<T>> runs T's method (after a borrow).
var wrappers = map[string]bool{
	"Box": true, "Rc": true, "Arc": true, "RefCell": true, "Cell": true, "Mutex": true,
	"RwLock": true, "Cow": true, "ManuallyDrop": true, "Pin": true, "Weak": true,
}

// normalizeType writes the type text t in the form frontend.TypeDecl
// documents, with Self read as self. It returns "" for a type that names
// nothing a method could be found on (a tuple, a fn pointer, a bare
// lifetime).
func normalizeType(t, self string) string {
	t = strings.TrimSpace(t)
	for {
		switch {
		case strings.HasPrefix(t, "&"):
			t = strings.TrimSpace(t[1:])
			if strings.HasPrefix(t, "'") { // &'a T
				i := strings.IndexAny(t, " \t\n")
				if i < 0 {
					return ""
				}
				t = strings.TrimSpace(t[i:])
			}
			continue
		case strings.HasPrefix(t, "mut "), strings.HasPrefix(t, "dyn "), strings.HasPrefix(t, "impl "):
			t = strings.TrimSpace(t[4:])
			continue
		case strings.HasPrefix(t, "*const "), strings.HasPrefix(t, "*mut "):
			t = strings.TrimSpace(t[strings.IndexByte(t, ' ')+1:])
			continue
		}
		break
	}
	if t == "" || t[0] == '(' || t[0] == '\'' || t[0] == '!' || strings.HasPrefix(t, "fn") && !isIdentAt(t, 2) {
		return ""
	}
	if t[0] == '[' {
		inner := t[1:]
		if end := topLevel(inner, ";]"); end >= 0 {
			inner = inner[:end]
		}
		if e := normalizeType(inner, self); e != "" {
			return "[]<" + e + ">"
		}
		return "[]"
	}
	// A trait object or bound list: the first trait names it.
	if i := topLevel(t, "+"); i >= 0 {
		t = strings.TrimSpace(t[:i])
	}
	head, args := t, ""
	if i := strings.IndexByte(t, '<'); i >= 0 {
		head = t[:i]
		if j := strings.LastIndexByte(t, '>'); j > i {
			args = t[i+1 : j]
		}
	}
	head = strings.TrimSpace(head)
	if i := strings.LastIndex(head, "::"); i >= 0 {
		head = head[i+2:]
	}
	if head == "Self" {
		head = self
	}
	if head == "" || !isIdent(head) {
		return ""
	}
	var norm []string
	for args != "" {
		a := args
		i := topLevel(args, ",")
		if i >= 0 {
			a, args = args[:i], args[i+1:]
		} else {
			args = ""
		}
		a = strings.TrimSpace(a)
		if a == "" || a[0] == '\'' {
			continue // a lifetime
		}
		if k := topLevel(a, "="); k >= 0 { // Iterator<Item = T>
			a = a[k+1:]
		}
		norm = append(norm, normalizeType(a, self))
	}
	if wrappers[head] && len(norm) > 0 {
		return norm[0]
	}
	if len(norm) == 0 {
		return head
	}
	return head + "<" + strings.Join(norm, ", ") + ">"
}

func isIdentAt(s string, i int) bool { return i < len(s) && isIdentByte(s[i]) }

// topLevel returns the index of the first byte of s in any that lies
// outside brackets, or -1.
func topLevel(s, any string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if depth == 0 && strings.IndexByte(any, c) >= 0 {
			return i
		}
		switch c {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			if c == '>' && i > 0 && s[i-1] == '-' {
				continue // ->
			}
			depth--
		}
	}
	return -1
}

// typeParams returns the names of the type parameters of the item n
// (<T: Tr, U, 'a, const N: usize> gives T and U).
func (x *extractor) typeParams(n *sitter.Node) []string {
	tp := n.ChildByFieldName("type_parameters")
	if tp == nil {
		return nil
	}
	t := x.str(tp)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "<"), ">")
	var out []string
	for _, p := range strings.Split(t, ",") {
		p = strings.TrimSpace(p)
		if i := strings.IndexAny(p, ":= "); i >= 0 {
			p = p[:i]
		}
		if isIdent(p) && p != "const" {
			out = append(out, p)
		}
	}
	return out
}

// typeOfText normalizes a type written in fs, or "" when it is one of
// fs's type parameters.
func (fs *fnState) typeOfText(t string) string {
	n := normalizeType(t, selfType(fs))
	if b := baseName(n); b != "" && slices.Contains(fs.generics, b) {
		return ""
	}
	return n
}

// structDecl records the struct_item n as a TypeDecl of the file.
func (x *extractor) structDecl(n *sitter.Node, module string, stack []scope) {
	name := x.str(n.ChildByFieldName("name"))
	if name == "" {
		return
	}
	td := &frontend.TypeDecl{Name: name, Module: modulePath(module, stack), Span: x.span(n)}
	if body := n.ChildByFieldName("body"); body != nil && kindOf(body) == kFieldDeclList {
		for _, fd := range x.kidsCopy(body) {
			if kindOf(fd) != kFieldDecl {
				continue
			}
			fname := x.str(fd.ChildByFieldName("name"))
			ftype := normalizeType(x.str(fd.ChildByFieldName("type")), name)
			if fname != "" && ftype != "" {
				td.Fields = append(td.Fields, frontend.Param{Name: fname, Type: ftype})
			}
		}
	}
	x.file.Types = append(x.file.Types, td)
}

// selfType is the type self stands for in fs: its impl's type, or the
// trait for a default method.
func selfType(fs *fnState) string { return fs.f.Receiver }

// bind records a local binding of name in fs, visible from byte from to
// byte until.
func (fs *fnState) bind(name string, from, until uint32, chain string) {
	if fs.locals == nil {
		fs.locals = map[string][]binding{}
	}
	fs.locals[name] = append(fs.locals[name], binding{from, until, chain})
}

// lookup returns the chain of the local name at byte at: the latest
// binding in force there, else the parameter, else "" and false.
func (fs *fnState) lookup(name string, at uint32) (string, bool) {
	bs := fs.locals[name]
	for i := len(bs) - 1; i >= 0; i-- {
		if b := bs[i]; b.from <= at && at < b.until {
			return b.chain, true
		}
	}
	for _, p := range fs.f.Params {
		if p.Name == name || p.Name == "mut "+name {
			if p.Name == "self" {
				return selfType(fs), true
			}
			return fs.typeOfText(p.Type), true
		}
	}
	return "", false
}

// letBinding records the binding of a let declaration or a let condition
// (if let, while let) n, whose scope ends at until.
func (x *extractor) letBinding(fs *fnState, n *sitter.Node, until uint32) {
	pat := n.ChildByFieldName("pattern")
	if pat == nil {
		return
	}
	from := n.EndByte()
	if kindOf(n) != kLetDeclaration {
		from = n.StartByte() // the condition's bindings hold in its body
	}
	name, unwrap := x.patternName(pat)
	if name == "" {
		return
	}
	chain := ""
	if t := n.ChildByFieldName("type"); t != nil {
		chain = fs.typeOfText(x.str(t))
	} else if v := n.ChildByFieldName("value"); v != nil {
		chain = x.chainOf(fs, v, 0)
		if chain != "" && unwrap {
			chain += ".?"
		}
	}
	fs.bind(name, from, until, chain)
}

// patternName returns the name a pattern binds: x, mut x, or the x of
// Some(x), Ok(x) (unwrap set); "" for other patterns.
func (x *extractor) patternName(p *sitter.Node) (string, bool) {
	switch kindOf(p) {
	case kIdentifier:
		return x.str(p), false
	case kMutPattern:
		if c := p.NamedChild(int(p.NamedChildCount()) - 1); c != nil && kindOf(c) == kIdentifier {
			return x.str(c), false
		}
	case kTupleStructPattern:
		ty := x.str(p.ChildByFieldName("type"))
		if (ty == "Some" || ty == "Ok") && p.NamedChildCount() == 2 {
			if name, _ := x.patternName(p.NamedChild(1)); name != "" {
				return name, true
			}
		}
	}
	return "", false
}

// forBinding records the loop variable of a for expression: the element
// of what it iterates over.
func (x *extractor) forBinding(fs *fnState, n *sitter.Node) {
	pat, val, body := n.ChildByFieldName("pattern"), n.ChildByFieldName("value"), n.ChildByFieldName("body")
	if pat == nil || val == nil || body == nil {
		return
	}
	name, _ := x.patternName(pat)
	if name == "" {
		return
	}
	// v.iter(), v.iter_mut() and v.into_iter() iterate over v.
	for kindOf(val) == kCallExpression {
		f := val.ChildByFieldName("function")
		if kindOf(f) != kFieldExpression {
			break
		}
		switch x.str(f.ChildByFieldName("field")) {
		case "iter", "iter_mut", "into_iter":
			val = f.ChildByFieldName("value")
			continue
		}
		break
	}
	chain := x.chainOf(fs, val, 0)
	if chain != "" {
		chain += ".[]"
	}
	fs.bind(name, body.StartByte(), body.EndByte(), chain)
}

// chainOf returns the receiver chain of the expression n in fs, or ""
// when syntax does not tell its type.
func (x *extractor) chainOf(fs *fnState, n *sitter.Node, depth int) string {
	if n == nil || depth > 16 {
		return ""
	}
	switch kindOf(n) {
	case kSelf:
		return selfType(fs)
	case kIdentifier:
		c, _ := fs.lookup(x.str(n), n.StartByte())
		return c
	case kReferenceExpr:
		return x.chainOf(fs, n.ChildByFieldName("value"), depth+1)
	case kParenthesized, kUnaryExpr, kAwaitExpr:
		// (e), *e: a method call derefs as far as it needs.
		if n.NamedChildCount() > 0 {
			return x.chainOf(fs, n.NamedChild(int(n.NamedChildCount())-1), depth+1)
		}
	case kTryExpression:
		if n.NamedChildCount() > 0 {
			return step(x.chainOf(fs, n.NamedChild(0), depth+1), "?")
		}
	case kIndexExpr:
		if n.NamedChildCount() > 0 {
			return step(x.chainOf(fs, n.NamedChild(0), depth+1), "[]")
		}
	case kTypeCastExpr:
		return normalizeType(x.str(n.ChildByFieldName("type")), selfType(fs))
	case kStructExpr:
		return normalizeType(stripGenerics(x.str(n.ChildByFieldName("name"))), selfType(fs))
	case kStringLiteral:
		return "str"
	case kFieldExpression:
		field := n.ChildByFieldName("field")
		if kindOf(field) != kFieldIdentifier {
			return "" // a tuple index
		}
		return step(x.chainOf(fs, n.ChildByFieldName("value"), depth+1), x.str(field))
	case kMacroInvocation:
		switch name, _, _ := x.macroName(n); name {
		case "vec":
			return "Vec"
		case "format":
			return "String"
		}
	case kCallExpression:
		f := n.ChildByFieldName("function")
		if kindOf(f) == kGenericFunction {
			f = f.ChildByFieldName("function")
		}
		switch kindOf(f) {
		case kFieldExpression:
			m := x.str(f.ChildByFieldName("field"))
			recv := x.chainOf(fs, f.ChildByFieldName("value"), depth+1)
			switch {
			case passThrough[m]:
				return recv
			case unwrapping[m]:
				return step(recv, "?")
			}
			return step(recv, m+"()")
		case kIdentifier:
			name := x.str(f)
			if fs.indirect[name] {
				return ""
			}
			if name[0] >= 'A' && name[0] <= 'Z' {
				return name // a tuple struct's constructor: Square(2)
			}
			return name + "()"
		case kScopedIdentifier:
			path, selfish := x.pathOf(fs, f.ChildByFieldName("path"))
			if path == "" && !selfish {
				return ""
			}
			name := x.str(f.ChildByFieldName("name"))
			if selfish {
				return step(path, name+"()")
			}
			return path + "::" + name + "()"
		}
	}
	return ""
}

// textChain types a receiver given only as text, inside a macro's
// arguments: self, a local name or self.field.
func textChain(fs *fnState, q string, at uint32) string {
	head, rest, _ := strings.Cut(q, ".")
	var c string
	switch {
	case head == "self":
		c = selfType(fs)
	case isIdent(head):
		c, _ = fs.lookup(head, at)
	}
	for rest != "" && c != "" {
		var f string
		f, rest, _ = strings.Cut(rest, ".")
		if !isIdent(f) || f[0] >= '0' && f[0] <= '9' {
			return ""
		}
		c = step(c, f)
	}
	return c
}

// step appends s to the chain c; an unknown chain stays unknown.
func step(c, s string) string {
	if c == "" {
		return ""
	}
	return c + "." + s
}

// pathOf returns the path p (of a path call) in the "::" form the chain
// start takes, without generics and relative prefixes. selfish is set
// when p names the impl's own type (Self), whose path is then the type.
func (x *extractor) pathOf(fs *fnState, p *sitter.Node) (path string, selfish bool) {
	segs, typ, _ := x.splitPath(fs, p)
	if typ != "" {
		return typ, true
	}
	return strings.Join(segs, "::"), false
}

// splitPath reads the path of a path call: <T as Tr> gives the type T and
// the trait Tr; Self gives the impl's type; otherwise the segments
// without generic arguments and without crate, self and super.
func (x *extractor) splitPath(fs *fnState, p *sitter.Node) (segs []string, typ, trait string) {
	return splitPathText(fs, x.str(p))
}

// splitPathText is splitPath on the path's text.
func splitPathText(fs *fnState, q string) (segs []string, typ, trait string) {
	q = strings.TrimSpace(q)
	if q == "" {
		return nil, "", ""
	}
	if strings.HasPrefix(q, "<") {
		if end := matchAngle(q); end > 0 {
			inner := q[1:end]
			if i := strings.Index(inner, " as "); i >= 0 {
				return nil, normalizeType(inner[:i], selfType(fs)), baseName(normalizeType(inner[i+4:], selfType(fs)))
			}
			if end == len(q)-1 {
				return nil, normalizeType(inner, selfType(fs)), ""
			}
			q = inner + q[end+1:]
		}
	}
	q = stripGenerics(q)
	if q == "Self" {
		return nil, selfType(fs), ""
	}
	for s := range strings.SplitSeq(q, "::") {
		switch s = strings.TrimSpace(s); s {
		case "", "crate", "self", "super":
			continue
		}
		segs = append(segs, s)
	}
	return segs, "", ""
}

// baseName returns the name of a normalized type, without arguments.
func baseName(t string) string {
	if i := strings.IndexByte(t, '<'); i >= 0 {
		return t[:i]
	}
	return t
}

// matchAngle returns the index of the '>' closing the '<' at q[0], or -1.
func matchAngle(q string) int {
	depth := 0
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '<':
			depth++
		case '>':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
