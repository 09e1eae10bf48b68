package main

import "fmt"

type checker struct {
	file        string
	toks        []token
	pos         int
	scopes      []map[string]bool
	diags       []string
	unsupported bool
}

var typeWords = map[string]bool{"int": true, "char": true, "void": true, "long": true, "short": true,
	"unsigned": true, "signed": true, "float": true, "double": true, "bool": true, "const": true,
	"static": true, "extern": true, "volatile": true, "register": true, "auto": true, "inline": true, "restrict": true}

// constWords are keywords that are values.
var constWords = map[string]bool{"nullptr": true, "true": true, "false": true}

func (c *checker) peek() *token {
	if c.pos < len(c.toks) {
		return &c.toks[c.pos]
	}
	return nil
}

func (c *checker) is(text string) bool {
	t := c.peek()
	return t != nil && (t.kind == tPunct || t.kind == tKeyword) && t.text == text
}

func (c *checker) errorf(t *token, format string, args ...any) {
	line, col := 0, 0
	if t != nil {
		line, col = t.line, t.col
	} else if n := len(c.toks); n > 0 {
		line, col = c.toks[n-1].line, c.toks[n-1].col
	}
	c.diags = append(c.diags, fmt.Sprintf("%s:%d:%d: error: %s", c.file, line, col, fmt.Sprintf(format, args...)))
}

func (c *checker) unsupportedf(t *token, what string) {
	c.errorf(t, "toycc does not support %s", what)
	c.unsupported = true
	c.pos = len(c.toks)
}

func (c *checker) expect(text string) bool {
	if c.is(text) {
		c.pos++
		return true
	}
	t := c.peek()
	got := "end of file"
	if t != nil {
		got = "'" + t.text + "'"
	}
	c.errorf(t, "expected '%s' before %s", text, got)
	c.pos = len(c.toks)
	return false
}

func (c *checker) declare(name string) { c.scopes[len(c.scopes)-1][name] = true }

func (c *checker) declared(name string) bool {
	for i := len(c.scopes) - 1; i >= 0; i-- {
		if c.scopes[i][name] {
			return true
		}
	}
	return false
}

// typeSpec consumes type words and pointer stars; it reports whether any
// type word was there.
func (c *checker) typeSpec() bool {
	n := 0
	for t := c.peek(); t != nil && t.kind == tKeyword && typeWords[t.text]; t = c.peek() {
		c.pos++
		n++
	}
	return n > 0
}

func (c *checker) stars() {
	for c.is("*") {
		c.pos++
	}
}

func (c *checker) ident() *token {
	t := c.peek()
	if t == nil || t.kind != tIdent {
		got := "end of file"
		if t != nil {
			got = "'" + t.text + "'"
		}
		c.errorf(t, "expected identifier before %s", got)
		c.pos = len(c.toks)
		return nil
	}
	c.pos++
	return t
}

// unit: function definitions and declarations.
func (c *checker) unit() {
	for c.peek() != nil && !c.unsupported {
		if !c.typeSpec() {
			c.unsupportedf(c.peek(), "this top-level construct")
			return
		}
		c.stars()
		name := c.ident()
		if name == nil {
			return
		}
		c.declare(name.text)
		if !c.expect("(") {
			return
		}
		c.scopes = append(c.scopes, map[string]bool{})
		for !c.is(")") && c.peek() != nil {
			if !c.typeSpec() {
				c.unsupportedf(c.peek(), "this parameter")
				return
			}
			c.stars()
			if t := c.peek(); t != nil && t.kind == tIdent {
				c.declare(t.text)
				c.pos++
			}
			if c.is(",") {
				c.pos++
			}
		}
		if !c.expect(")") {
			return
		}
		if c.is(";") {
			c.pos++
			c.scopes = c.scopes[:len(c.scopes)-1]
			continue
		}
		c.block()
		c.scopes = c.scopes[:len(c.scopes)-1]
	}
}

func (c *checker) block() {
	if !c.expect("{") {
		return
	}
	c.scopes = append(c.scopes, map[string]bool{})
	for !c.is("}") && c.peek() != nil && !c.unsupported {
		c.stmt()
	}
	c.scopes = c.scopes[:len(c.scopes)-1]
	c.expect("}")
}

func (c *checker) stmt() {
	t := c.peek()
	switch {
	case c.is("{"):
		c.block()
	case c.is(";"):
		c.pos++
	case c.is("return"):
		c.pos++
		if !c.is(";") {
			c.expr()
		}
		c.expect(";")
	case c.is("if"), c.is("while"):
		word := t.text
		c.pos++
		c.expect("(")
		c.expr()
		c.expect(")")
		c.stmt()
		if word == "if" && c.is("else") {
			c.pos++
			c.stmt()
		}
	case t.kind == tKeyword && typeWords[t.text]:
		c.typeSpec()
		for {
			c.stars()
			name := c.ident()
			if name == nil {
				return
			}
			if c.is("=") {
				c.pos++
				c.expr()
			}
			c.declare(name.text) // in scope after its declarator, as in C
			if !c.is(",") {
				break
			}
			c.pos++
		}
		c.expect(";")
	case t.kind == tKeyword && !constWords[t.text] && t.text != "sizeof":
		c.unsupportedf(t, "'"+t.text+"' statements")
	default:
		c.expr()
		c.expect(";")
	}
}

// expr checks an expression: tokens up to an unbalanced ')', or ';' or
// ',' at depth 0; every identifier must be declared.
func (c *checker) expr() {
	depth := 0
	for t := c.peek(); t != nil; t = c.peek() {
		if t.kind == tPunct {
			switch t.text {
			case "(":
				depth++
			case ")":
				if depth == 0 {
					return
				}
				depth--
			case ";", "{", "}":
				return
			case ",":
				if depth == 0 {
					return
				}
			}
		}
		if t.kind == tIdent && !c.declared(t.text) {
			c.errorf(t, "use of undeclared identifier '%s'", t.text)
		}
		if t.kind == tKeyword && !constWords[t.text] && t.text != "sizeof" && !typeWords[t.text] {
			c.errorf(t, "expected expression before '%s'", t.text)
		}
		c.pos++
	}
}
