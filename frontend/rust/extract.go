package rust

import (
	"context"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/tsutil"
)

// The query finds every node the extractor starts from; captures come in
// source order, outer nodes before inner ones.
const querySrc = `
(function_item) @fn
(function_signature_item) @sig
(impl_item) @impl
(trait_item) @trait
(mod_item body: (declaration_list)) @mod
(call_expression) @call
(macro_invocation) @macro
(let_declaration pattern: (identifier) value: (closure_expression)) @closure
(let_declaration) @let
(let_condition) @letcond
(for_expression) @for
(struct_item) @struct
(use_declaration) @use
`

// itemQuerySrc is the query when no calls are asked for.
const itemQuerySrc = `
(function_item) @fn
(function_signature_item) @sig
(impl_item) @impl
(trait_item) @trait
(mod_item body: (declaration_list)) @mod
(macro_invocation) @macro
`

type compiled struct {
	q     *sitter.Query
	names []string // capture index -> name
}

var (
	queryOnce          sync.Once
	fullQuery, itemQry compiled
)

func compile(src string) compiled {
	q, err := sitter.NewQuery([]byte(src), language)
	if err != nil {
		panic("rust: bad query: " + err.Error()) // a programmer error
	}
	c := compiled{q: q}
	for i := range q.CaptureCount() {
		c.names = append(c.names, q.CaptureNameForId(i))
	}
	return c
}

func queries() (full, items compiled) {
	queryOnce.Do(func() {
		fullQuery = compile(querySrc)
		itemQry = compile(itemQuerySrc)
	})
	return fullQuery, itemQry
}

// A scope is an item that encloses later captures.
type scope struct {
	end   uint32
	kind  kind // kModItem, kImplItem, kTraitItem, kFunctionItem
	name  string
	trait string
	pub   bool
	fn    *fnState
	// generics are an impl's type parameters.
	generics []string
}

// fnState is what the extractor keeps about a function while it reads it.
type fnState struct {
	f        *frontend.Function
	body     *sitter.Node
	indirect map[string]bool // names bound to closures or function values
	// locals are the typed bindings of local names, by name, in the order
	// they were met; see types.go.
	locals map[string][]binding
	// generics are the type parameters of the function and its impl:
	// a value of such a type has no type syntax can name.
	generics []string
}

// extractor reads one tree. All text is sliced from text, one string
// holding the whole file, so the model shares its memory instead of
// copying every snippet.
type extractor struct {
	path string
	src  []byte
	text string
	mode frontend.Mode
	file *frontend.File
	// verus is set while reading a verus! block parsed again as Rust.
	verus *verusBlock
	// specAt maps the start byte of an assert macro to its spec, so the
	// statement tree can point at it.
	specAt map[uint32]frontend.Spec
	fns    []*fnState
	cursor *sitter.TreeCursor
	kidBuf []*sitter.Node
	toks   []token
	lines  *lineIndex
}

// spanOf returns the span of bytes [a,b) of the file.
func (x *extractor) spanOf(a, b int) frontend.Span {
	if x.lines == nil {
		x.lines = newLineIndex(x.text)
	}
	sl, sc := x.lines.pos(a)
	el, ec := x.lines.pos(b)
	return frontend.Span{File: x.path, StartByte: a, EndByte: b, StartLine: sl, EndLine: el, StartCol: sc, EndCol: ec}
}

func newExtractor(path string, src []byte, mode frontend.Mode, f *frontend.File) *extractor {
	return &extractor{path: path, src: src, text: string(src), mode: mode, file: f}
}

func (x *extractor) str(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	return x.text[n.StartByte():n.EndByte()]
}

func (x *extractor) span(n *sitter.Node) frontend.Span { return tsutil.Span(x.path, n) }

// spanBetween returns the span from the start of a to the end of b.
func (x *extractor) spanBetween(a, b *sitter.Node) frontend.Span {
	s := tsutil.Span(x.path, a)
	e := tsutil.Span(x.path, b)
	s.EndByte, s.EndLine, s.EndCol = e.EndByte, e.EndLine, e.EndCol
	return s
}

// kids returns the children of n. The slice is reused by the next call.
func (x *extractor) kids(n *sitter.Node) []*sitter.Node {
	out := x.kidBuf[:0]
	if x.cursor == nil {
		x.cursor = sitter.NewTreeCursor(n)
	} else {
		x.cursor.Reset(n)
	}
	if x.cursor.GoToFirstChild() {
		for {
			out = append(out, x.cursor.CurrentNode())
			if !x.cursor.GoToNextSibling() {
				break
			}
		}
	}
	x.kidBuf = out
	return out
}

// kidsCopy is kids with a slice of its own, for callers that recurse.
func (x *extractor) kidsCopy(n *sitter.Node) []*sitter.Node {
	k := x.kids(n)
	return append([]*sitter.Node(nil), k...)
}

