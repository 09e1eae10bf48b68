package c

import (
	"bytes"
	"slices"
	"sort"
)

// The calls of a body are found by reading its text, not its tree:
// asking tree-sitter for every node of a body (by query or cursor) costs
// a third of the parse again, while a scan of the bytes costs next to
// nothing. The tree still gives the functions and their bodies' extents.
//
// The scan knows C's lexical structure (comments, string and character
// literals, preprocessor lines, balanced parentheses) and reads, inside
// a body:
//
//   - calls: a name followed by an argument list, f(x), other than a
//     keyword (if, sizeof, __attribute__...); a field called, s->op(x) or
//     s.op(x), with the expression before the field; and a call through
//     a parenthesized pointer or an element, (*fp)(x) or table[i](x);
//   - variables that may be called: a pointer declared in parentheses,
//     int (*fp)(int), and a variable of a typedef'd type, handler_t h;
//   - stores of a function where an indirect call may read it: fp = f,
//     s->op = &f, .op = f, int (*fp)(int) = f.

// lexCall is a call the scan found; offsets are absolute.
type lexCall struct {
	start, calleeEnd int // the callee's text
	qualEnd          int // for a field call, the end of the expression before the field; else -1
	kind             kind
	open, end        int // the argument list's '(' and the byte after its ')'
	firstArgEnd      int // the end of the first argument: its ',' or the ')'
}

// lexStore is a function stored in a slot.
type lexStore struct {
	slot, fnval string
	at          int
}

// scanner reads one file's text.
type scanner struct {
	src    []byte
	calls  []lexCall
	vars   []string // names that may be called
	stores []lexStore
	// stack holds, for each open parenthesis, the index of its call in
	// calls or -1.
	stack []int
	// declEnd is the index after the last (*v) that a declaration
	// declares: the parameter list after it is no call.
	declEnd int
}

// typeWords are the keywords a declaration's type is made of.
var typeWords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "signed": true, "unsigned": true, "_Bool": true, "bool": true, "const": true,
	"volatile": true, "static": true, "extern": true, "register": true, "auto": true, "inline": true,
	"__inline": true, "__inline__": true, "restrict": true, "__restrict": true, "__restrict__": true,
	"_Complex": true, "__int128": true,
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '$'
}
func isIdent(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// notCalled are the keywords and type names that an open parenthesis may
// follow without a call.
var notCalled = map[string]bool{
	"if": true, "while": true, "for": true, "switch": true, "return": true, "do": true, "else": true,
	"case": true, "goto": true, "sizeof": true, "_Alignof": true, "alignof": true, "__alignof__": true,
	"__alignof": true, "typeof": true, "__typeof__": true, "__typeof": true, "typeof_unqual": true,
	"__attribute__": true, "__attribute": true, "__declspec": true, "asm": true, "__asm__": true,
	"__asm": true, "volatile": true, "__volatile__": true, "__volatile": true, "defined": true,
	"_Generic": true, "_Static_assert": true, "static_assert": true, "__extension__": true,
	"_Atomic": true, "__builtin_offsetof": true, "offsetof": true,
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "signed": true, "unsigned": true, "_Bool": true, "bool": true, "const": true,
	"static": true, "extern": true, "register": true, "auto": true, "inline": true, "__inline": true,
	"__inline__": true, "restrict": true, "__restrict": true, "__restrict__": true, "struct": true,
	"union": true, "enum": true, "_Complex": true, "__int128": true,
}

// qualifiers may stand before the type of a declaration.
var qualifiers = map[string]bool{
	"const": true, "volatile": true, "static": true, "extern": true, "register": true,
	"auto": true, "__thread": true, "_Thread_local": true, "struct": true, "union": true, "enum": true,
}

// skipSpace returns the first index at or after i in src[:end] that is
// not white space or a comment.
func (s *scanner) skipSpace(i, end int) int {
	src := s.src
	for i < end {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '\\' && i+1 < end && (src[i+1] == '\n' || src[i+1] == '\r'):
			i += 2
		case c == '/' && i+1 < end && src[i+1] == '/':
			for i < end && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < end && src[i+1] == '*':
			i = s.commentEnd(i+2, end)
		default:
			return i
		}
	}
	return end
}

// commentEnd returns the index after the */ that closes a comment whose
// text starts at i.
func (s *scanner) commentEnd(i, end int) int {
	for i+1 < end {
		if s.src[i] == '*' && s.src[i+1] == '/' {
			return i + 2
		}
		i++
	}
	return end
}

// backSpace returns the index after the last byte before i, down to
// start, that is not white space. Comments are not skipped backwards:
// a comment between a callee's parts is rare enough to cost only the
// call's kind.
func (s *scanner) backSpace(i, start int) int {
	for i > start {
		switch s.src[i-1] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			i--
		default:
			return i
		}
	}
	return start
}

