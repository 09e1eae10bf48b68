package c

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// One tree-sitter query finds everything extraction needs, so that each
// tree is traversed once: a traversal costs about a quarter of the parse,
// whatever the patterns.

// funcPatterns find definitions, file-scope prototypes (and local ones,
// dropped later) and bodies left without a head (a head split by #ifdef,
// or a macro standing for a head).
const funcPatterns = `
(function_definition) @def
(declaration declarator: (function_declarator declarator: (identifier)) @top) @proto
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier))) @top) @proto
(declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier)))) @top) @proto
(translation_unit (compound_statement) @orphan)
(preproc_ifdef (compound_statement) @orphan)
(preproc_if (compound_statement) @orphan)
(preproc_else (compound_statement) @orphan)
(preproc_elif (compound_statement) @orphan)
`

// callPatterns find call sites and the variables that may be called:
// those declared through a pointer declarator in parentheses
// (int (*fp)(int)) and those of a typedef'd type (handler_t h), which may
// be a function pointer type. Parameters come from the parameter lists.
const callPatterns = `
(call_expression function: (_) @callee) @call
(parenthesized_declarator (pointer_declarator declarator: (identifier) @var))
(declaration type: (type_identifier) declarator: (identifier) @var)
(declaration type: (type_identifier) declarator: (init_declarator declarator: (identifier) @var))
(declaration type: (type_identifier) declarator: (pointer_declarator declarator: (identifier) @var))
(declaration type: (type_identifier) declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @var)))
`

// storePatterns find functions stored where an indirect call may read
// them: assigned to a variable or field (fp = f, s->op = &f), or given
// as a variable's or designated field's initializer (.op = f).
const storePatterns = `
(assignment_expression left: (identifier) @slot right: [(identifier) (pointer_expression argument: (identifier))] @fnval)
(assignment_expression left: (field_expression field: (field_identifier) @slot) right: [(identifier) (pointer_expression argument: (identifier))] @fnval)
(initializer_pair designator: (field_designator (field_identifier) @slot) value: [(identifier) (pointer_expression argument: (identifier))] @fnval)
(init_declarator declarator: (identifier) @slot value: [(identifier) (pointer_expression argument: (identifier))] @fnval)
(init_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @slot))) value: [(identifier) (pointer_expression argument: (identifier))] @fnval)
(init_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @slot)) value: [(identifier) (pointer_expression argument: (identifier))] @fnval)
`

// role is what a capture stands for.
type role uint8

const (
	rNone role = iota
	rDef
	rProto
	rTop
	rOrphan
	rCall
	rCallee
	rVar
	rSlot
	rFnVal
)

var roleNames = map[string]role{
	"def": rDef, "proto": rProto, "top": rTop, "orphan": rOrphan,
	"call": rCall, "callee": rCallee, "var": rVar, "slot": rSlot, "fnval": rFnVal,
}

// query is a compiled query with the role of each capture index.
type query struct {
	q     *sitter.Query
	roles []role
}

var (
	funcQuery = newQuery(funcPatterns)
	allQuery  = newQuery(funcPatterns + callPatterns + storePatterns)
)

func newQuery(src string) *query {
	q, err := sitter.NewQuery([]byte(src), lang)
	if err != nil {
		panic("c: bad query: " + err.Error())
	}
	roles := make([]role, q.CaptureCount())
	for i := range roles {
		roles[i] = roleNames[q.CaptureNameForId(uint32(i))]
	}
	return &query{q, roles}
}

// found is what a query found in one tree; the nodes are valid while the
// tree is open.
type found struct {
	defs, orphans, vars []*sitter.Node
	protos              [][2]*sitter.Node // declaration, top declarator
	calls               [][2]*sitter.Node // call, callee
	stores              [][2]*sitter.Node // slot, function value
}

// collect runs q over the tree under root.
func collect(q *query, root *sitter.Node) *found {
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q.q, root)
	f := &found{}
	for {
		m, ok := qc.NextMatch()
		if !ok {
			return f
		}
		var pair [2]*sitter.Node
		kind := rNone
		for _, c := range m.Captures {
			switch r := q.roles[c.Index]; r {
			case rDef:
				f.defs = append(f.defs, c.Node)
			case rOrphan:
				f.orphans = append(f.orphans, c.Node)
			case rVar:
				f.vars = append(f.vars, c.Node)
			case rProto, rCall, rSlot:
				pair[0], kind = c.Node, r
			case rTop, rCallee, rFnVal:
				pair[1] = c.Node
			}
		}
		switch {
		case kind == rProto && pair[1] != nil:
			f.protos = append(f.protos, pair)
		case kind == rCall && pair[1] != nil:
			f.calls = append(f.calls, pair)
		case kind == rSlot && pair[1] != nil:
			f.stores = append(f.stores, pair)
		}
	}
}
