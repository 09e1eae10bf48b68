package tsutil

import (
	"context"
	"fmt"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	tsc "github.com/smacker/go-tree-sitter/c"
)

// nodeSample has fields, K&R parameters, comments, a preprocessor
// conditional and syntax errors (a missing semicolon, a stray token).
const nodeSample = `/* doc */
static int *f(int a, char (*g)(void)) { return g ? a : 0; }
int k(a, b) int a; long b; { return a + b }
#ifdef X
struct s { int (*op)(int); } v = { .op = 0 };
#endif
void h(void) { int x = 1 +; }
`

// TestNodeMatchesBinding walks a whole tree twice, with the binding's
// nodes and with Nodes, and checks that every question gets the same
// answer from both.
func TestNodeMatchesBinding(t *testing.T) {
	lang := tsc.GetLanguage()
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(lang)
	tree, err := p.ParseCtx(context.Background(), nil, []byte(nodeSample))
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	var fields []string
	for i := 1; lang.FieldName(i) != ""; i++ {
		fields = append(fields, lang.FieldName(i))
	}
	if len(fields) == 0 || FieldOf(lang, "declarator") == 0 || FieldOf(lang, "no such field") != 0 {
		t.Fatalf("FieldOf: %d fields, declarator %d", len(fields), FieldOf(lang, "declarator"))
	}
	seen := 0
	var check func(b *sitter.Node, n Node)
	check = func(b *sitter.Node, n Node) {
		seen++
		if n.IsNull() {
			t.Fatalf("%s: null Node", b.Type())
		}
		if n.Symbol() != b.Symbol() || n.Type() != b.Type() || n.StartByte() != b.StartByte() || n.EndByte() != b.EndByte() ||
			n.StartPoint() != b.StartPoint() || n.EndPoint() != b.EndPoint() || n.ChildCount() != int(b.ChildCount()) ||
			n.NamedChildCount() != int(b.NamedChildCount()) || n.IsNamed() != b.IsNamed() || n.IsMissing() != b.IsMissing() ||
			n.IsError() != b.IsError() || n.HasError() != b.HasError() {
			t.Fatalf("%s at %d: Node and binding differ", b.Type(), b.StartByte())
		}
		same := func(what string, bn *sitter.Node, nn Node) {
			if (bn == nil) != nn.IsNull() || bn != nil && (bn.StartByte() != nn.StartByte() || bn.EndByte() != nn.EndByte() || bn.Symbol() != nn.Symbol()) {
				t.Fatalf("%s at %d: %s differs", b.Type(), b.StartByte(), what)
			}
		}
		same("PrevSibling", b.PrevSibling(), n.PrevSibling())
		same("PrevNamedSibling", b.PrevNamedSibling(), n.PrevNamedSibling())
		for _, f := range fields {
			same("field "+f, b.ChildByFieldName(f), n.ChildByField(FieldOf(lang, f)))
		}
		for i := range int(b.NamedChildCount()) {
			same("NamedChild", b.NamedChild(i), n.NamedChild(i))
		}
		kids := n.Children(nil)
		if len(kids) != int(b.ChildCount()) {
			t.Fatalf("%s: %d children, binding %d", b.Type(), len(kids), b.ChildCount())
		}
		for i, k := range kids {
			same("Child", b.Child(i), n.Child(i))
			if name, f := b.FieldNameForChild(i), n.FieldForChild(i); name != "" && f != FieldOf(lang, name) || name == "" && f != 0 {
				t.Fatalf("%s: child %d in field %q, Node says %d", b.Type(), i, name, f)
			}
			check(b.Child(i), k)
		}
	}
	root := tree.RootNode()
	check(root, NodeOf(root))
	if seen < 100 || !root.HasError() {
		t.Fatalf("%d nodes, errors %v: the sample is not what the test needs", seen, root.HasError())
	}
	if !NodeOf(nil).IsNull() || !(Node{}).IsNull() || !NodeOf(root).Child(1000).IsNull() || (Node{}).Type() != "" {
		t.Error("a missing node is not null")
	}
	var msgs []string
	for _, e := range NodeErrors("f.c", NodeOf(root)) {
		msgs = append(msgs, fmt.Sprintf("%d:%s", e.Span.StartLine, e.Msg))
	}
	if got, want := strings.Join(msgs, " "), "3:missing ; 7:syntax error"; got != want {
		t.Errorf("NodeErrors: %s, want %s", got, want)
	}
}
