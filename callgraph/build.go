package callgraph

import (
	"path"
	"slices"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// BuildOptions control Build. The zero value is valid; a nil *BuildOptions
// means the zero value. Build does not modify it.
type BuildOptions struct {
	// IncludeAmbiguous makes ambiguous edges take part in SCCs, layers,
	// phases and traversal. The zero value keeps them out: they stay in
	// Graph.Edges, flagged, and are counted in the report, but a
	// function reached only through them is treated as uncalled. See the
	// package doc for the trade.
	IncludeAmbiguous bool
	// Extra lists edges the user knows of and name resolution cannot find
	// (calls through function pointers, callbacks); LoadEdges reads them
	// from JSON. Each becomes a sound edge marked Extra.
	Extra []ExtraEdge
	// MaxCandidates, when positive, bounds the edges one ambiguous call
	// may give: a call with more candidates than this gets none and is
	// listed unresolved with ReasonTooMany. On the Rust standard library,
	// x.next() on an unknown receiver has hundreds of candidates and such
	// calls make 96% of all edges. Zero means no bound.
	MaxCandidates int
}

// Build makes the call graph of prog: a node per function definition and
// an edge per resolved call, resolved as the package doc describes. It
// never fails: what cannot be resolved is listed in Graph.Unresolved, extra
// edges naming no function in Graph.UnmatchedExtra. The result depends only
// on prog and opts.
func Build(prog *frontend.Program, opts *BuildOptions) *Graph {
	var files []*frontend.File
	if prog != nil {
		files = prog.Files
	}
	declared, traits := map[string]bool{}, map[string]bool{}
	defs := make([][]funcRef, len(files))
	for i, f := range files {
		for _, fn := range f.Functions {
			if fn.Trait != "" {
				traits[baseType(fn.Trait)] = true
			}
			if !fn.Definition {
				declared[fn.Name] = true
				continue
			}
			defs[i] = append(defs[i], funcRef{fn: fn})
		}
	}
	g, r := start(files, defs, opts, declared, traits)
	r.made = nil
	calls := 0
	for _, n := range g.Nodes {
		calls += len(n.fn.Calls)
	}
	g.Edges = make([]*Edge, 0, calls)
	var s site
	for _, n := range g.Nodes {
		fi := r.enter(n)
		for _, c := range n.fn.Calls {
			s.of(c)
			r.resolve(n, fi, &s)
		}
	}
	return r.finish(opts)
}

// start makes the graph's nodes from the definitions defs[i] of each
// file files[i], and the resolver of their calls; declared and traits hold
// the names of the prototypes and traits of every file. r.made[i][j] is
// the node made of defs[i][j] (nil for a duplicate dropped).
func start(files []*frontend.File, defs [][]funcRef, opts *BuildOptions, declared, traits map[string]bool) (*Graph, *resolver) {
	if opts == nil {
		opts = &BuildOptions{}
	}
	g := &Graph{IncludeAmbiguous: opts.IncludeAmbiguous}
	r := newResolver(files, defs, g, declared, traits)
	r.maxCands = opts.MaxCandidates
	return g, r
}

// enter returns what resolution needs of n's file. Nodes come sorted by
// ID, so a file's functions come together: what a name means in the file
// is kept until the next file.
func (r *resolver) enter(n *Node) fileInfo {
	if f := n.File(); f != r.file {
		r.file = f
		clear(r.memo)
	}
	return r.files[r.file]
}

// finish adds the extra edges and links the graph. It empties r first:
// the indexes of names are not needed any more, and a big program's take
// much memory.
func (r *resolver) finish(opts *BuildOptions) *Graph {
	g := r.g
	*r = resolver{g: g}
	if opts != nil {
		r.addExtra(opts.Extra)
	}
	g.link()
	return g
}

// A site is a call as resolution reads it: from a frontend.Call, or from
// the compact form a Builder keeps.
type site struct {
	callee, name, qual string
	kind               frontend.CallKind
	line               int
	hints              *frontend.CallHints
	resolved           bool
	targets            []string
	// call is the call site when it is kept whole; nil from a Builder's
	// compact form.
	call *frontend.Call
}

// of sets s to c.
func (s *site) of(c *frontend.Call) {
	*s = site{callee: c.Callee, name: c.Name, qual: c.Qualifier, kind: c.Kind, line: c.Span.StartLine,
		hints: c.Hints, resolved: c.Resolved, targets: c.Targets, call: c}
}

// fileInfo is what resolution needs to know of a caller's file.
type fileInfo struct {
	file *frontend.File
}

type fileName struct{ file, name string }
type recvName struct{ recv, name string }

type resolver struct {
	g     *Graph
	files map[string]fileInfo
	// free: definitions without receiver, by simple name.
	free map[string][]*Node
	// inFile, inModule: free definitions by file or module and name,
	// only for names defined more than once.
	inFile   map[fileName][]*Node
	inModule map[fileName][]*Node
	// methods: definitions with a receiver, by simple name.
	methods map[string][]*Node
	// byRecv: methods by receiver type (base name) and name.
	byRecv map[recvName][]*Node
	// byTrait: methods by trait (base name) and name.
	byTrait map[recvName][]*Node
	// traitsOf: the traits each receiver type implements; traits: the
	// names some method says it implements or is declared in.
	traitsOf map[string][]string
	traits   map[string]bool
	// types: the declared types by name, for receiver chains; recvs: the
	// receiver types that have methods. A type in neither is foreign.
	types map[string][]*frontend.TypeDecl
	recvs map[string]bool
	// imports: the explicit imports of each file by the name used;
	// globs: each file's imports of whole modules.
	imports map[fileName][]frontend.Import
	globs   map[string][]frontend.Import
	// modImports: the imports of each module (a module's imports are
	// names it exports again); importers: its keys, sorted.
	modImports map[string][]frontend.Import
	importers  []string
	// aliases: the names imports give types under another name (use
	// a::Elf64Symbol as Symbol), when every such import agrees.
	aliases map[string]string
	// declared: names declared by a prototype without definition.
	declared map[string]bool
	// visible: whether a node may be called from other files.
	visible []bool
	// lang: the language of each node's file, by node index; mixed
	// reports whether the program has more than one language (calls then
	// resolve only within the caller's language).
	lang  []string
	mixed bool
	// maxCands is BuildOptions.MaxCandidates.
	maxCands int
	// file is the file whose calls are being resolved.
	file string
	// made[i][j] is the node of files[i].Functions[j], when asked for.
	made [][]*Node
	// memo keeps, for the file whose calls are being resolved, what a
	// bare call of a name resolved to in a function without module: in
	// C, every such call of the name in the file means the same.
	memo map[string]resolved
	// edges and unresolved are allocated in slabs: a kernel has
	// millions of each.
	edgeSlab  []Edge
	unresSlab []Unresolved
	siteSlab  []callSite
	// lastSite is the site of the last call that had one.
	lastSite *callSite
}

// resolved is what resolution found for a call.
type resolved struct {
	cands []*Node
	how   certainty
}

// newEdge returns a new edge, from a slab.
func (r *resolver) newEdge(e Edge) *Edge {
	if len(r.edgeSlab) == 0 {
		r.edgeSlab = make([]Edge, 4096)
	}
	p := &r.edgeSlab[0]
	*p = e
	r.edgeSlab = r.edgeSlab[1:]
	return p
}

func newResolver(files []*frontend.File, defs [][]funcRef, g *Graph, declared, traits map[string]bool) *resolver {
	r := &resolver{
		g:          g,
		files:      map[string]fileInfo{},
		free:       map[string][]*Node{},
		inFile:     map[fileName][]*Node{},
		inModule:   map[fileName][]*Node{},
		methods:    map[string][]*Node{},
		byRecv:     map[recvName][]*Node{},
		byTrait:    map[recvName][]*Node{},
		traitsOf:   map[string][]string{},
		traits:     traits,
		types:      map[string][]*frontend.TypeDecl{},
		recvs:      map[string]bool{},
		imports:    map[fileName][]frontend.Import{},
		globs:      map[string][]frontend.Import{},
		modImports: map[string][]frontend.Import{},
		aliases:    map[string]string{},
		declared:   declared,
		memo:       map[string]resolved{},
	}
	n := 0
	for _, d := range defs {
		n += len(d)
	}
	g.Nodes = make([]*Node, 0, n)
	slab := make([]Node, n)
	r.made = make([][]*Node, len(files))
	for i, f := range files {
		r.made[i] = make([]*Node, len(defs[i]))
		for _, t := range f.Types {
			r.types[t.Name] = append(r.types[t.Name], t)
		}
		for _, im := range f.Imports {
			mod := im.Scope
			if mod == "" {
				mod = f.Module
			}
			r.modImports[mod] = append(r.modImports[mod], im)
			if im.As != "" && im.Name != "*" {
				if prev, ok := r.aliases[im.As]; ok && prev != im.Name {
					r.aliases[im.As] = "" // renames disagree
				} else if !ok {
					r.aliases[im.As] = im.Name
				}
			}
			switch {
			case im.Name == "*":
				r.globs[f.Path] = append(r.globs[f.Path], im)
			case im.As != "":
				r.imports[fileName{f.Path, im.As}] = append(r.imports[fileName{f.Path, im.As}], im)
			default:
				r.imports[fileName{f.Path, im.Name}] = append(r.imports[fileName{f.Path, im.Name}], im)
			}
		}
		for j, ref := range defs[i] {
			n := &slab[0]
			slab = slab[1:]
			n.fn, n.rec = ref.fn, ref.rec
			if ref.fn != nil {
				n.ID = ref.fn.ID()
			} else {
				n.ID = ref.rec.id()
			}
			g.Nodes = append(g.Nodes, n)
			r.made[i][j] = n
			if _, ok := r.files[n.File()]; !ok {
				// Spans name the file as the frontend saw it; normally
				// f.Path.
				r.files[n.File()] = fileInfo{file: f}
			}
		}
	}
	g.sortNodes()
	// Drop duplicate IDs (the same file given twice): the first wins.
	w := 0
	for i, n := range g.Nodes {
		if i > 0 && n.ID == g.Nodes[w-1].ID {
			continue
		}
		g.Nodes[w] = n
		w++
	}
	if w != len(g.Nodes) {
		g.Nodes = g.Nodes[:w]
		g.sortNodes()
	}
	r.visible = make([]bool, len(g.Nodes))
	r.lang = make([]string, len(g.Nodes))
	for _, n := range g.Nodes {
		fi := r.files[n.File()]
		r.lang[n.Index] = fi.file.Language
		if r.lang[n.Index] != r.lang[0] {
			r.mixed = true
		}
		r.visible[n.Index] = !n.fileLocal()
		if n.text(textKind) == "macro" {
			// A C body whose head is a macro invocation
			// (SYSCALL_DEFINE3(read, ...) { ... }) is named after
			// the macro, which expands to another name: no call
			// names it so, and a call of the macro is not one of it.
			continue
		}
		name := n.simpleName()
		if n.receiver() == "" {
			r.free[name] = append(r.free[name], n)
			continue
		}
		recv := baseType(n.receiver())
		r.recvs[recv] = true
		r.methods[name] = append(r.methods[name], n)
		r.byRecv[recvName{recv, name}] = append(r.byRecv[recvName{recv, name}], n)
		if n.trait() != "" {
			tr := baseType(n.trait())
			r.byTrait[recvName{tr, name}] = append(r.byTrait[recvName{tr, name}], n)
			if !slices.Contains(r.traitsOf[recv], tr) {
				r.traitsOf[recv] = append(r.traitsOf[recv], tr)
			}
		}
	}
	for name, ns := range r.free {
		if len(ns) < 2 {
			continue
		}
		for _, n := range ns {
			kf := fileName{n.File(), name}
			r.inFile[kf] = append(r.inFile[kf], n)
			km := fileName{n.module(), name}
			r.inModule[km] = append(r.inModule[km], n)
		}
	}
	for k := range r.traitsOf {
		slices.Sort(r.traitsOf[k])
	}
	for m := range r.modImports {
		r.importers = append(r.importers, m)
	}
	slices.Sort(r.importers)
	return r
}

// resolve adds the edges or the unresolved entry of one call.
func (r *resolver) resolve(caller *Node, fi fileInfo, c *site) {
	line := int32(c.line)
	if c.resolved {
		var targets []*Node
		for _, id := range c.targets {
			if n := r.g.Node(id); n != nil {
				targets = append(targets, n)
			}
		}
		if len(targets) == 0 {
			r.unresolved(caller, c, ReasonLibrary)
			return
		}
		site := r.share(c.call, nil)
		for _, n := range uniqueNodes(targets) {
			r.g.Edges = append(r.g.Edges, r.newEdge(Edge{Caller: caller, Callee: n, site: site, Line: line}))
		}
		return
	}
	switch c.kind {
	case frontend.CallMacro:
		// A macro invocation is not a call of a function; calls inside
		// its arguments are recorded as calls of their own.
		return
	case frontend.CallIndirect:
		r.indirect(caller, fi, c)
		return
	}
	if c.name == "" {
		r.unresolved(caller, c, ReasonIndirect)
		return
	}
	var (
		cands []*Node
		how   certainty
	)
	// A bare call without hints in a function without module means the
	// same throughout the file.
	memo := c.kind == frontend.CallDirect && c.hints == nil && caller.module() == ""
	if m, ok := r.memo[c.name]; ok && memo {
		cands, how = m.cands, m.how
	} else {
		cands, how = r.candidates(caller, c)
		if r.mixed {
			cands = filterNodes(cands, func(n *Node) bool { return r.lang[n.Index] == fi.file.Language })
		}
		if len(cands) > 1 {
			cands = uniqueNodes(cands)
		}
		if memo {
			r.memo[c.name] = resolved{cands, how}
		}
	}
	switch {
	case len(cands) == 0:
		reason := ReasonUnknown
		if r.declared[c.name] || how == typedNone {
			reason = ReasonLibrary
		}
		r.unresolved(caller, c, reason)
	case len(cands) == 1 && how != guessed:
		r.g.Edges = append(r.g.Edges, r.newEdge(Edge{Caller: caller, Callee: cands[0], site: r.share(c.call, nil), Line: line, ByName: how == byName}))
	default:
		if r.maxCands > 0 && len(cands) > r.maxCands {
			r.unresolved(caller, c, ReasonTooMany)
			return
		}
		site := r.share(c.call, cands)
		for _, n := range cands {
			r.g.Edges = append(r.g.Edges, r.newEdge(Edge{Caller: caller, Callee: n, site: site, Line: line, Ambiguous: true}))
		}
	}
}

// indirect gives an indirect call an edge to each function its frontend
// saw stored in what it calls, marked Indirect and Ambiguous (a pointer
// may hold a function stored elsewhere, so even one is a guess); without
// any it is unresolved.
func (r *resolver) indirect(caller *Node, fi fileInfo, c *site) {
	var cands []*Node
	for _, name := range hintsOf(c).Candidates {
		cands = append(cands, r.freeCands(caller, name)...)
	}
	if r.mixed {
		cands = filterNodes(cands, func(n *Node) bool { return r.lang[n.Index] == fi.file.Language })
	}
	if len(cands) == 0 {
		r.unresolved(caller, c, ReasonIndirect)
		return
	}
	cands = uniqueNodes(cands)
	if r.maxCands > 0 && len(cands) > r.maxCands {
		r.unresolved(caller, c, ReasonTooMany)
		return
	}
	site := r.share(c.call, cands)
	for _, n := range cands {
		r.g.Edges = append(r.g.Edges, r.newEdge(Edge{Caller: caller, Callee: n, site: site, Line: int32(c.line), Ambiguous: true, Indirect: true}))
	}
}

// share returns the site of a call's edges: nil when it has neither call
// site nor candidates, else one from a slab, the same as for the call
// before when it had the same site and the very same candidates (a name
// memoized in the file).
func (r *resolver) share(call *frontend.Call, cands []*Node) *callSite {
	if call == nil && cands == nil {
		return nil
	}
	if p := r.lastSite; p != nil && p.call == call && len(p.cands) == len(cands) && (cands == nil || &p.cands[0] == &cands[0]) {
		return p
	}
	if len(r.siteSlab) == 0 {
		r.siteSlab = make([]callSite, 1024)
	}
	p := &r.siteSlab[0]
	r.siteSlab = r.siteSlab[1:]
	*p = callSite{call: call, cands: cands}
	r.lastSite = p
	return p
}

func (r *resolver) unresolved(caller *Node, c *site, why Reason) {
	if len(r.unresSlab) == 0 {
		r.unresSlab = make([]Unresolved, 1024)
	}
	u := &r.unresSlab[0]
	r.unresSlab = r.unresSlab[1:]
	*u = Unresolved{Caller: caller, Call: c.call, Callee: c.callee, Line: int32(c.line), Reason: why}
	r.g.Unresolved = append(r.g.Unresolved, u)
}

// certainty says how candidates were found.
type certainty uint8

const (
	// scoped: by the rules of scope, paths and types; one candidate is
	// the callee.
	scoped certainty = iota
	// byName: a method called on a receiver of unknown type, whose name
	// only one method of the program has and the frontend does not know
	// as a library method's (frontend.Call.LibraryName).
	byName
	// guessed: a method called on a receiver of unknown type; even a
	// single candidate is a guess.
	guessed
	// typedNone: the receiver's type is known and has no such method in
	// the program (a method of a library type).
	typedNone
)

// candidates returns the functions c may call and how sure they are.
func (r *resolver) candidates(caller *Node, call *site) ([]*Node, certainty) {
	fn := caller
	c := hintsOf(call)
	switch call.kind {
	case frontend.CallMethod:
		if c.RecvType != "" {
			t, ok := r.typeOf(fn, c.RecvType)
			if ok {
				if cs := r.methodsOf(t, call.name, c.Trait); len(cs) > 0 {
					return r.narrow(fn, cs), scoped
				}
				return nil, typedNone
			}
			if t != "" {
				return nil, typedNone // a step on a foreign type
			}
		}
		cs := r.methods[call.name]
		if len(cs) == 1 && !c.LibraryName {
			return cs, byName
		}
		return cs, guessed
	case frontend.CallPath:
		if c.RecvType != "" {
			t, ok := r.typeOf(fn, c.RecvType)
			if !ok {
				return nil, scoped
			}
			if cs := r.methodsOf(t, call.name, c.Trait); len(cs) > 0 {
				return r.narrow(fn, cs), scoped
			}
			return nil, typedNone
		}
		if c.Trait != "" {
			return r.narrow(fn, r.byTrait[recvName{c.Trait, call.name}]), scoped
		}
		segs := c.Path
		if segs == nil {
			segs = splitPath(call.qual)
		}
		if len(segs) > 0 {
			return r.pathCands(fn, segs, call.name), scoped
		}
	}
	return r.freeCands(fn, call.name), scoped
}

// noHints stands for a call without hints.
var noHints frontend.CallHints

// hintsOf returns c's hints, never nil.
func hintsOf(c *site) *frontend.CallHints {
	if c.hints == nil {
		return &noHints
	}
	return c.hints
}

// freeCands returns the free functions a bare call of name in fn may
// mean: the only one, else those of fn's module, else of its file, else
// the visible ones.
func (r *resolver) freeCands(fn *Node, name string) []*Node {
	if cs := r.imported(fn, name); len(cs) > 0 {
		return cs
	}
	cands := r.free[name]
	if len(cands) <= 1 {
		if len(cands) == 1 && !r.visible[cands[0].Index] && cands[0].File() != fn.File() {
			return nil
		}
		return cands
	}
	if fn.module() != "" {
		if same := r.inModule[fileName{fn.module(), name}]; len(same) > 0 {
			return same
		}
	}
	if same := r.inFile[fileName{fn.File(), name}]; len(same) > 0 {
		return same
	}
	var globbed []*Node
	for _, im := range r.globs[fn.File()] {
		if inScope(fn, im) {
			mod := splitPath(im.Module)
			globbed = append(globbed, filterNodes(cands, func(n *Node) bool { return moduleEndsWith(n.module(), mod) })...)
		}
	}
	if len(globbed) > 0 {
		return uniqueNodes(globbed)
	}
	return nearest(fn, filterNodes(cands, func(n *Node) bool { return r.visible[n.Index] }))
}

// imported returns the free functions that fn's file imports under name,
// unless fn's own module defines the name.
func (r *resolver) imported(fn *Node, name string) []*Node {
	ims := r.imports[fileName{fn.File(), name}]
	if len(ims) == 0 {
		return nil
	}
	if fn.module() != "" && len(r.inModule[fileName{fn.module(), name}]) > 0 {
		return nil
	}
	var out []*Node
	for _, im := range ims {
		if !inScope(fn, im) {
			continue
		}
		mod := splitPath(im.Module)
		out = append(out, filterNodes(r.free[im.Name], func(n *Node) bool { return moduleEndsWith(n.module(), mod) })...)
	}
	return uniqueNodes(out)
}

// inScope reports whether the import im applies in fn: it is declared in
// fn's module or one around it.
func inScope(fn *Node, im frontend.Import) bool {
	return im.Scope == "" || fn.module() == im.Scope || strings.HasPrefix(fn.module(), im.Scope+"::")
}

// pathCands returns the functions a call of name through the path segs
// may mean: methods of the type the last segment names, else methods of
// the trait it names, else free functions of a module ending in segs.
func (r *resolver) pathCands(fn *Node, segs []string, name string) []*Node {
	last := segs[len(segs)-1]
	prefix := segs[:len(segs)-1]
	if cs := r.byRecv[recvName{last, name}]; len(cs) > 0 {
		if t := filterNodes(cs, func(n *Node) bool { return moduleEndsWith(n.module(), prefix) }); len(t) > 0 {
			cs = t
		}
		return r.narrow(fn, cs)
	}
	if cs := r.byTrait[recvName{last, name}]; len(cs) > 0 {
		return r.narrow(fn, cs)
	}
	for _, tr := range r.traitsOf[last] {
		if cs := r.byRecv[recvName{tr, name}]; len(cs) > 0 {
			return r.narrow(fn, cs) // a default method through the type
		}
	}
	cs := filterNodes(r.free[name], func(n *Node) bool { return moduleEndsWith(n.module(), segs) })
	if len(cs) == 0 {
		cs = r.reexported(segs, name)
	}
	if len(cs) == 0 {
		// The path may start with a module the file imports, maybe
		// renamed: h::f() after use a::helpers as h.
		for _, im := range r.imports[fileName{fn.File(), segs[0]}] {
			if inScope(fn, im) {
				full := append(append(splitPath(im.Module), im.Name), segs[1:]...)
				cs = append(cs, filterNodes(r.free[name], func(n *Node) bool { return moduleEndsWith(n.module(), full) })...)
				if len(cs) == 0 {
					cs = r.reexported(full, name)
				}
			}
		}
	}
	return r.narrow(fn, uniqueNodes(cs))
}

// reexported returns the free functions called name that a module ending
// in segs imports, by name or whole, and so makes its own (Rust's pub use
// dynamic::*; in linker_common gives linker_common::f).
func (r *resolver) reexported(segs []string, name string) []*Node {
	var out []*Node
	for _, mod := range r.importers {
		if !moduleEndsWith(mod, segs) {
			continue
		}
		for _, im := range r.modImports[mod] {
			if im.Name != "*" && im.Name != name && im.As != name {
				continue
			}
			want, from := name, splitPath(im.Module)
			if im.Name != "*" {
				want = im.Name
			}
			out = append(out, filterNodes(r.free[want], func(n *Node) bool { return moduleEndsWith(n.module(), from) })...)
		}
	}
	return out
}

// methodsOf returns the methods called name that a value of type t runs:
// t's own, else a default method of a trait t implements; when t is a
// trait, every implementation of the method and the trait's default.
// trait, when set, keeps only the methods of that trait.
func (r *resolver) methodsOf(t, name, trait string) []*Node {
	b := baseType(t)
	var out []*Node
	if r.traits[b] {
		out = append(out, r.byTrait[recvName{b, name}]...)
	}
	out = append(out, r.byRecv[recvName{b, name}]...)
	if len(out) == 0 {
		for _, tr := range r.traitsOf[b] {
			out = append(out, r.byRecv[recvName{tr, name}]...)
		}
	}
	if trait != "" {
		out = filterNodes(out, func(n *Node) bool {
			return baseType(n.trait()) == trait || baseType(n.receiver()) == trait
		})
	}
	return uniqueNodes(out)
}

// narrow keeps, of several candidates, those in the caller's module (when
// it has one), else those in its file, else all of them.
func (r *resolver) narrow(fn *Node, cs []*Node) []*Node {
	if len(cs) <= 1 {
		return cs
	}
	if fn.module() != "" {
		if t := filterNodes(cs, func(n *Node) bool { return n.module() == fn.module() }); len(t) > 0 {
			return t
		}
	}
	if t := filterNodes(cs, func(n *Node) bool { return n.File() == fn.File() }); len(t) > 0 {
		return t
	}
	return nearest(fn, cs)
}

// nearest keeps, of candidates in other modules, those whose module shares
// the longest prefix with fn's: of two types or functions of one name, a
// crate's x86 backend means its own, not the arm backend's. In a language
// without modules (C) directories stand for them: a kernel's
// arch/x86/kernel calls arch/x86's function, not arch/arm's. On a tie
// (nothing shared, or as much shared by all) it keeps them all.
func nearest(fn *Node, cs []*Node) []*Node {
	if len(cs) <= 1 {
		return cs
	}
	where, sep := fn.module(), "::"
	if where == "" {
		where, sep = path.Dir(fn.File()), "/"
	}
	best, n := 0, 0
	lens := make([]int, len(cs))
	for i, c := range cs {
		other := c.module()
		if sep == "/" {
			other = path.Dir(c.File())
		}
		lens[i] = commonSegs(where, other, sep)
		switch {
		case lens[i] > best:
			best, n = lens[i], 1
		case lens[i] == best:
			n++
		}
	}
	if best == 0 || n == len(cs) {
		return cs
	}
	out := make([]*Node, 0, n)
	for i, c := range cs {
		if lens[i] == best {
			out = append(out, c)
		}
	}
	return out
}

// commonSegs counts the leading segments, separated by sep, that the
// paths a and b share.
func commonSegs(a, b, sep string) int {
	n := 0
	for a != "" && b != "" {
		x, ra, _ := strings.Cut(a, sep)
		y, rb, _ := strings.Cut(b, sep)
		if x != y {
			break
		}
		n++
		a, b = ra, rb
	}
	return n
}

func filterNodes(cs []*Node, keep func(*Node) bool) []*Node {
	var out []*Node
	for _, n := range cs {
		if keep(n) {
			out = append(out, n)
		}
	}
	return out
}

// uniqueNodes returns the nodes sorted by index without repeats, in a new
// slice.
func uniqueNodes(ns []*Node) []*Node {
	out := slices.Clone(ns)
	slices.SortFunc(out, func(a, b *Node) int { return a.Index - b.Index })
	return slices.Compact(out)
}

// splitPath is the fallback reading of a path call's qualifier when the
// frontend gives no Call.Path: its "::"-separated segments.
func splitPath(q string) []string {
	var segs []string
	for s := range strings.SplitSeq(q, "::") {
		if s = strings.TrimSpace(s); s != "" {
			segs = append(segs, s)
		}
	}
	return segs
}

// baseType reduces a type name as frontends give it (a normalized type
// such as "Vec<T>", a receiver, a path "a::Foo") to the name methods are
// indexed by: "Vec", "Foo".
func baseType(s string) string {
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndex(s, "::"); i >= 0 {
		s = s[i+2:]
	}
	return strings.TrimSpace(s)
}

// moduleEndsWith reports whether the module path mod ends with the
// segments segs.
func moduleEndsWith(mod string, segs []string) bool {
	if len(segs) == 0 {
		return true
	}
	parts := strings.Split(mod, "::")
	if len(parts) < len(segs) {
		return false
	}
	return slices.Equal(parts[len(parts)-len(segs):], segs)
}

// lookup finds the function a user names: by ID, else by qualified name,
// else by simple name, each only when unique.
func (g *Graph) lookup(name string, qualified map[string][]*Node) []*Node {
	if n := g.Node(name); n != nil {
		return []*Node{n}
	}
	if cs := qualified[name]; len(cs) > 0 {
		return cs
	}
	var out []*Node
	for _, n := range g.Nodes {
		if (n.fn != nil || n.rec != nil) && n.simpleName() == name {
			out = append(out, n)
		}
	}
	return out
}

// qualifiedIndex maps qualified names (and file:qualified names) to nodes.
func (g *Graph) qualifiedIndex() map[string][]*Node {
	m := map[string][]*Node{}
	for _, n := range g.Nodes {
		if n.fn == nil && n.rec == nil {
			continue
		}
		q := n.Name()
		m[q] = append(m[q], n)
		k := path.Clean(n.File()) + ":" + q
		m[k] = append(m[k], n)
	}
	return m
}

func (r *resolver) addExtra(extra []ExtraEdge) {
	if len(extra) == 0 {
		return
	}
	q := r.g.qualifiedIndex()
	for _, x := range extra {
		from := r.g.lookup(x.Caller, q)
		to := r.g.lookup(x.Callee, q)
		if len(from) != 1 || len(to) != 1 {
			r.g.UnmatchedExtra = append(r.g.UnmatchedExtra, x)
			continue
		}
		r.g.Edges = append(r.g.Edges, &Edge{Caller: from[0], Callee: to[0], Line: int32(x.Line), Extra: true})
	}
}
