package c

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/tsutil"
)

// C is the C frontend. It is registered from init.
var C = &frontend.Language{
	Name:  "c",
	Doc:   "C (.c, .h) through the tree-sitter C grammar, without preprocessing",
	Exts:  []string{".c", ".h"},
	Parse: Parse,
}

func init() { frontend.Register("c", C) }

// parsers keeps tree-sitter parsers for reuse: making one per file costs
// more than parsing a small file.
var parsers = sync.Pool{New: func() any {
	p := sitter.NewParser()
	p.SetLanguage(lang)
	return p
}}

// Parse parses one C file into the model; mode says which parts to build.
// It never panics on any input: syntax errors are listed in File.Errors,
// and an internal failure is an error naming the file. Otherwise the error
// is non-nil only when ctx is cancelled.
func Parse(ctx context.Context, src *frontend.Source, mode frontend.Mode) (f *frontend.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("c: %s: internal error: %v", src.Path, r)
		}
	}()
	return parse(ctx, src, mode)
}

func parse(ctx context.Context, src *frontend.Source, mode frontend.Mode) (*frontend.File, error) {
	content := src.Content
	f := &frontend.File{Path: src.Path, Language: "c", Size: len(content), Lines: lineCount(content)}
	if mode.Has(frontend.NeedSource) {
		f.Source = content
	}
	if !mayHoldCode(content) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return f, nil
	}
	content = Respell(blankDead(content))
	tree, err := parseTree(ctx, content)
	if err != nil {
		return nil, fmt.Errorf("c: %s: %w", src.Path, err)
	}
	defer tree.Close()
	sc := scratches.Get().(*scratch)
	defer sc.put()
	x := &extractor{file: src.Path, src: content, mode: mode, sc: sc}
	root := tsutil.NodeOf(tree.RootNode())
	fd := &found{sc: sc}
	fd.walk(root, 0)
	x.functions(fd)
	if mode.Has(frontend.NeedCalls) || mode.Has(frontend.NeedSpecs) {
		x.calls(fd)
	}
	if mode.Has(frontend.NeedBodies) {
		x.bodies()
	}
	f.Errors = x.errors(root)
	f.Functions = make([]*frontend.Function, len(x.funcs))
	for i, fn := range x.funcs {
		f.Functions[i] = fn.Function
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

// scratch holds the buffers of one file's extraction, for the next file
// to reuse: children of the nodes read, and the offsets of the lines.
// Made anew for each file, they were a tenth of what a kernel's load
// allocated, and the collector ran that much more often over a heap that
// holds the growing call graph.
type scratch struct {
	// kids are the children of the nodes walked, one buffer per depth
	// (found.children); nodes those of one node at a time
	// (extractor.children).
	kids  [][]tsutil.Node
	nodes []tsutil.Node
	lines lines
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// put returns sc to the pool; nothing of its buffers may be used after.
func (sc *scratch) put() { scratches.Put(sc) }

// children returns the children of n in the scratch buffer, which the
// next call reuses.
func (x *extractor) children(n tsutil.Node) []tsutil.Node {
	x.sc.nodes = n.Children(x.sc.nodes)
	return x.sc.nodes
}

// parseTree parses content with a pooled parser. A parser whose parse
// failed is dropped, not pooled: the binding may leave its cancellation
// flag set. A failure that is not ctx's is retried once on a new parser.
func parseTree(ctx context.Context, content []byte) (*sitter.Tree, error) {
	for try := 0; ; try++ {
		p := parsers.Get().(*sitter.Parser)
		tree, err := p.ParseCtx(ctx, nil, content)
		if err == nil {
			parsers.Put(p)
			return tree, nil
		}
		p.Close()
		if ctx.Err() != nil || try > 0 {
			return nil, err
		}
	}
}

// extractor holds the state of one file's extraction.
type extractor struct {
	file string
	src  []byte
	mode frontend.Mode
	// funcs are the functions in source order (by start byte).
	funcs []*function
	// defs are the definitions among funcs, by start byte; maxEnd[i] is
	// the largest end byte of defs[:i+1].
	defs   []*function
	maxEnd []int
	// globals are the names of file-scope variables that may be called.
	globals map[string]bool
	// healed are the start bytes of missing-semicolon errors that belong
	// to function heads joined to their bodies.
	healed map[int]bool
	// healedSpans are the byte ranges of heads of old C that the grammar
	// reads as errors (implicitIntDefinition): no error inside one counts.
	healedSpans [][2]int
	// strs interns callee texts.
	strs map[string]string
	// sc holds the buffers the extraction reuses; lines (in sc) is
	// filled when first needed.
	sc        *scratch
	haveLines bool
}

// function is a Function with what extraction needs on the side.
type function struct {
	*frontend.Function
	start, end int
	// vars are the names of parameters and local variables that may be
	// called: a call of one is indirect.
	vars map[string]bool
	// body is the compound statement's node, kept only while the tree is
	// open; null when the function has none.
	body tsutil.Node
}

func (x *extractor) span(n tsutil.Node) frontend.Span { return tsutil.NodeSpan(x.file, n) }

// internRange returns the text src[from:to], sharing one copy per
// distinct text in the file: callee names repeat, and a big tree has
// millions of calls.
func (x *extractor) internRange(from, to int) string {
	b := x.src[from:to]
	if v, ok := x.strs[string(b)]; ok {
		return v
	}
	if x.strs == nil {
		x.strs = map[string]string{}
	}
	v := string(b)
	x.strs[v] = v
	return v
}

// spanOf returns the span of src[from:to].
func (x *extractor) spanOf(from, to int) frontend.Span {
	if !x.haveLines {
		x.sc.lines = newLines(x.sc.lines, x.src)
		x.haveLines = true
	}
	sl, sc := x.sc.lines.pos(from)
	el, ec := x.sc.lines.pos(to)
	return frontend.Span{File: x.file, StartByte: from, EndByte: to, StartLine: sl, EndLine: el, StartCol: sc, EndCol: ec}
}

func (x *extractor) text(n tsutil.Node) string {
	if n.IsNull() {
		return ""
	}
	s, e := n.StartByte(), n.EndByte()
	if e > uint32(len(x.src)) || s > e {
		return ""
	}
	return string(x.src[s:e])
}

// enclosing returns the innermost definition whose body holds byte b, or
// nil.
func (x *extractor) enclosing(b int) *function {
	i := sort.Search(len(x.defs), func(i int) bool { return x.defs[i].start > b }) - 1
	for ; i >= 0 && x.maxEnd[i] > b; i-- {
		if d := x.defs[i]; d.start <= b && b < d.end {
			return d
		}
	}
	return nil
}

func (x *extractor) errors(root tsutil.Node) []frontend.SyntaxError {
	errs := tsutil.NodeErrors(x.file, root)
	for i := 0; i < root.ChildCount(); i++ {
		// a semicolon alone at the top level (`void f() {};`), which gcc
		// accepts
		if ch := root.Child(i); ch.IsError() && strings.TrimSpace(string(x.src[ch.StartByte():ch.EndByte()])) == ";" {
			x.healedSpans = append(x.healedSpans, [2]int{int(ch.StartByte()), int(ch.EndByte())})
		}
	}
	if len(x.healed) == 0 && len(x.healedSpans) == 0 {
		return errs
	}
	out := errs[:0]
	for _, e := range errs {
		inHead := slices.ContainsFunc(x.healedSpans, func(sp [2]int) bool {
			return sp[0] <= e.Span.StartByte && e.Span.EndByte <= sp[1]
		})
		if inHead || x.healed[e.Span.StartByte] && e.Span.StartByte == e.Span.EndByte {
			continue
		}
		out = append(out, e)
	}
	return out
}

// lineCount returns the number of lines of src, a last one without its
// newline included. bytes.Count is vectorized: a loop over the bytes took
// half a percent of a kernel's load.
func lineCount(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}
