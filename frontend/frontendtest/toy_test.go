package frontendtest

import (
	"bytes"
	"context"
	"strings"

	"github.com/suretydev/surety/frontend"
)

// toy is a line-based language for testing the harness without a real
// frontend. A file is a list of functions:
//
//	fn NAME [static] [decl] [entry] {
//	  call F          a direct call of F ("call (*fp)" is indirect);
//	                  "call f call h" is two calls on one line
//	  assert EXPR     a call of assert and an assert spec
//	  loop COND       a while loop
//	  bad             a syntax error
//	  wildcall F      a call whose span is the file's first byte (broken)
//	  wrongline F     a call whose span says line 99 (broken)
//	}
//
// "fn NAME decl" (no brace) is a prototype with params "x int, y int",
// result "int" and doc "g does things". Everything after "//" is a comment.
var toy = &frontend.Language{Name: "toy", Doc: "a toy language", Exts: []string{".toy"}, Parse: parseToy}

func parseToy(_ context.Context, src *frontend.Source, _ frontend.Mode) (*frontend.File, error) {
	f := &frontend.File{Path: src.Path, Language: "toy", Size: len(src.Content)}
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
		code := strings.TrimRight(text, " ")
		ind := len(code) - len(strings.TrimLeft(code, " "))
		span := func(from, to int) frontend.Span {
			return frontend.Span{File: src.Path, StartByte: off + from, EndByte: off + to, StartLine: line, EndLine: line}
		}
		words := strings.Fields(code)
		switch {
		case len(words) == 0:
		case words[0] == "fn":
			fn := &frontend.Function{Name: words[1], Kind: "function", Exported: true, Definition: true, Span: span(ind, len(code)), Signature: code}
			for _, w := range words[2:] {
				switch w {
				case "static":
					fn.Exported = false
				case "decl":
					fn.Definition, fn.Kind = false, "prototype"
					fn.Params = []frontend.Param{{Name: "x", Type: "int"}, {Name: "y", Type: "int"}}
					fn.Results = []frontend.Param{{Type: "int"}}
					fn.Doc = "g does things"
				case "entry":
					fn.Entry = true
				}
			}
			f.Functions = append(f.Functions, fn)
			if fn.Definition {
				cur = fn
				fn.Body = &frontend.Stmt{Kind: frontend.StmtBlock, Span: fn.Span}
			}
		case words[0] == "}" && cur != nil:
			cur.Span.EndByte, cur.Span.EndLine = off+len(code), line
			cur.Body.Span = cur.Span
			cur = nil
		case cur != nil:
			sp := span(ind, len(code))
			st := &frontend.Stmt{Kind: frontend.StmtSimple, Span: sp, Text: strings.TrimSpace(code)}
			switch words[0] {
			case "call":
				for j := 1; j < len(words); j += 2 {
					k := frontend.CallDirect
					if strings.HasPrefix(words[j], "(") {
						k = frontend.CallIndirect
					}
					cur.Calls = append(cur.Calls, &frontend.Call{Callee: words[j], Name: words[j], Kind: k, Span: sp})
				}
			case "assert":
				expr := strings.Join(words[1:], " ")
				cur.Calls = append(cur.Calls, &frontend.Call{Callee: "assert", Name: "assert", Span: sp})
				cur.Specs = append(cur.Specs, frontend.Spec{Kind: frontend.SpecAssert, Expr: expr, Form: "assert", Span: sp})
				st.Spec = &cur.Specs[len(cur.Specs)-1]
			case "loop":
				st = &frontend.Stmt{Kind: frontend.StmtLoop, LoopKind: "while", Cond: strings.Join(words[1:], " "), Span: sp}
			case "bad":
				f.Errors = append(f.Errors, frontend.SyntaxError{Span: sp, Msg: "syntax error"})
			case "wildcall":
				cur.Calls = append(cur.Calls, &frontend.Call{Callee: words[1], Span: frontend.Span{File: src.Path, StartByte: 0, EndByte: 1, StartLine: 1, EndLine: 1}})
			case "wrongline":
				bad := sp
				bad.StartLine, bad.EndLine = 99, 99
				cur.Calls = append(cur.Calls, &frontend.Call{Callee: words[1], Span: bad})
			}
			cur.Body.Body = append(cur.Body.Body, st)
		}
		off += len(raw)
	}
	return f, nil
}
