package callgraph

import (
	"slices"
	"strings"
	"sync"

	"github.com/suretydev/surety/frontend"
)

// A Builder builds a call graph from files given one at a time, keeping of
// each only what the graph needs: its definitions without their calls,
// parameters, bodies or comments, and their calls in a compact form
// (names interned once for the whole program, 24 bytes a call). Give it
// each file as frontend.Load parses it (LoadOptions.Keep), and a big
// tree's model is never in memory whole: on the Linux kernel the model of
// the calls alone is larger than the graph.
//
// The graph is the one Build makes of the same files, but for the call
// sites and the functions: Edge.Call and Unresolved.Call are nil for calls
// kept compact (a call the frontend gave hints for or resolved itself is
// kept whole), and a node keeps a compact record of its function, from
// which Node.Func makes a Function with no Calls, Params, Results, Body,
// Specs, Signature or Doc. Add is safe for concurrent use; Graph is
// called once, after the last Add.
type Builder struct {
	opts  BuildOptions
	mu    sync.Mutex
	ids   map[string]int32
	names []string
	// texts are the texts of the functions' records but their names.
	texts *textTable
	files []*builtFile
	// declared and traits are the names of prototypes and traits, which
	// the builder's files no longer hold.
	declared map[string]bool
	traits   map[string]bool
	// reused are the files of a Kept given to Reuse, as Kept.File hands
	// them out.
	reused map[*frontend.File]*builtFile
}

// builtFile is what a Builder keeps of one file.
type builtFile struct {
	// file is the file's header, without functions.
	file *frontend.File
	// defs are the file's definitions, in the file's order.
	defs []funcRef
	// calls[j] are the calls of defs[j].
	calls [][]compactCall
	// whole are the calls kept whole, indexed by compactCall.whole.
	whole []*frontend.Call
	// declared and traits are the names of the file's prototypes and
	// traits, once each.
	declared, traits []string
}

// compactCall is a call as a Builder keeps it: texts as indices into
// Builder.names, no pointer.
type compactCall struct {
	callee, name, qual int32
	line               int32
	// whole indexes builtFile.whole when the call is kept whole, else -1.
	whole int32
	kind  uint8
}

// NewBuilder returns an empty Builder whose graph Build would make with
// opts; nil means the zero value. The builder keeps a copy of opts.
func NewBuilder(opts *BuildOptions) *Builder {
	b := &Builder{ids: map[string]int32{}, texts: newTextTable(), declared: map[string]bool{}, traits: map[string]bool{}}
	if opts != nil {
		b.opts = *opts
	}
	return b
}

// Add takes f into the graph. It keeps f's definitions, after taking from
// them what the graph does not need (see Builder): the caller must not
// use f's functions afterwards, and may drop f.
func (b *Builder) Add(f *frontend.File) {
	if f == nil {
		return
	}
	if bf := b.reused[f]; bf != nil {
		b.mu.Lock()
		for _, name := range bf.declared {
			b.declared[name] = true
		}
		for _, name := range bf.traits {
			b.traits[name] = true
		}
		b.files = append(b.files, bf)
		b.mu.Unlock()
		return
	}
	// The file as resolution reads it: no errors, source or declarations.
	bf := &builtFile{file: &frontend.File{Path: f.Path, Language: f.Language, Module: f.Module,
		Resolver: f.Resolver, Size: f.Size, Lines: f.Lines, Types: f.Types, Imports: f.Imports}}
	n := 0
	for _, fn := range f.Functions {
		if fn.Definition {
			n += len(fn.Calls)
		}
	}
	slab := make([]compactCall, 0, n)
	nd := 0
	for _, fn := range f.Functions {
		if fn.Definition && fitsRecord(fn) {
			nd++
		}
	}
	recs := make([]funcRecord, nd)
	defs := make([]funcRef, 0, len(f.Functions))
	b.mu.Lock()
	for _, fn := range f.Functions {
		if fn.Trait != "" {
			if tr := baseType(fn.Trait); !slices.Contains(bf.traits, tr) {
				bf.traits = append(bf.traits, tr)
				b.traits[tr] = true
			}
		}
		if !fn.Definition {
			bf.declared = append(bf.declared, fn.Name)
			b.declared[fn.Name] = true
			continue
		}
		from := len(slab)
		for _, c := range fn.Calls {
			cc := compactCall{whole: -1, line: int32(c.Span.StartLine), kind: uint8(c.Kind)}
			if c.Hints != nil || c.Resolved || c.Span.StartLine != int(cc.line) || c.Kind != frontend.CallKind(cc.kind) {
				cc.whole = int32(len(bf.whole))
				bf.whole = append(bf.whole, c)
			} else {
				// A direct call's name is its callee: one lookup for both.
				cc.callee = b.intern(c.Callee)
				cc.name = cc.callee
				if c.Name != c.Callee {
					cc.name = b.intern(c.Name)
				}
				cc.qual = b.intern(c.Qualifier)
			}
			slab = append(slab, cc)
		}
		bf.calls = append(bf.calls, slab[from:len(slab):len(slab)])
		defs = append(defs, b.keep(fn, &recs, f.Path))
	}
	bf.defs = slices.Clip(defs)
	slices.Sort(bf.declared)
	bf.declared = slices.Clip(slices.Compact(bf.declared))
	b.files = append(b.files, bf)
	b.mu.Unlock()
}

