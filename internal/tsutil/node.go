package tsutil

// #include "node.h"
import "C"

import (
	"fmt"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// A Node is a syntax node read out of its tree in one C call, with its
// type, extent and child counts; asking the binding instead costs a cgo
// call per question, an allocation and an entry in the tree's node cache
// per node returned, and a C string per field name. On the Linux kernel
// the C frontend's file-scope reading took a fifth of what extraction
// adds to parsing in that overhead alone.
//
// A Node is a value: the zero Node, and what a lookup that finds nothing
// returns, is null (IsNull). Like the binding's nodes, a Node is valid
// only while its tree is open.
type Node struct{ c C.tsInfo }

// A Field is a grammar's field id; 0 is none.
type Field uint16

// FieldOf returns the id of the field called name in lang, or 0. Look ids
// up once per language: the binding's ChildByFieldName makes a C string
// of the name on every call.
func FieldOf(lang *sitter.Language, name string) Field {
	for i := 1; ; i++ {
		switch lang.FieldName(i) {
		case name:
			return Field(i)
		case "":
			return 0
		}
	}
}

// nodeLayout checks, once, that the binding's Node starts with the C node
// that NodeOf reads.
var nodeLayout = func() bool {
	var n sitter.Node
	return unsafe.Sizeof(n) == unsafe.Sizeof(C.tsNode{})+unsafe.Sizeof(uintptr(0))
}()

// NodeOf returns the Node of n, the null Node when n is nil.
func NodeOf(n *sitter.Node) Node {
	if n == nil {
		return Node{}
	}
	if !nodeLayout {
		panic(fmt.Sprintf("tsutil: the binding's Node has %d bytes: not a TSNode and a tree pointer", unsafe.Sizeof(*n)))
	}
	return Node{C.tsu_info(*(*C.tsNode)(unsafe.Pointer(n)))}
}

// IsNull reports whether n is no node.
func (n Node) IsNull() bool { return n.c.n.id == 0 }

// Symbol returns n's type as a symbol of its language.
func (n Node) Symbol() sitter.Symbol { return sitter.Symbol(n.c.sym) }

// Type returns n's type name.
func (n Node) Type() string {
	if n.IsNull() {
		return ""
	}
	return C.GoString(C.tsu_type(n.c.n))
}

// IsError reports whether n is an ERROR node.
func (n Node) IsError() bool { return !n.IsNull() && n.c.sym == 1<<16-1 }

// IsMissing reports whether the parser inserted n to recover from an
// error.
func (n Node) IsMissing() bool { return n.c.flags&C.tsMissing != 0 }

// IsNamed reports whether n is a named node, not punctuation or a
// keyword.
func (n Node) IsNamed() bool { return n.c.flags&C.tsNamed != 0 }

// HasError reports whether n is or holds a syntax error.
func (n Node) HasError() bool { return n.c.flags&C.tsHasError != 0 }

// StartByte and EndByte return n's extent in the source.
func (n Node) StartByte() uint32 { return uint32(n.c.start) }
func (n Node) EndByte() uint32   { return uint32(n.c.end) }

// StartPoint and EndPoint return n's extent as rows and columns from 0.
func (n Node) StartPoint() sitter.Point {
	return sitter.Point{Row: uint32(n.c.srow), Column: uint32(n.c.scol)}
}
func (n Node) EndPoint() sitter.Point {
	return sitter.Point{Row: uint32(n.c.erow), Column: uint32(n.c.ecol)}
}

// ChildCount and NamedChildCount return how many children n has, all or
// named only.
func (n Node) ChildCount() int      { return int(n.c.count) }
func (n Node) NamedChildCount() int { return int(n.c.named) }

// Child returns n's child i, null when there is none.
func (n Node) Child(i int) Node {
	if n.IsNull() || i < 0 || i >= n.ChildCount() {
		return Node{}
	}
	return Node{C.tsu_child(n.c.n, C.uint32_t(i))}
}

// NamedChild returns n's named child i, null when there is none.
func (n Node) NamedChild(i int) Node {
	if n.IsNull() || i < 0 || i >= n.NamedChildCount() {
		return Node{}
	}
	return Node{C.tsu_named_child(n.c.n, C.uint32_t(i))}
}

// ChildByField returns n's child in field f, null when there is none.
func (n Node) ChildByField(f Field) Node {
	if n.IsNull() || f == 0 {
		return Node{}
	}
	return Node{C.tsu_child_by_field(n.c.n, C.uint16_t(f))}
}

// FieldForChild returns the field of n's child i, 0 when it has none.
func (n Node) FieldForChild(i int) Field {
	if n.IsNull() || i < 0 || i >= n.ChildCount() {
		return 0
	}
	return Field(C.tsu_field_for_child(n.c.n, C.uint32_t(i)))
}

// PrevSibling and PrevNamedSibling return the sibling before n, any or
// named, null when there is none.
func (n Node) PrevSibling() Node {
	if n.IsNull() {
		return n
	}
	return Node{C.tsu_prev_sibling(n.c.n)}
}
func (n Node) PrevNamedSibling() Node {
	if n.IsNull() {
		return n
	}
	return Node{C.tsu_prev_named_sibling(n.c.n)}
}

// Children returns n's children in buf, reused when large enough: one C
// call for them all, where walking them with the binding's cursor takes
// two per child.
func (n Node) Children(buf []Node) []Node {
	k := n.ChildCount()
	if k == 0 {
		return buf[:0]
	}
	if cap(buf) < k {
		buf = make([]Node, k)
	}
	buf = buf[:k]
	got := int(C.tsu_children(n.c.n, &buf[0].c, C.size_t(k)))
	return buf[:min(got, k)]
}
