package c

import (
	"slices"

	"github.com/suretydev/surety/internal/tsutil"
)

// The tree is read only at file scope: a walk over the translation unit's
// children (and those of preprocessor conditionals, extern "C" blocks and
// error nodes) finds the functions, prototypes and file-scope
// declarations, a few hundred nodes per file. What bodies hold is read
// from their text (see scan.go): asking the binding for every node of a
// body, by query or cursor, costs a third of the parse again.

// found is what the walk found in one tree; the nodes are valid while the
// tree is open.
type found struct {
	// defs are function definitions.
	defs []placed
	// orphans are bodies left without a head (a head split by #ifdef, or
	// a macro standing for a head).
	orphans []tsutil.Node
	// protos are file-scope declarations with the declarator that names
	// a function.
	protos []proto
	// decls are the file-scope declarations, read for the variables that
	// may be called and the functions stored in them.
	decls []tsutil.Node
	// sc holds the buffers for the children of the nodes walked, one per
	// depth.
	sc *scratch
}

// A placed node is a node with the comments right before it among its
// siblings, nearest last, read for its doc comment: the binding finds a
// node's previous sibling by counting from the first, so asking for it
// costs as much as the node's siblings.
type placed struct {
	tsutil.Node
	comments []tsutil.Node
}

// proto is a declaration and the declarator in it that names a function.
type proto struct {
	decl placed
	top  tsutil.Node
}

// placedAt returns kids[i], placed among kids.
func placedAt(kids []tsutil.Node, i int) placed {
	j := i
	for j > 0 && kindOf(kids[j-1]) == kComment {
		j--
	}
	return placed{kids[i], slices.Clone(kids[j:i])}
}

// children returns the children of n in the buffer for depth.
func (fd *found) children(n tsutil.Node, depth int) []tsutil.Node {
	kids := &fd.sc.kids
	for len(*kids) <= depth {
		*kids = append(*kids, nil)
	}
	(*kids)[depth] = n.Children((*kids)[depth])
	return (*kids)[depth]
}

// maxNesting bounds how deep the walk follows nested conditionals.
const maxNesting = 64

// walk collects what the file-scope nodes under n hold.
func (fd *found) walk(n tsutil.Node, depth int) {
	if n.IsNull() || depth > maxNesting {
		return
	}
	// Bodies without a head count only at file scope and directly inside
	// #if, #ifdef, #elif and #else.
	orphansHere := false
	switch kindOf(n) {
	case kTranslationUnit, kPreprocCond:
		orphansHere = n.Type() != "preproc_elifdef"
	}
	kids := fd.children(n, depth)
	for i, ch := range kids {
		switch kindOf(ch) {
		case kFuncDef:
			fd.defs = append(fd.defs, placedAt(kids, i))
			if ch.HasError() {
				fd.nested(ch, 0)
			}
		case kDeclaration:
			fd.decls = append(fd.decls, ch)
			fd.protoDeclarators(kids, i)
		case kCompound:
			if orphansHere {
				fd.orphans = append(fd.orphans, ch)
			}
		case kPreprocCond, kLinkage, kDeclList, kError:
			fd.walk(ch, depth+1)
		}
	}
}

// protoDeclarators adds the declarators of decl, kids[i], that declare a
// function by name: f(...), *f(...) or **f(...).
func (fd *found) protoDeclarators(kids []tsutil.Node, i int) {
	decl := kids[i]
	for j := 0; j < decl.ChildCount(); j++ {
		if decl.FieldForChild(j) != fDeclarator {
			continue
		}
		top := decl.Child(j)
		d := top
		for range 2 {
			if kindOf(d) != kPointerDecl {
				break
			}
			d = d.ChildByField(fDeclarator)
		}
		if kindOf(d) == kFuncDecl && kindOf(d.ChildByField(fDeclarator)) == kIdentifier {
			fd.protos = append(fd.protos, proto{placedAt(kids, i), top})
		}
	}
}

// nested collects the definitions inside n, a definition with a syntax
// error: a body whose braces the preprocessor unbalanced may swallow the
// rest of the file, and the functions that follow are then nested in it.
// Only blocks, preprocessor conditionals and subtrees with errors are
// walked, not statements and expressions. A definition (or a body
// without head) found there counts only when it starts a line, as one
// at file scope does: an indented one is statements that the parser,
// lost in the error, read as a definition, as in
//
//	for_each_possible_cpu(cpu)
//		per_cpu(var, cpu).kthread = NULL;
//	for_each_cpu(cpu, mask) { ... }
//
// (a K&R definition of per_cpu).
func (fd *found) nested(n tsutil.Node, depth int) {
	if depth > 4*maxNesting {
		return
	}
	// A body in a conditional may be a function's whose head is a macro.
	orphansHere := kindOf(n) == kPreprocCond && n.Type() != "preproc_elifdef"
	kids := fd.children(n, maxNesting+1+depth)
	for i, ch := range kids {
		if orphansHere && kindOf(ch) == kCompound && ch.StartPoint().Column == 0 {
			fd.orphans = append(fd.orphans, ch)
		}
		switch {
		case kindOf(ch) == kFuncDef:
			if ch.StartPoint().Column == 0 {
				fd.defs = append(fd.defs, placedAt(kids, i))
			}
			if ch.HasError() {
				fd.nested(ch, depth+1)
			}
		case kindOf(ch) == kCompound || kindOf(ch) == kPreprocCond || ch.HasError():
			fd.nested(ch, depth+1)
		}
	}
}