// intern returns the index of s in b.names, adding it when new. b.mu is
// held.
func (b *Builder) intern(s string) int32 {
	if id, ok := b.ids[s]; ok {
		return id
	}
	id := int32(len(b.names))
	s = strings.Clone(s) // not a view into a file's text
	b.names = append(b.names, s)
	b.ids[s] = id
	return id
}

// keep returns what b keeps of the definition fn of the file at path: a
// record from *recs, else, when fn's span does not fit one, fn itself,
// slimmed. b.mu is held.
func (b *Builder) keep(fn *frontend.Function, recs *[]funcRecord, path string) funcRef {
	if !fitsRecord(fn) {
		slim(fn)
		return funcRef{fn: fn}
	}
	r := &(*recs)[0]
	*recs = (*recs)[1:]
	r.set(fn, b.texts, path)
	return funcRef{rec: r}
}

// slim drops from fn what the call graph does not read.
func slim(fn *frontend.Function) {
	fn.Calls, fn.Params, fn.Results, fn.Body, fn.Specs = nil, nil, nil, nil, nil
	fn.Signature, fn.Doc = "", ""
}

// Graph resolves the calls of every file added and returns the graph. The
// result depends only on the files added, not on their order. The builder
// lets go of the calls as it resolves them, so Graph is called once, and
// Save, if wanted, before it.
func (b *Builder) Graph() *Graph {
	b.mu.Lock()
	defer b.mu.Unlock()
	slices.SortStableFunc(b.files, func(x, y *builtFile) int { return strings.Compare(x.file.Path, y.file.Path) })
	files := make([]*frontend.File, len(b.files))
	defs := make([][]funcRef, len(b.files))
	for i, bf := range b.files {
		files[i] = bf.file
		defs[i] = bf.defs
	}
	g, r := start(files, defs, &b.opts, b.declared, b.traits)
	// The calls of each node, by index; a node dropped as a duplicate
	// has none.
	type nodeCalls struct {
		calls []compactCall
		bf    *builtFile
	}
	byNode := make([]nodeCalls, len(g.Nodes))
	total := 0
	for i, ns := range r.made {
		for j, n := range ns {
			if n != nil && n.Index < len(g.Nodes) && g.Nodes[n.Index] == n {
				byNode[n.Index] = nodeCalls{b.files[i].calls[j], b.files[i]}
				total += len(b.files[i].calls[j])
			}
		}
	}
	// byNode now holds the only references to the calls: each node's
	// go as they are resolved, and with the last of a file's its slab.
	for _, bf := range b.files {
		bf.calls = nil
	}
	r.made = nil
	g.Edges = make([]*Edge, 0, total)
	var s site
	for _, n := range g.Nodes {
		fi := r.enter(n)
		nc := byNode[n.Index]
		for _, c := range nc.calls {
			if c.whole >= 0 {
				s.of(nc.bf.whole[c.whole])
			} else {
				s = site{callee: b.names[c.callee], name: b.names[c.name], qual: b.names[c.qual],
					kind: frontend.CallKind(c.kind), line: int(c.line)}
			}
			r.resolve(n, fi, &s)
		}
		byNode[n.Index] = nodeCalls{}
	}
	// Nothing compact is needed any more: let it go before linking.
	byNode, b.files, b.names, b.ids = nil, nil, nil, nil
	return r.finish(&b.opts)
}
