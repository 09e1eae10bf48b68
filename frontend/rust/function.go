package rust

import (
	"regexp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// function builds the Function of a function_item or
// function_signature_item and records it; it returns nil for a node
// without a name (a syntax error).
func (x *extractor) function(n *sitter.Node, module string, stack []scope) *fnState {
	nameNode := n.ChildByFieldName("name")
	if nameNode == nil || nameNode.IsMissing() || nameNode.StartByte() == nameNode.EndByte() {
		return nil
	}
	f := &frontend.Function{
		Name:       x.str(nameNode),
		Module:     modulePath(module, stack),
		Kind:       "function",
		Span:       x.span(n),
		Definition: kindOf(n) == kFunctionItem,
		Exported:   x.isPub(n),
	}
	fs := &fnState{f: f, generics: x.typeParams(n)}
	for _, s := range stack {
		fs.generics = append(fs.generics, s.generics...)
	}
	// The innermost item scope decides the receiver; a function directly
	// inside another is nested in it.
	if len(stack) > 0 {
		switch s := stack[len(stack)-1]; s.kind {
		case kImplItem:
			f.Receiver, f.Trait, f.Kind = s.name, s.trait, "method"
			if s.trait != "" {
				f.Exported = true // as visible as the trait
			}
		case kTraitItem:
			f.Receiver, f.Trait, f.Kind = s.name, s.name, "method"
			f.Exported = s.pub
		case kFunctionItem:
			f.Parent = s.name
		}
	}
	var params, ret, body *sitter.Node
	for _, k := range x.kids(n) {
		switch kindOf(k) {
		case kParameters:
			params = k
		case kBlock:
			body = k
		}
	}
	ret = n.ChildByFieldName("return_type")
	if body != nil && kindOf(n) == kFunctionItem {
		fs.body = body
	}
	sigEnd := n.EndByte()
	if body != nil {
		sigEnd = body.StartByte()
	}
	f.Signature = collapse(strings.TrimSuffix(strings.TrimSpace(stripComments(x.text[n.StartByte():sigEnd])), ";"))
	if params != nil {
		x.params(fs, params)
	}
	if ret != nil {
		f.Results = []frontend.Param{{Type: collapse(x.str(ret))}}
		self := f.Receiver
		if self == "" {
			self = "Self"
		}
		f.ResultType = normalizeType(f.Results[0].Type, self)
		if slices.Contains(fs.generics, baseName(f.ResultType)) {
			f.ResultType = "" // a type parameter: the caller's choice
		}
	}
	if len(f.Params) > 0 {
		x.fnParamIndirect(fs)
	}
	x.attrsAndDoc(n, f)
	if f.Name == "main" && f.Receiver == "" && f.Parent == "" {
		f.Entry = true
	}
	if x.verus != nil {
		x.verus.decorate(x, fs, nameNode)
	}
	x.file.Functions = append(x.file.Functions, f)
	x.fns = append(x.fns, fs)
	return fs
}

func (x *extractor) params(fs *fnState, params *sitter.Node) {
	for _, p := range x.kidsCopy(params) {
		switch kindOf(p) {
		case kParameter:
			name := collapse(x.str(p.ChildByFieldName("pattern")))
			typ := collapse(x.str(p.ChildByFieldName("type")))
			fs.f.Params = append(fs.f.Params, frontend.Param{Name: name, Type: typ})
		case kSelfParameter:
			t := "Self"
			s := collapse(x.str(p))
			switch {
			case strings.HasPrefix(s, "&mut") || strings.HasPrefix(s, "& mut"):
				t = "&mut Self"
			case strings.HasPrefix(s, "&"):
				t = "&Self"
			}
			fs.f.Params = append(fs.f.Params, frontend.Param{Name: "self", Type: t})
		case kVariadicParameter:
			fs.f.Params = append(fs.f.Params, frontend.Param{Name: "...", Type: collapse(x.str(p))})
		case kTypeIdentifier, kPrimitiveType, kGenericType, kReferenceType, kScopedTypeIdentifier:
			fs.f.Params = append(fs.f.Params, frontend.Param{Type: collapse(x.str(p))})
		}
	}
}

// fnTypeRx matches types whose values are called indirectly: fn pointers
// and the Fn traits (impl Fn, &dyn FnMut, Box<dyn FnOnce>).
var fnTypeRx = regexp.MustCompile(`\bFn(Mut|Once)?\s*\(|(^|[&*\s(<])(unsafe\s+)?(extern\s+("[^"]*"\s+)?)?fn\s*\(`)

// fnParamIndirect marks the parameters whose type is a function value, or
// a type parameter bounded by an Fn trait.
func (x *extractor) fnParamIndirect(fs *fnState) {
	for _, p := range fs.f.Params {
		if p.Name == "" || p.Name == "self" {
			continue
		}
		if fnTypeRx.MatchString(p.Type) || isFnBound(fs.f.Signature, p.Type) {
			if fs.indirect == nil {
				fs.indirect = map[string]bool{}
			}
			fs.indirect[strings.TrimPrefix(p.Name, "mut ")] = true
		}
	}
}

// isFnBound reports whether typ, a bare type parameter (or a reference to
// one), is bounded by an Fn trait somewhere in sig.
func isFnBound(sig, typ string) bool {
	typ = strings.TrimLeft(typ, "&")
	typ = strings.TrimPrefix(typ, "mut ")
	if typ == "" || !isIdent(typ) {
		return false
	}
	for i := 0; ; {
		j := strings.Index(sig[i:], typ)
		if j < 0 {
			return false
		}
		j += i
		i = j + len(typ)
		if j > 0 && isIdentByte(sig[j-1]) || i < len(sig) && isIdentByte(sig[i]) {
			continue
		}
		rest := strings.TrimLeft(sig[i:], " ")
		if !strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "::") {
			continue
		}
		// The bounds run to the next ',' or '>' or '{' at depth zero.
		depth := 0
		end := len(rest)
	scan:
		for k := 1; k < len(rest); k++ {
			switch rest[k] {
			case '(', '<':
				depth++
			case ')':
				depth--
			case '>':
				if depth == 0 {
					end = k
					break scan
				}
				depth--
			case ',', '{':
				if depth == 0 {
					end = k
					break scan
				}
			}
		}
		if fnTypeRx.MatchString(rest[:end]) {
			return true
		}
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return s != ""
}

// attrsAndDoc reads the attributes and doc comments before n, from the
// text (asking the tree for previous siblings costs time linear in their
// number): #[test] makes an entry, /// lines are the doc.
func (x *extractor) attrsAndDoc(n *sitter.Node, f *frontend.Function) {
	var doc []string
	t := x.text
	p := int(n.StartByte())
	for {
		// Step back over white space to the end of the previous line.
		q := p
		for q > 0 && (t[q-1] == ' ' || t[q-1] == '\t' || t[q-1] == '\n' || t[q-1] == '\r') {
			q--
		}
		if q == 0 {
			break
		}
		ls := strings.LastIndexByte(t[:q], '\n') + 1
		line := strings.TrimSpace(t[ls:q])
		if strings.HasPrefix(line, "//") {
			if strings.HasPrefix(line, "///") && !strings.HasPrefix(line, "////") {
				doc = append(doc, strings.TrimSpace(line[3:]))
			}
			p = ls
			continue
		}
		if t[q-1] != ']' {
			break
		}
		// An attribute, maybe over several lines: find its "#[".
		depth, a := 0, -1
		for k := q - 1; k >= 0; k-- {
			switch t[k] {
			case ']':
				depth++
			case '[':
				depth--
			}
			if depth == 0 {
				if k > 0 && t[k-1] == '#' {
					a = k - 1
				}
				break
			}
		}
		if a < 0 {
			break
		}
		attr := collapse(t[a+2 : q-1])
		if attr == "test" || attr == "bench" || strings.HasSuffix(attr, "::test") || strings.HasPrefix(attr, "test_case") {
			f.Entry = true
		}
		p = a
	}
	if len(doc) > 0 {
		for i, j := 0, len(doc)-1; i < j; i, j = i+1, j-1 {
			doc[i], doc[j] = doc[j], doc[i]
		}
		f.Doc = strings.Join(doc, "\n")
	}
}

// typeName reduces an impl's type or trait to its name: the last path
// segment without generic arguments, references or pointers ("Vec" for
// Vec<T>, "Display" for fmt::Display, "Foo" for &'a mut Foo<T>). Other
// types (slices, tuples, fn types) keep their text.
func typeName(x *extractor, n *sitter.Node) string {
	for n != nil {
		switch kindOf(n) {
		case kGenericType:
			n = n.ChildByFieldName("type")
		case kReferenceType, kPointerType:
			n = n.ChildByFieldName("type")
		case kScopedTypeIdentifier:
			n = n.ChildByFieldName("name")
		case kTypeIdentifier, kPrimitiveType:
			return x.str(n)
		default:
			return collapse(x.str(n))
		}
	}
	return ""
}

// collapse turns each run of white space in s into one space.
func collapse(s string) string {
	space, ok := false, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\n' || c == '\t' || c == '\r' || (c == ' ' && (space || i == 0)) {
			ok = false
			break
		}
		space = c == ' '
	}
	if ok && !space {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// stripComments removes the // and /* */ comments of s, outside string
// literals.
func stripComments(s string) string {
	if !strings.Contains(s, "//") && !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(s)-1)
			b.WriteString(s[i : j+1])
			i = j
		case strings.HasPrefix(s[i:], "//"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return b.String()
			}
			i += j - 1
			b.WriteByte(' ')
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return b.String()
			}
			i += j + 3
			b.WriteByte(' ')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