// tokens returns the children of the token tree tt without comments, in
// a slice of their own.
func (x *extractor) tokens(tt *sitter.Node) []*sitter.Node {
	k := x.kids(tt)
	out := make([]*sitter.Node, 0, len(k))
	for _, n := range k {
		if c := kindOf(n); c != kLineComment && c != kBlockComment {
			out = append(out, n)
		}
	}
	return out
}

// run extracts every function under root; module is the module path of
// the file (or of the mod block a verus! block sits in).
func (x *extractor) run(ctx context.Context, root *sitter.Node, module string) error {
	defer func() {
		if x.cursor != nil {
			x.cursor.Close()
		}
	}()
	full, items := queries()
	q := items
	if x.mode.Has(frontend.NeedCalls) || x.mode.Has(frontend.NeedSpecs) || x.mode.Has(frontend.NeedBodies) {
		q = full
	}
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q.q, root)
	var stack []scope
	for i := 0; ; i++ {
		if i&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		// Every pattern captures one node, so a match is a capture and
		// matches come in document order; NextMatch avoids the capture
		// ordering work of NextCapture.
		m, ok := qc.NextMatch()
		if !ok {
			break
		}
		if len(m.Captures) == 0 {
			continue
		}
		n := m.Captures[0].Node
		start := n.StartByte()
		for len(stack) > 0 && stack[len(stack)-1].end <= start {
			stack = stack[:len(stack)-1]
		}
		switch q.names[m.Captures[0].Index] {
		case "mod":
			stack = append(stack, scope{end: n.EndByte(), kind: kModItem, name: x.str(n.ChildByFieldName("name"))})
		case "impl":
			s := scope{end: n.EndByte(), kind: kImplItem, name: typeName(x, n.ChildByFieldName("type"))}
			if t := n.ChildByFieldName("trait"); t != nil {
				s.trait = typeName(x, t)
			}
			s.generics = x.typeParams(n)
			stack = append(stack, s)
		case "trait":
			stack = append(stack, scope{end: n.EndByte(), kind: kTraitItem, name: x.str(n.ChildByFieldName("name")), pub: x.isPub(n)})
		case "fn", "sig":
			fs := x.function(n, module, stack)
			if fs != nil && fs.body != nil {
				stack = append(stack, scope{end: n.EndByte(), kind: kFunctionItem, name: fs.f.Name, fn: fs})
			}
		case "call":
			if fs := innerFn(stack); fs != nil && x.mode.Has(frontend.NeedCalls) {
				x.call(fs, n)
			}
		case "macro":
			if fs := innerFn(stack); fs != nil {
				x.macro(fs, n)
			} else if x.verus == nil && isVerusMacro(x, n) {
				x.verusBlock(ctx, n, modulePath(module, stack))
			}
		case "closure":
			if fs := innerFn(stack); fs != nil {
				if fs.indirect == nil {
					fs.indirect = map[string]bool{}
				}
				fs.indirect[x.str(n.ChildByFieldName("pattern"))] = true
			}
		case "let":
			if fs := innerFn(stack); fs != nil && x.mode.Has(frontend.NeedCalls) {
				until := fs.f.Span.EndByte
				if p := n.Parent(); p != nil {
					until = int(p.EndByte())
				}
				x.letBinding(fs, n, uint32(until))
			}
		case "letcond":
			if fs := innerFn(stack); fs != nil && x.mode.Has(frontend.NeedCalls) {
				until := n.EndByte()
				for p := n.Parent(); p != nil; p = p.Parent() {
					if k := kindOf(p); k != kLetChain {
						until = p.EndByte()
						break
					}
				}
				x.letBinding(fs, n, until)
			}
		case "for":
			if fs := innerFn(stack); fs != nil && x.mode.Has(frontend.NeedCalls) {
				x.forBinding(fs, n)
			}
		case "use":
			if x.mode.Has(frontend.NeedCalls) && innerFn(stack) == nil {
				x.useDecl(n, modulePath(module, stack))
			}
		case "struct":
			if x.mode.Has(frontend.NeedCalls) {
				x.structDecl(n, module, stack)
			}
		}
	}
	if x.mode.Has(frontend.NeedBodies) {
		for _, fs := range x.fns {
			if fs.body != nil {
				fs.f.Body = x.fnBody(fs.body)
			}
		}
	}
	return nil
}

func innerFn(stack []scope) *fnState {
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].fn != nil {
			return stack[i].fn
		}
	}
	return nil
}

func modulePath(module string, stack []scope) string {
	var b strings.Builder
	b.WriteString(module)
	for _, s := range stack {
		if s.kind == kModItem {
			if b.Len() > 0 {
				b.WriteString("::")
			}
			b.WriteString(s.name)
		}
	}
	return b.String()
}

func (x *extractor) isPub(n *sitter.Node) bool {
	if c := n.NamedChild(0); c != nil && kindOf(c) == kVisibility {
		return true
	}
	return false
}
