package bmc

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
)

// assertForms are the spellings of an assertion call statement whose first
// argument is the predicate: C's assert, SV-COMP's __VERIFIER_assert, and
// the engines' own __ESBMC_assert(c, msg) and __CPROVER_assert(c, msg).
var assertForms = map[string]bool{"assert": true, "__VERIFIER_assert": true, "__ESBMC_assert": true, "__CPROVER_assert": true}

// errorCalls are SV-COMP's error functions: a call statement of one is the
// assertion assert(0) at the call site (property unreach-call).
var errorCalls = regexp.MustCompile(`^(reach_error|__VERIFIER_error)\s*\(\s*\)\s*;$`)

// AssertionForms lists what ParseProgram recognises as an assertion, for
// messages that say what was looked for.
const AssertionForms = "assert(c), __VERIFIER_assert(c), __ESBMC_assert(c, msg), __CPROVER_assert(c, msg), " +
	"calls of reach_error() or __VERIFIER_error(), and calls of a function-like macro that expands to one of them"

// scan reads src through the C frontend: function definitions with their
// direct calls, and the assertion statements of their bodies.
func scan(file string, src []byte) (*scanned, error) {
	f, err := c.Parse(context.Background(), &frontend.Source{Path: file, Content: src},
		frontend.NeedCalls|frontend.NeedBodies|frontend.NeedSpecs)
	if err != nil {
		return nil, fmt.Errorf("bmc: parsing %s: %w", file, err)
	}
	if len(f.Errors) > 0 {
		e := f.Errors[0]
		return nil, &ParseError{file, e.Span.StartLine, fmt.Sprintf("%s near %q", e.Msg, firstLine(e.Span.Text(src)))}
	}
	macros := assertMacros(src)
	defined := map[string]bool{}
	for _, fn := range f.Functions {
		if fn.Definition {
			defined[fn.Name] = true
		}
	}
	out := &scanned{file: f}
	for _, fn := range f.Functions {
		if !fn.Definition {
			continue
		}
		rf := rawFunc{name: fn.Name, id: fn.ID(), start: fn.Span.StartByte, end: fn.Span.EndByte}
		for _, call := range fn.Calls {
			if call.Kind == frontend.CallDirect {
				rf.calls = append(rf.calls, rawCall{name: call.Name, start: call.Span.StartByte})
			}
		}
		out.funcs = append(out.funcs, rf)
		// The body of an assertion function (SV-COMP's own
		// __VERIFIER_assert, which calls reach_error) is the assertion's
		// meaning, not an assertion of its own: its callers' statements
		// are the assertions.
		wrapper := assertForms[fn.Name] || fn.Name == "reach_error" || fn.Name == "__VERIFIER_error"
		fn.Body.Walk(func(s *frontend.Stmt) bool {
			// reach_error() is a StmtThrow: the call leaves the function.
			if s.Kind != frontend.StmtSimple && s.Kind != frontend.StmtThrow || wrapper {
				return true
			}
			if s.Spec != nil && s.Spec.Kind == frontend.SpecAssert && assertForms[s.Spec.Form] {
				out.asserts = append(out.asserts, rawAssert{start: s.Span.StartByte, end: s.Span.EndByte, form: s.Spec.Form, pred: s.Spec.Expr})
				return true
			}
			text := strings.TrimSpace(s.Span.Text(src))
			if m := errorCalls.FindStringSubmatch(text); m != nil {
				out.asserts = append(out.asserts, rawAssert{start: s.Span.StartByte, end: s.Span.EndByte, form: m[1], pred: "0"})
				return true
			}
			if name, arg, ok := macroCall(text); ok && macros[name] && !defined[name] {
				out.asserts = append(out.asserts, rawAssert{start: s.Span.StartByte, end: s.Span.EndByte, form: name, pred: arg})
			}
			return true
		})
	}
	return out, nil
}

var (
	defineRE    = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(\s*([A-Za-z_]\w*)\s*\)[ \t]*((?:[^\n\\]|\\\n|\\.)*)`)
	macroCallRE = regexp.MustCompile(`^([A-Za-z_]\w*)\s*\(([\s\S]*)\)\s*;$`)
)

// assertMacros finds the function-like macros of one parameter that
// assert it: a body that is one of assertForms applied to the parameter,
// or `if (!(p)) reach_error()` and its variants.
func assertMacros(src []byte) map[string]bool {
	m := map[string]bool{}
	for _, d := range defineRE.FindAllSubmatch(src, -1) {
		name, param := string(d[1]), string(d[2])
		body := strings.Join(strings.Fields(strings.ReplaceAll(string(d[3]), "\\\n", " ")), " ")
		if assertForms[name] {
			continue // assert itself, redefined: its calls are assertions already
		}
		p := regexp.QuoteMeta(param)
		asserts := regexp.MustCompile(`^\(?\s*(assert|__VERIFIER_assert|__ESBMC_assert|__CPROVER_assert)\s*\(\s*\(*\s*` + p + `\s*\)*\s*(,[^)]*)?\)\s*\)?\s*;?$`)
		errs := regexp.MustCompile(`^(do\s*\{\s*)?if\s*\(\s*!\s*\(*\s*` + p + `\s*\)*\s*\)\s*\{?\s*(ERROR\s*:\s*)?\{?\s*(reach_error|__VERIFIER_error)\s*\(\s*\)\s*;?\s*(abort\s*\(\s*\)\s*;?)?\s*\}?\s*\}?\s*(\}\s*while\s*\(\s*0\s*\))?\s*;?$`)
		if asserts.MatchString(body) || errs.MatchString(body) {
			m[name] = true
		}
	}
	return m
}

// macroCall splits a statement `NAME(arg);` into the name and its one
// argument.
func macroCall(stmt string) (name, arg string, ok bool) {
	m := macroCallRE.FindStringSubmatch(stmt)
	if m == nil {
		return "", "", false
	}
	args := splitArgs(m[2] + ")")
	if len(args) != 1 {
		return "", "", false
	}
	return m[1], strings.TrimSpace(args[0]), true
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 40 {
		s = s[:40]
	}
	return s
}