// backGroup returns the index of the bracket that opens the group whose
// closing bracket is at i-1 ( ")" or "]" ), or -1 when none does after
// start. Strings inside are not told apart: rare in callees.
func (s *scanner) backGroup(i, start int) int {
	depth := 0
	for j := i - 1; j >= start; j-- {
		switch s.src[j] {
		case ')', ']':
			depth++
		case '(', '[':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// backIdent returns the start of the identifier ending at i, or i.
func (s *scanner) backIdent(i, start int) int {
	for i > start && isIdent(s.src[i-1]) {
		i--
	}
	return i
}

// operandStart returns the start of the postfix expression that ends
// at i: an identifier followed by calls and subscripts (f(x), a[i]), a
// parenthesized expression, and fields of these (a->b.c). It returns i
// when no expression ends there, and the start of the fields when a . or
// -> has no operand before it (broken code: % ->b).
func (s *scanner) operandStart(i, start int) int {
	src := s.src
	found := i
	for {
		j := s.backSpace(i, start)
		begin := -1
		for j > start && (src[j-1] == ')' || src[j-1] == ']') {
			o := s.backGroup(j, start)
			if o < 0 {
				break
			}
			begin = o
			j = s.backSpace(o, start)
		}
		if k := s.backIdent(j, start); k < j && !notCalled[string(src[k:j])] && !(src[k] >= '0' && src[k] <= '9') {
			begin = k
			j = s.backSpace(k, start)
		}
		if begin < 0 {
			return found
		}
		found = begin
		switch {
		case j > start && src[j-1] == '.':
			i = j - 1
		case j > start+1 && src[j-1] == '>' && src[j-2] == '-':
			i = j - 2
		default:
			return begin
		}
	}
}

// scan reads src[from:to], a body or a file-scope declaration, and
// appends what it finds. Calls are kept only when calls is set.
func (s *scanner) scan(from, to int, calls bool) {
	src := s.src
	s.stack = s.stack[:0]
	atStmt := true // at the start of a statement
	bol := true    // only blanks since the start of the line
	for i := from; i < to; {
		c := src[i]
		switch {
		case c == '\n':
			bol = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '#' && bol:
			// A preprocessor line, with its continuations: no calls.
			for i < to && src[i] != '\n' {
				if src[i] == '\\' && i+1 < to && src[i+1] == '\n' {
					i++
				} else if src[i] == '/' && i+1 < to && src[i+1] == '*' {
					i = s.commentEnd(i+2, to) - 1
				}
				i++
			}
			continue
		case c == '/' && i+1 < to && src[i+1] == '/':
			for i < to && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < to && src[i+1] == '*':
			i = s.commentEnd(i+2, to)
			continue
		}
		bol = false
		switch {
		case c == '"' || c == '\'':
			i++
			for i < to && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			i++
			atStmt = false
		case isIdentStart(c):
			j := i + 1
			for j < to && isIdent(src[j]) {
				j++
			}
			i = s.ident(i, j, to, from, &atStmt, calls)
		case c >= '0' && c <= '9':
			for i < to && (isIdent(src[i]) || src[i] == '.') {
				i++
			}
			atStmt = false
		case c == '(':
			idx := -1
			if calls {
				idx = s.exprCall(i, from)
			}
			s.stack = append(s.stack, idx)
			s.ptrDecl(i, to)
			i++
			atStmt = false
		case c == ')':
			if n := len(s.stack); n > 0 {
				if idx := s.stack[n-1]; idx >= 0 {
					s.calls[idx].end = i + 1
					if s.calls[idx].firstArgEnd < 0 {
						s.calls[idx].firstArgEnd = i
					}
				}
				s.stack = s.stack[:n-1]
			}
			i++
			atStmt = false
		case c == ',':
			if n := len(s.stack); n > 0 {
				if idx := s.stack[n-1]; idx >= 0 && s.calls[idx].firstArgEnd < 0 {
					s.calls[idx].firstArgEnd = i
				}
			}
			i++
			atStmt = false
		case c == '=':
			if i+1 < to && src[i+1] == '=' {
				i += 2
			} else {
				s.ptrStore(i, to, from)
				i++
			}
			atStmt = false
		case c == '{' || c == '}' || c == ';' || c == ':':
			i++
			atStmt = true
		default:
			i++
			atStmt = false
		}
	}
	// Calls left open (a body cut by the preprocessor) end at to.
	for _, idx := range s.stack {
		if idx >= 0 {
			s.calls[idx].end = to
			if s.calls[idx].firstArgEnd < 0 {
				s.calls[idx].firstArgEnd = to
			}
		}
	}
}

// ident handles the identifier src[i:j] and returns where to go on.
func (s *scanner) ident(i, j, to, from int, atStmt *bool, calls bool) int {
	src := s.src
	name := src[i:j]
	k := s.skipSpace(j, to)
	if k < to && src[k] == '(' {
		if notCalled[string(name)] {
			if typeWords[string(name)] {
				// int (*v)(int): the parameter list calls nothing.
				if e := s.ptrDeclEnd(k, to); e > 0 {
					s.declEnd = e
				}
			}
			*atStmt = *atStmt && qualifiers[string(name)]
			return j
		}
		if *atStmt {
			if e := s.ptrDeclEnd(k, to); e > 0 {
				// T (*v)(int) or T (*v)[n]: a declaration, not a call.
				*atStmt = false
				s.declEnd = e
				s.ptrDecl(k, to)
				s.stack = append(s.stack, -1)
				return k + 1
			}
		}
		*atStmt = false
		if !calls {
			return j
		}
		start, kind, qualEnd := i, kIdentifier, -1
		if o := s.operandBefore(i, from); o >= 0 {
			start, kind, qualEnd = o, kField, s.backSpace(s.fieldOp(i, from), from)
		}
		s.calls = append(s.calls, lexCall{start: start, calleeEnd: j, qualEnd: qualEnd, kind: kind, open: k, end: -1, firstArgEnd: -1})
		s.stack = append(s.stack, len(s.calls)-1)
		s.ptrDecl(k, to)
		return k + 1
	}
	if qualifiers[string(name)] {
		return j
	}
	if *atStmt && !notCalled[string(name)] {
		// A declaration of a typedef'd type: T v; T v = e; T *v...
		m := k
		if m < to && src[m] == '*' {
			m = s.skipSpace(m+1, to)
		}
		if m < to && isIdentStart(src[m]) {
			e := m + 1
			for e < to && isIdent(src[e]) {
				e++
			}
			if n := s.skipSpace(e, to); n < to && (src[n] == ';' || src[n] == '=' || src[n] == ',' || src[n] == '[') && !notCalled[string(src[m:e])] {
				s.vars = append(s.vars, string(src[m:e]))
			}
		}
	}
	*atStmt = false
	if k < to && src[k] == '=' && (k+1 >= to || src[k+1] != '=') {
		// A store into the slot this identifier names.
		if p := s.backSpace(i, from); p > from && (src[p-1] == '*' || src[p-1] == '&') {
			return j
		}
		if fn, ok := s.storedFunc(k+1, to); ok {
			s.stores = append(s.stores, lexStore{slot: string(name), fnval: fn, at: k})
		}
	}
	return j
}

// operandBefore returns the start of the expression whose field the
// identifier at i is (a in a->f, a.b[i] in a.b[i].f), or -1, also when
// the . or -> has no operand (broken code: % ->f).
func (s *scanner) operandBefore(i, from int) int {
	p := s.fieldOp(i, from)
	if p < 0 {
		return -1
	}
	if o := s.operandStart(p, from); o < p {
		return o
	}
	return -1
}

// fieldOp returns the index of the . or -> before the identifier at i, or
// -1.
func (s *scanner) fieldOp(i, from int) int {
	p := s.backSpace(i, from)
	op := -1
	switch {
	case p > from && s.src[p-1] == '.' && (p-1 == from || !(s.src[p-2] >= '0' && s.src[p-2] <= '9')):
		op = p - 1
	case p > from+1 && s.src[p-1] == '>' && s.src[p-2] == '-':
		op = p - 2
	}
	if op >= 0 && s.inLineComment(op, from) {
		// the end of a comment on the line before (// ... a.), which
		// would make assert(c) a field call a.assert(c)
		return -1
	}
	return op
}

// inLineComment reports whether the byte at i lies in a // comment: its
// line, from its start (or from) up to i, has // outside a string or
// character constant.
func (s *scanner) inLineComment(i, from int) bool {
	k := i
	for k > from && s.src[k-1] != '\n' {
		k--
	}
	var quote byte
	for ; k < i; k++ {
		c := s.src[k]
		switch {
		case quote != 0 && c == '\\':
			k++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '/' && s.src[k+1] == '/':
			return true
		}
	}
	return false
}

// exprCall records a call through an expression whose argument list opens
// at i: (*fp)(x), (*s->op)(x), table[i](x). It returns the call's index
// or -1.
func (s *scanner) exprCall(i, from int) int {
	src := s.src
	p := s.backSpace(i, from)
	if p == from || (src[p-1] != ')' && src[p-1] != ']') || p == s.declEnd {
		return -1
	}
	o := s.backGroup(p, from)
	if o < 0 {
		return -1
	}
	if src[o] == '(' {
		// Only a parenthesized pointer, (*fp): a group of another kind
		// may be a cast.
		q := s.skipSpace(o+1, p)
		if q >= p || src[q] != '*' {
			return -1
		}
		if b := s.backSpace(o, from); b > from && isIdent(src[b-1]) && !notCalled[string(src[s.backIdent(b, from):b])] {
			return -1 // f(*p)(x): what f returns is called
		}
		s.calls = append(s.calls, lexCall{start: o, calleeEnd: p, qualEnd: -1, kind: kOther, open: i, end: -1, firstArgEnd: -1})
		return len(s.calls) - 1
	}
	// A subscript: the element of an array or table called.
	start := s.operandStart(p, from)
	if start >= o {
		return -1
	}
	s.calls = append(s.calls, lexCall{start: start, calleeEnd: p, qualEnd: -1, kind: kOther, open: i, end: -1, firstArgEnd: -1})
	return len(s.calls) - 1
}

// ptrDecl records the variable of a parenthesized pointer opening at i:
// (*fp) in int (*fp)(int), also when it is called.
func (s *scanner) ptrDecl(i, to int) {
	src := s.src
	q := s.skipSpace(i+1, to)
	if q >= to || src[q] != '*' {
		return
	}
	q = s.skipSpace(q+1, to)
	if q >= to || !isIdentStart(src[q]) {
		return
	}
	e := q + 1
	for e < to && isIdent(src[e]) {
		e++
	}
	if n := s.skipSpace(e, to); n < to && src[n] == ')' && !notCalled[string(src[q:e])] {
		s.vars = append(s.vars, string(src[q:e]))
	}
}

// ptrDeclEnd returns, when the group opening at i is a parenthesized
// pointer, (*v), followed by a parameter list or a subscript, the index
// after its ')'; else -1.
func (s *scanner) ptrDeclEnd(i, to int) int {
	src := s.src
	q := s.skipSpace(i+1, to)
	if q >= to || src[q] != '*' {
		return -1
	}
	q = s.skipSpace(q+1, to)
	if q >= to || !isIdentStart(src[q]) {
		return -1
	}
	for q < to && isIdent(src[q]) {
		q++
	}
	q = s.skipSpace(q, to)
	if q >= to || src[q] != ')' {
		return -1
	}
	end := q + 1
	q = s.skipSpace(end, to)
	if q < to && (src[q] == '(' || src[q] == '[') {
		return end
	}
	return -1
}

// ptrStore records int (*fp)(int) = f and (*fp) = f: a store whose '='
// at i follows a parenthesized pointer declarator.
func (s *scanner) ptrStore(i, to, from int) {
	src := s.src
	p := s.backSpace(i, from)
	if p == from || src[p-1] != ')' {
		return
	}
	o := s.backGroup(p, from)
	if o < 0 {
		return
	}
	if b := s.backSpace(o, from); b > from && src[b-1] == ')' {
		// The parameter list of int (*fp)(int): the pointer is before.
		p = b
		if o = s.backGroup(p, from); o < 0 {
			return
		}
	}
	q := s.skipSpace(o+1, p)
	if q >= p || src[q] != '*' {
		return
	}
	q = s.skipSpace(q+1, p)
	e := q
	for e < p && isIdent(src[e]) {
		e++
	}
	if e == q || s.skipSpace(e, p) != p-1 {
		return
	}
	if fn, ok := s.storedFunc(i+1, to); ok {
		s.stores = append(s.stores, lexStore{slot: string(src[q:e]), fnval: fn, at: i})
	}
}

// storedFunc reads, at i after an '=', a value that is a function's name:
// f or &f, ending the expression.
func (s *scanner) storedFunc(i, to int) (string, bool) {
	src := s.src
	q := s.skipSpace(i, to)
	if q < to && src[q] == '&' {
		q = s.skipSpace(q+1, to)
	}
	if q >= to || !isIdentStart(src[q]) {
		return "", false
	}
	e := q + 1
	for e < to && isIdent(src[e]) {
		e++
	}
	n := s.skipSpace(e, to)
	if n < to && src[n] != ';' && src[n] != ',' && src[n] != ')' && src[n] != '}' {
		return "", false
	}
	if notCalled[string(src[q:e])] {
		return "", false
	}
	return string(src[q:e]), true
}

// lines maps byte offsets to lines and columns.
type lines []int // the offset of each line's start

// newLines returns the lines of src in buf, reused when large enough.
func newLines(buf lines, src []byte) lines {
	ls := slices.Grow(buf[:0], 1+bytes.Count(src, []byte{'\n'}))
	ls = append(ls, 0)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return ls
		}
		i += j + 1
		ls = append(ls, i)
	}
}

// pos returns the 1-based line and column of offset b.
func (ls lines) pos(b int) (line, col int) {
	i := sort.Search(len(ls), func(i int) bool { return ls[i] > b }) - 1
	return i + 1, b - ls[i] + 1
}
