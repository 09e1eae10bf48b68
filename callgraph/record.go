package callgraph

import (
	"math"
	"strconv"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// The text fields of a function that a funcRecord keeps, by index.
const (
	textName = iota
	textModule
	textReceiver
	textTrait
	textParent
	textKind
	textResult
	nTexts
)

// fnText returns the text field i of f.
func fnText(f *frontend.Function, i int) string {
	switch i {
	case textName:
		return f.Name
	case textModule:
		return f.Module
	case textReceiver:
		return f.Receiver
	case textTrait:
		return f.Trait
	case textParent:
		return f.Parent
	case textKind:
		return f.Kind
	case textResult:
		return f.ResultType
	}
	return ""
}

// A funcRecord is what a Builder keeps of a function definition: the
// fields of frontend.Function the graph reads, in 96 bytes instead of
// the Function's 352. The name is kept as it is (most are unique); the
// other texts (module, receiver, trait, parent, kind, result type), which
// few values fill, are indices into a table the records share.
type funcRecord struct {
	texts *textTable
	file  string
	name  string
	// t[i-1] indexes texts for the text field i (textModule...).
	t                      [nTexts - 1]int32
	startByte, endByte     int32
	startLine, endLine     int32
	startCol, endCol       int32
	exported, entry, ghost bool
	definition, fileLocal  bool
}

// A textTable interns the texts of funcRecords. Index 0 is "".
type textTable struct {
	ids   map[string]int32
	texts []string
}

func newTextTable() *textTable {
	return &textTable{ids: map[string]int32{"": 0}, texts: []string{""}}
}

// id returns the index of s, adding it when new. The caller serializes
// calls.
func (tt *textTable) id(s string) int32 {
	if id, ok := tt.ids[s]; ok {
		return id
	}
	id := int32(len(tt.texts))
	s = strings.Clone(s)
	tt.texts = append(tt.texts, s)
	tt.ids[s] = id
	return id
}

// fitsRecord reports whether the numbers of fn's span fit a funcRecord.
func fitsRecord(fn *frontend.Function) bool {
	sp := fn.Span
	for _, v := range [...]int{sp.StartByte, sp.EndByte, sp.StartLine, sp.EndLine, sp.StartCol, sp.EndCol} {
		if v < math.MinInt32 || v > math.MaxInt32 {
			return false
		}
	}
	return true
}

// set sets r to fn, its texts interned in tt and its file's path as
// file (one copy for the file's functions). fn must fit (fitsRecord).
func (r *funcRecord) set(fn *frontend.Function, tt *textTable, file string) {
	sp := fn.Span
	if sp.File != file {
		file = sp.File
	}
	*r = funcRecord{texts: tt, file: file, name: fn.Name,
		startByte: int32(sp.StartByte), endByte: int32(sp.EndByte), startLine: int32(sp.StartLine),
		endLine: int32(sp.EndLine), startCol: int32(sp.StartCol), endCol: int32(sp.EndCol),
		exported: fn.Exported, entry: fn.Entry, ghost: fn.Ghost, definition: fn.Definition, fileLocal: fn.FileLocal}
	for i := textModule; i < nTexts; i++ {
		r.t[i-1] = tt.id(fnText(fn, i))
	}
}

// text returns the text field i.
func (r *funcRecord) text(i int) string {
	if i == textName {
		return r.name
	}
	return r.texts.texts[r.t[i-1]]
}

// qualifiedName is frontend.Function.QualifiedName of the record.
func (r *funcRecord) qualifiedName() string {
	if r.t[textModule-1] == 0 && r.t[textReceiver-1] == 0 && r.t[textParent-1] == 0 {
		return r.name // a C function: no copy
	}
	f := frontend.Function{Name: r.name, Module: r.text(textModule), Receiver: r.text(textReceiver), Parent: r.text(textParent)}
	return f.QualifiedName()
}

// function makes the frontend.Function the record was made of, less what
// a Builder drops.
func (r *funcRecord) function() *frontend.Function {
	return &frontend.Function{Name: r.name, Receiver: r.text(textReceiver), Trait: r.text(textTrait),
		Module: r.text(textModule), Parent: r.text(textParent), Kind: r.text(textKind),
		Span: frontend.Span{File: r.file, StartByte: int(r.startByte), EndByte: int(r.endByte),
			StartLine: int(r.startLine), EndLine: int(r.endLine), StartCol: int(r.startCol), EndCol: int(r.endCol)},
		Exported: r.exported, Entry: r.entry, Definition: r.definition, Ghost: r.ghost,
		ResultType: r.text(textResult), FileLocal: r.fileLocal}
}

// A funcRef is a function as a Builder keeps it: a record, or the whole
// (slimmed) function when its span does not fit one.
type funcRef struct {
	fn  *frontend.Function
	rec *funcRecord
}

// function returns the function ref stands for.
func (ref funcRef) function() *frontend.Function {
	if ref.fn != nil {
		return ref.fn
	}
	return ref.rec.function()
}

// id returns frontend.Function.ID of the record.
func (r *funcRecord) id() string {
	return r.file + ":" + r.qualifiedName() + "@" + strconv.Itoa(int(r.startLine))
}
