// Package calc is a toy frontend, written outside surety's module to show
// how a plug-in registers through the public API: importing it registers
// the language "calc" (files *.calc) with frontend.Register.
//
// A calc file holds one statement a line; "//" starts a comment:
//
//	fn NAME         starts the function NAME, which runs to the line
//	                before the next fn (or the end of the file)
//	call F          calls F
//	assert EXPR     asserts EXPR
//	NAME = EXPR     assigns EXPR to NAME
//
// Anything else inside a function is a syntax error; a statement before
// the first fn is one too.
package calc

import (
	"bytes"
	"context"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// Language is the calc frontend.
var Language = &frontend.Language{Name: "calc", Doc: "a toy language, one statement a line", Exts: []string{".calc"}, Parse: Parse}

func init() { frontend.Register("calc", Language) }

// Parse reads one calc file. It never fails: what it cannot read is a
// syntax error of the file.
func Parse(_ context.Context, src *frontend.Source, _ frontend.Mode) (*frontend.File, error) {
	f := &frontend.File{Path: src.Path, Language: "calc", Size: len(src.Content)}
	f.Lines = bytes.Count(src.Content, []byte("\n"))
	if len(src.Content) > 0 && src.Content[len(src.Content)-1] != '\n' {
		f.Lines++
	}
	var cur *frontend.Function
	off := 0
	for i, raw := range strings.SplitAfter(string(src.Content), "\n") {
		line := i + 1
		text := strings.TrimRight(raw, "\n")
		if c := strings.Index(text, "//"); c >= 0 {
			text = text[:c]
		}
		code := strings.TrimRight(text, " \t\r")
		ind := len(code) - len(strings.TrimLeft(code, " \t"))
		span := frontend.Span{File: src.Path, StartByte: off + ind, EndByte: off + len(code), StartLine: line, EndLine: line}
		off += len(raw)
		words := strings.Fields(code)
		switch {
		case len(words) == 0:
			continue
		case words[0] == "fn" && len(words) == 2:
			cur = &frontend.Function{Name: words[1], Kind: "function", Exported: true, Definition: true,
				Entry: words[1] == "main", Span: span, Signature: code[ind:]}
			cur.Body = &frontend.Stmt{Kind: frontend.StmtBlock, Span: span}
			f.Functions = append(f.Functions, cur)
			continue
		case cur == nil:
			f.Errors = append(f.Errors, frontend.SyntaxError{Span: span, Msg: "statement outside a function"})
			continue
		}
		// The function runs to its last statement.
		cur.Span.EndByte, cur.Span.EndLine = span.EndByte, line
		cur.Body.Span = cur.Span
		st := &frontend.Stmt{Kind: frontend.StmtSimple, Span: span, Text: code[ind:]}
		switch {
		case words[0] == "call" && len(words) == 2:
			cur.Calls = append(cur.Calls, &frontend.Call{Callee: words[1], Name: words[1], Kind: frontend.CallDirect, Span: span})
		case words[0] == "assert" && len(words) > 1:
			cur.Specs = append(cur.Specs, frontend.Spec{Kind: frontend.SpecAssert, Expr: strings.Join(words[1:], " "), Form: "assert", Span: span})
			st.Spec = &cur.Specs[len(cur.Specs)-1]
		case len(words) > 2 && words[1] == "=":
		default:
			f.Errors = append(f.Errors, frontend.SyntaxError{Span: span, Msg: "unknown statement " + words[0]})
		}
		cur.Body.Body = append(cur.Body.Body, st)
	}
	return f, nil
}
