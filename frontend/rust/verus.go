package rust

import (
	"context"
	"slices"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/tsutil"
)

// A verusBlock holds what the token scan of one verus! { } block found,
// keyed by byte offsets that the block's second parse shares with the
// file.
type verusBlock struct {
	fnSpecs map[uint32][]frontend.Spec // by the start of the function's name
	ghost   map[uint32]bool
	results map[uint32]frontend.Param
	loops   map[uint32][]frontend.Spec // by the start of the loop body's "{"
	blank   [][2]uint32                // byte ranges to blank out
}

func isVerusMacro(x *extractor, n *sitter.Node) bool {
	name, _, _ := x.macroName(n)
	return name == "verus"
}

// verusModes are the words Verus puts before fn.
var verusModes = map[string]bool{
	"spec": true, "proof": true, "exec": true, "open": true, "closed": true,
	"tracked": true, "ghost": true, "broadcast": true, "uninterp": true, "axiom": true,
}

var fnClauses = map[string]frontend.SpecKind{
	"requires": frontend.SpecRequires, "ensures": frontend.SpecEnsures,
	"recommends": frontend.SpecRequires, "decreases": frontend.SpecDecreases,
	"opens_invariants": -1, "returns": frontend.SpecEnsures, "no_unwind": -1, "via": -1, "when": -1,
	"by": -1, // proof fn f() by (nonlinear_arith)
}

var loopClauses = map[string]frontend.SpecKind{
	"invariant": frontend.SpecInvariant, "invariant_except_break": frontend.SpecInvariant,
	"invariant_ensures": frontend.SpecInvariant, "ensures": frontend.SpecEnsures,
	"decreases": frontend.SpecDecreases,
}

// verusBlock reads the functions of the verus! macro invocation n: scans
// its tokens for clauses, parses its body again as Rust with the clauses
// blanked out, and extracts the functions of that parse.
func (x *extractor) verusBlock(ctx context.Context, n *sitter.Node, module string) {
	var tt *sitter.Node
	for _, k := range x.kids(n) {
		if kindOf(k) == kTokenTree {
			tt = k
		}
	}
	if tt == nil || tt.EndByte()-tt.StartByte() < 2 {
		return
	}
	vb := &verusBlock{
		fnSpecs: map[uint32][]frontend.Spec{}, ghost: map[uint32]bool{},
		results: map[uint32]frontend.Param{}, loops: map[uint32][]frontend.Spec{},
	}
	x.scanVerus(vb, tt)
	// The view is the file up to the block's end with everything outside
	// the block's braces and every blanked range turned into spaces,
	// newlines kept, so that the offsets, lines and columns of the second
	// parse are the file's.
	view := make([]byte, tt.EndByte())
	lo, hi := tt.StartByte()+1, tt.EndByte()-1
	for i, b := range x.src[:len(view)] {
		if b == '\n' || uint32(i) >= lo && uint32(i) < hi {
			view[i] = b
		} else {
			view[i] = ' '
		}
	}
	for _, r := range vb.blank {
		for i := r[0]; i < r[1] && int(i) < len(view); i++ {
			if view[i] != '\n' {
				view[i] = ' '
			}
		}
	}
	sub := &extractor{path: x.path, src: view, text: string(view), mode: x.mode, file: x.file, verus: vb}
	_ = tsutil.Parse(ctx, language, view, func(root *sitter.Node) error {
		// Errors of the second parse are Verus syntax the Rust grammar does
		// not know (==>, forall|i|), not errors of the file.
		return sub.run(ctx, root, module)
	})
}

// scanVerus walks the tokens of tt and its nested trees.
func (x *extractor) scanVerus(vb *verusBlock, tt *sitter.Node) {
	ks := x.tokens(tt)
	for i := 0; i < len(ks); i++ {
		switch kindOf(ks[i]) {
		case tFn:
			x.verusFn(vb, ks, i)
		case tKwWhile, tKwLoop, tKwFor:
			x.verusLoop(vb, ks, i)
		case kTokenTree:
			x.scanVerus(vb, ks[i])
		}
	}
}

func (vb *verusBlock) blankNode(n *sitter.Node) {
	vb.blank = append(vb.blank, [2]uint32{n.StartByte(), n.EndByte()})
}

