// Package tsutil holds what the tree-sitter frontends share: spans from
// nodes, node text, syntax-error collection, a parse that closes its
// tree when the caller is done with it, and Node, a syntax node read
// without the binding's per-call costs.
package tsutil

import (
	"context"
	"fmt"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
)

// Parse parses src with lang and calls fn with the root node. The tree is
// closed when fn returns, so nothing of it may be kept: copy text out.
func Parse(ctx context.Context, lang *sitter.Language, src []byte, fn func(root *sitter.Node) error) error {
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(lang)
	tree, err := p.ParseCtx(ctx, nil, src)
	if err != nil {
		return err
	}
	defer tree.Close()
	return fn(tree.RootNode())
}

// Span returns the span of n in file.
func Span(file string, n *sitter.Node) frontend.Span {
	return span(file, n.StartByte(), n.EndByte(), n.StartPoint(), n.EndPoint())
}

// NodeSpan returns the span of n in file.
func NodeSpan(file string, n Node) frontend.Span {
	return span(file, n.StartByte(), n.EndByte(), n.StartPoint(), n.EndPoint())
}

// span is a node's extent as a frontend.Span: 1-based lines and columns.
func span(file string, start, end uint32, s, e sitter.Point) frontend.Span {
	return frontend.Span{
		File:      file,
		StartByte: int(start),
		EndByte:   int(end),
		StartLine: int(s.Row) + 1,
		EndLine:   int(e.Row) + 1,
		StartCol:  int(s.Column) + 1,
		EndCol:    int(e.Column) + 1,
	}
}

// Text returns the source text of n.
func Text(n *sitter.Node, src []byte) string {
	if n == nil {
		return ""
	}
	return string(src[n.StartByte():n.EndByte()])
}

// Errors lists the ERROR and MISSING nodes under root, outermost only, as
// syntax errors of file; see NodeErrors.
func Errors(file string, root *sitter.Node) []frontend.SyntaxError {
	return NodeErrors(file, NodeOf(root))
}

// errorBufs holds NodeErrors' stack and children buffers for reuse: one
// call per file with an error, and a kernel has thousands.
var errorBufs = sync.Pool{New: func() any { return new([2][]Node) }}

// NodeErrors lists the ERROR and MISSING nodes under root, outermost
// only, as syntax errors of file, in the order of the source. It does not
// descend into subtrees without errors, so it costs little on clean
// files.
func NodeErrors(file string, root Node) []frontend.SyntaxError {
	if !root.HasError() {
		return nil
	}
	var out []frontend.SyntaxError
	bufs := errorBufs.Get().(*[2][]Node)
	defer errorBufs.Put(bufs)
	stack, kids := append(bufs[0][:0], root), bufs[1]
	defer func() { bufs[0], bufs[1] = stack, kids }()
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch {
		case n.IsError():
			out = append(out, frontend.SyntaxError{Span: NodeSpan(file, n), Msg: "syntax error"})
		case n.IsMissing():
			out = append(out, frontend.SyntaxError{Span: NodeSpan(file, n), Msg: fmt.Sprintf("missing %s", n.Type())})
		case n.HasError():
			kids = n.Children(kids)
			for i := len(kids) - 1; i >= 0; i-- {
				if i+1 < len(kids) && kids[i].IsMissing() && UnnamedBitField(kids[i].Type(), kids[i+1].Type()) {
					continue
				}
				// Only a node that is or holds an error matters.
				if k := kids[i]; k.HasError() || k.IsError() || k.IsMissing() {
					stack = append(stack, k)
				}
			}
		}
	}
	return out
}

// UnnamedBitField reports whether a MISSING node of type missing before a
// sibling of type next is the name C lets a bit-field go without
// (`int : 3;`, padding), which tree-sitter's C grammar wants.
func UnnamedBitField(missing, next string) bool {
	return missing == "field_identifier" && next == "bitfield_clause"
}

// ReleaseCMemory gives back to the system the memory that the C heap
// holds free: tree-sitter parses in C, and glibc's malloc keeps what a
// closed tree freed in its arenas, one per thread that parsed, for
// later use. After a big load that is hundreds of megabytes of resident
// memory no one will use again. It reports whether any was given back;
// where the C library cannot (not glibc), it does nothing and reports
// false. Call it once the parsing is over.
func ReleaseCMemory() bool { return releaseCMemory() }

// LimitArenas caps the number of malloc arenas of the C heap at n (glibc;
// elsewhere it does nothing and reports false). glibc gives each thread
// that allocates concurrently an arena of its own, up to eight per core,
// and each keeps the memory its trees freed: with few arenas, a tree's
// freed memory serves the next tree. Call it before any parsing; it
// reports whether the limit was set.
func LimitArenas(n int) bool { return limitArenas(n) }
