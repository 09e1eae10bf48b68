package dafny

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/tsutil"
)

// An Outline is what a Dafny-specific tool needs beyond the
// language-neutral model Parse fills: the include directives, the
// datatypes with their constructors, and the attributes that Parse skips.
// The completeness checker (package complete) reads it next to Parse's
// functions, so that Dafny is parsed one way only.
type Outline struct {
	Includes  []Include
	Datatypes []Datatype // in source order, nested modules included
	// Attributes lists every {:name args} and @Name(args) of the file, in
	// source order, wherever it stands (on a declaration, a clause, a
	// statement); comments and strings never yield one.
	Attributes []Attribute
	Errors     []frontend.SyntaxError
}

// An Include is one include directive.
type Include struct {
	Path string // as written, without quotes
	Span frontend.Span
}

// A Datatype is a datatype or codatatype declaration.
type Datatype struct {
	Name string
	// Module is the enclosing module path, as Function.Module; "" at top
	// level.
	Module     string
	Co         bool     // a codatatype
	TypeParams []string // names of its type parameters
	Ctors      []Constructor
	Span       frontend.Span
}

// A Constructor is one constructor of a datatype, with its fields in
// order; a field without a name has Name "".
type Constructor struct {
	Name   string
	Fields []frontend.Param
}

// An Attribute is {:Name Args} or, in Dafny 4.9's spelling, @Name(Args).
type Attribute struct {
	Name string // "axiom", "verify", "opaque", "Axiom" ...
	Args string // the rest as written, trimmed: "false", `"r1 == r2"`
	At   bool   // written @Name
	Span frontend.Span
}

// ParseOutline reads the Outline of one Dafny file. Like Parse it never
// panics, and syntax errors are listed in Outline.Errors without stopping
// the rest of the file from being read.
func ParseOutline(ctx context.Context, src *frontend.Source) (o *Outline, err error) {
	if err := frontend.CheckText(src.Content); err != nil {
		return nil, fmt.Errorf("dafny: %s: %w", src.Path, err)
	}
	defer func() {
		if r := recover(); r != nil {
			o, err = nil, fmt.Errorf("dafny: %s: internal error: %v", src.Path, r)
		}
	}()
	o = &Outline{}
	err = tsutil.Parse(ctx, language, src.Content, func(root *sitter.Node) error {
		o.Errors = tsutil.Errors(src.Path, root)
		w := &outliner{path: src.Path, src: src.Content, o: o}
		w.walk(root, "")
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("dafny: %s: %w", src.Path, err)
	}
	return o, nil
}

type outliner struct {
	path string
	src  []byte
	o    *Outline
}

func (w *outliner) text(n *sitter.Node) string { return tsutil.Text(n, w.src) }

// walk visits every node under n (extras included) in source order,
// inside module.
func (w *outliner) walk(n *sitter.Node, module string) {
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		switch c.Type() {
		case "attribute", "annotation":
			w.attribute(c)
			continue
		case "include_directive":
			if s := c.NamedChild(0); s != nil {
				p := w.text(s)
				if u, err := strconv.Unquote(p); err == nil {
					p = u
				} else {
					p = strings.Trim(p, `"`)
				}
				w.o.Includes = append(w.o.Includes, Include{Path: p, Span: tsutil.Span(w.path, c)})
			}
		case "module_declaration":
			name := w.text(c.ChildByFieldName("name"))
			if module != "" {
				name = module + "." + name
			}
			w.walk(c, name)
			continue
		case "datatype_declaration":
			w.datatype(c, module)
		}
		if c.ChildCount() > 0 {
			w.walk(c, module)
		}
	}
}

func (w *outliner) attribute(n *sitter.Node) {
	t := w.text(n)
	a := Attribute{Span: tsutil.Span(w.path, n)}
	if rest, ok := strings.CutPrefix(t, "@"); ok {
		a.At = true
		a.Name, a.Args, _ = strings.Cut(rest, "(")
		a.Args = strings.TrimSpace(strings.TrimSuffix(a.Args, ")"))
	} else {
		body := strings.TrimSuffix(strings.TrimPrefix(t, "{:"), "}")
		body = strings.TrimSpace(body)
		end := strings.IndexFunc(body, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' })
		if end < 0 {
			end = len(body)
		}
		a.Name, a.Args = body[:end], strings.TrimSpace(body[end:])
	}
	w.o.Attributes = append(w.o.Attributes, a)
}

func (w *outliner) datatype(n *sitter.Node, module string) {
	d := Datatype{Name: w.text(n.ChildByFieldName("name")), Module: module, Span: tsutil.Span(w.path, n)}
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		switch c.Type() {
		case "codatatype":
			d.Co = true
		case "type_parameters":
			for j := 0; j < int(c.NamedChildCount()); j++ {
				if p := c.NamedChild(j); p.Type() == "identifier" {
					d.TypeParams = append(d.TypeParams, w.text(p))
				}
			}
		case "constructor":
			ct := Constructor{Name: w.text(c.ChildByFieldName("name"))}
			for j := 0; j < int(c.NamedChildCount()); j++ {
				if f := c.NamedChild(j); f.Type() == "datatype_formal" {
					ct.Fields = append(ct.Fields, w.formal(f))
				}
			}
			d.Ctors = append(d.Ctors, ct)
		}
	}
	w.o.Datatypes = append(w.o.Datatypes, d)
}

// formal reads "name: Type", "ghost name: Type" or a bare type.
func (w *outliner) formal(n *sitter.Node) frontend.Param {
	name := n.ChildByFieldName("name")
	var p frontend.Param
	from := n.StartByte()
	if name != nil {
		p.Name = w.text(name)
		from = name.EndByte()
	}
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		if c.Type() == "ghost" || c.Type() == ":" {
			from = max(from, c.EndByte())
		}
	}
	p.Type = collapse(string(w.src[from:n.EndByte()]))
	return p
}