// isBody reports whether ks[k] is the brace tree that ends a header with
// clauses: what follows it cannot continue an expression.
func isBody(ks []*sitter.Node, k int) bool {
	if kindOf(ks[k]) != kTokenTree || !opensWith(ks[k], tLBrace) {
		return false
	}
	if k+1 >= len(ks) {
		return true
	}
	switch kindOf(ks[k+1]) {
	case kIdentifier, tHash, tSemi, tRBrace, tFn, tKwOther, tKwWhile, tKwLoop, tKwFor:
		return true
	}
	return false
}

// verusFn reads the function whose fn keyword is ks[i].
func (x *extractor) verusFn(vb *verusBlock, ks []*sitter.Node, i int) {
	if i+1 >= len(ks) || kindOf(ks[i+1]) != kIdentifier {
		return
	}
	name := ks[i+1].StartByte()
	for j := i - 1; j >= 0; j-- {
		k := ks[j]
		if kindOf(k) == kIdentifier && verusModes[x.str(k)] {
			vb.blankNode(k)
			if s := x.str(k); s == "spec" || s == "proof" {
				vb.ghost[name] = true
			}
			continue
		}
		if kindOf(k) == kTokenTree && j > 0 && x.str(ks[j-1]) == "spec" {
			vb.blankNode(k) // spec(checked)
			continue
		}
		break
	}
	k := i + 2
	for k < len(ks) && !(kindOf(ks[k]) == kTokenTree && opensWith(ks[k], tLParen)) {
		if kindOf(ks[k]) == kTokenTree || kindOf(ks[k]) == tSemi {
			return
		}
		k++
	}
	if k >= len(ks) {
		return
	}
	pks := x.tokens(ks[k])
	for j, p := range pks {
		if kindOf(p) == kIdentifier && (x.str(p) == "tracked" || x.str(p) == "ghost") &&
			j+1 < len(pks) && (kindOf(pks[j+1]) == kIdentifier || x.str(pks[j+1]) == "mut") {
			vb.blankNode(p)
		}
	}
	k++
	if k+1 < len(ks) && kindOf(ks[k]) == tArrow && kindOf(ks[k+1]) == kTokenTree && opensWith(ks[k+1], tLParen) {
		rks := x.tokens(ks[k+1])
		a := 1
		if a < len(rks) && x.str(rks[a]) == "tracked" {
			a++
		}
		if a+2 < len(rks) && kindOf(rks[a]) == kIdentifier && kindOf(rks[a+1]) == tColon {
			last := rks[len(rks)-1]
			vb.results[name] = frontend.Param{
				Name: x.str(rks[a]),
				Type: collapse(x.text[rks[a+2].StartByte():last.StartByte()]),
			}
			// "(r: T)" becomes "    T ".
			vb.blank = append(vb.blank, [2]uint32{rks[0].StartByte(), rks[a+1].EndByte()}, [2]uint32{last.StartByte(), last.EndByte()})
		}
		k += 2
	}
	first, end := -1, len(ks)
	var clauses [][2]int // keyword index, end index
	for ; k < len(ks); k++ {
		kk := kindOf(ks[k])
		if kk == kIdentifier {
			if _, ok := fnClauses[x.str(ks[k])]; ok {
				if len(clauses) > 0 {
					clauses[len(clauses)-1][1] = k
				}
				clauses = append(clauses, [2]int{k, -1})
				if first < 0 {
					first = k
				}
				continue
			}
		}
		if kk == tSemi || kk == tFn || isBody(ks, k) {
			end = k
			break
		}
	}
	if first < 0 {
		return
	}
	clauses[len(clauses)-1][1] = end
	stop := ks[len(ks)-1].StartByte()
	if end < len(ks) {
		stop = ks[end].StartByte()
	}
	vb.blank = append(vb.blank, [2]uint32{ks[first].StartByte(), stop})
	for _, c := range clauses {
		form := x.str(ks[c[0]])
		kind := fnClauses[form]
		if kind < 0 {
			continue
		}
		for _, r := range splitRanges(ks, c[0]+1, c[1]) {
			vb.fnSpecs[name] = append(vb.fnSpecs[name], frontend.Spec{
				Kind: kind, Form: form, Span: x.spanBetween(ks[r[0]], ks[r[1]]),
				Expr: x.text[ks[r[0]].StartByte():ks[r[1]].EndByte()],
			})
		}
	}
}

// verusLoop reads the clauses of the loop whose keyword is ks[i].
func (x *extractor) verusLoop(vb *verusBlock, ks []*sitter.Node, i int) {
	first := -1
	var clauses [][2]int
	k := i + 1
	for ; k < len(ks); k++ {
		kk := kindOf(ks[k])
		if kk == kIdentifier {
			if _, ok := loopClauses[x.str(ks[k])]; ok {
				if len(clauses) > 0 {
					clauses[len(clauses)-1][1] = k
				}
				clauses = append(clauses, [2]int{k, -1})
				if first < 0 {
					first = k
				}
				continue
			}
		}
		if kk == tSemi {
			return
		}
		if isBody(ks, k) {
			break
		}
	}
	if first < 0 || k >= len(ks) {
		return
	}
	clauses[len(clauses)-1][1] = k
	body := ks[k].StartByte()
	vb.blank = append(vb.blank, [2]uint32{ks[first].StartByte(), body})
	for _, c := range clauses {
		form := x.str(ks[c[0]])
		for _, r := range splitRanges(ks, c[0]+1, c[1]) {
			vb.loops[body] = append(vb.loops[body], frontend.Spec{
				Kind: loopClauses[form], Form: form, Span: x.spanBetween(ks[r[0]], ks[r[1]]),
				Expr: x.text[ks[r[0]].StartByte():ks[r[1]].EndByte()],
			})
		}
	}
}

// decorate adds what the token scan found to a function of the second
// parse: its mode, its named result, its clauses and its loops' clauses.
func (vb *verusBlock) decorate(x *extractor, fs *fnState, name *sitter.Node) {
	f := fs.f
	key := name.StartByte()
	f.Ghost = vb.ghost[key]
	if r, ok := vb.results[key]; ok {
		f.Results = []frontend.Param{r}
	}
	if !x.mode.Has(frontend.NeedSpecs) {
		return
	}
	for _, sp := range vb.fnSpecs[key] {
		// A header whose body is missing may parse to a function that ends
		// before its clauses; those are not kept.
		if sp.Span.StartByte >= f.Span.StartByte && sp.Span.EndByte <= f.Span.EndByte {
			f.Specs = append(f.Specs, sp)
		}
	}
	keys := make([]uint32, 0, len(vb.loops))
	for b := range vb.loops {
		if b >= uint32(f.Span.StartByte) && b < uint32(f.Span.EndByte) {
			keys = append(keys, b)
		}
	}
	slices.Sort(keys)
	for _, b := range keys {
		for _, sp := range vb.loops[b] {
			if sp.Span.StartByte >= f.Span.StartByte && sp.Span.EndByte <= f.Span.EndByte {
				f.Specs = append(f.Specs, sp)
			}
		}
	}
}

// loopSpecs returns the clauses of the loop e whose body is b as
// statements carrying their spec.
func (vb *verusBlock) loopSpecs(x *extractor, e, b *sitter.Node) []*frontend.Stmt {
	if b == nil || !x.mode.Has(frontend.NeedSpecs) {
		return nil
	}
	var out []*frontend.Stmt
	for _, sp := range vb.loops[b.StartByte()] {
		if sp.Span.StartByte < int(e.StartByte()) || sp.Span.EndByte > int(e.EndByte()) {
			continue
		}
		out = append(out, &frontend.Stmt{Kind: frontend.StmtSimple, Span: sp.Span, Text: sp.Form + " " + sp.Expr, Spec: &sp})
	}
	return out
}

// verusSpecCall records assert(e) and assume(e) in a Verus body as specs
// and reports whether the call was one.
func (x *extractor) verusSpecCall(st *fnState, n *sitter.Node, name string) bool {
	var kind frontend.SpecKind
	switch name {
	case "assert":
		kind = frontend.SpecAssert
	case "assume":
		kind = frontend.SpecAssume
	default:
		return false
	}
	if !x.mode.Has(frontend.NeedSpecs) {
		return true
	}
	args := n.ChildByFieldName("arguments")
	if args == nil || args.NamedChildCount() == 0 {
		return true
	}
	sp := frontend.Spec{Kind: kind, Form: name, Span: x.span(n), Expr: x.str(args.NamedChild(0))}
	st.f.Specs = append(st.f.Specs, sp)
	if x.specAt == nil {
		x.specAt = map[uint32]frontend.Spec{}
	}
	x.specAt[n.StartByte()] = sp
	return true
}
