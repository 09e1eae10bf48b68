package bmc

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// An Uninitialised is what a replay needs to give the locals declared
// without an initialiser the values a counterexample chose for them.
// C leaves such a local indeterminate, and reading it is undefined
// behaviour; CBMC, ESBMC and the native engine read it as any value of
// its type, and their counterexamples can rest on the value they chose,
// which a compiled run does not take. The replay adds an initialiser to
// each such declaration of the rendered program, `int x;` on line L
// becoming `int x = (__typeof__(x))__surety_uninit_N();`, where the
// harness's N-th function returns the counterexample's values for that
// declaration in the order its executions took them (0 past them). A
// declaration the counterexample runs once gets its value as a constant,
// `int x = (__typeof__(x))(long double)(-1LL);`, which a declaration at
// file scope needs: an extern variable no file defines, which the
// verifiers read as any value, becomes its definition.
type Uninitialised struct {
	// Src is the rendered program with the initialisers added, line for
	// line the one given.
	Src []byte
	// Decls declares the harness's functions; it goes before Src.
	Decls string
	// Harness defines them; it goes with the replay's harness.
	Harness string
	// Given names the declarations that got their values, "x (line 3)".
	Given []string
}

// InitUninit adds to the rendered program src the initialisers that give
// the counterexample inputs marked Uninit their values. A declaration is
// given its values only where its line in src names the variable exactly
// once as a declarator without an initialiser (NAME followed by , or ;)
// and every value is a C number: the others keep their indeterminate
// values, and a run that needs them does not reproduce the claim.
func InitUninit(src []byte, inputs []Input) *Uninitialised {
	type decl struct {
		name string
		line int
	}
	vals := map[decl][]string{}
	var order []decl
	for _, in := range inputs {
		if !in.Uninit {
			continue
		}
		d := decl{in.Name, in.Line}
		if _, ok := vals[d]; !ok {
			order = append(order, d)
		}
		vals[d] = append(vals[d], in.Value)
	}
	u := &Uninitialised{Src: src}
	if len(order) == 0 {
		return u
	}
	lines := bytes.SplitAfter(src, []byte("\n"))
	var decls, harness strings.Builder
	for _, d := range order {
		if d.line < 1 || d.line > len(lines) || identRE.FindString(d.name) != d.name {
			continue
		}
		lits, ok := uninitLiterals(vals[d])
		if !ok {
			continue
		}
		at := regexp.MustCompile(`\b`+regexp.QuoteMeta(d.name)+`\s*[,;]`).FindAllIndex(lines[d.line-1], -1)
		if len(at) != 1 {
			continue
		}
		ln := lines[d.line-1]
		end := at[0][0] + len(d.name)
		init := fmt.Sprintf(" = (__typeof__(%s))%s", d.name, lits[0])
		if len(lits) > 1 {
			fn := fmt.Sprintf("__surety_uninit_%d", len(u.Given)+1)
			init = fmt.Sprintf(" = (__typeof__(%s))%s()", d.name, fn)
			fmt.Fprintf(&decls, "long double %s(void);\n", fn)
			fmt.Fprintf(&harness, "long double %s(void) {\n\tstatic const long double v[] = {%s};\n\tstatic unsigned i;\n", fn, strings.Join(lits, ", "))
			harness.WriteString("\treturn i < sizeof v / sizeof v[0] ? v[i++] : 0;\n}\n")
		}
		lines[d.line-1] = append(append(append([]byte(nil), ln[:end]...), init...), ln[end:]...)
		u.Given = append(u.Given, fmt.Sprintf("%s (line %d)", d.name, d.line))
	}
	if len(u.Given) > 0 {
		u.Src = bytes.Join(lines, nil)
		u.Decls, u.Harness = decls.String(), harness.String()
	}
	return u
}

// uninitLiterals writes an uninitialised local's values as long double
// constants, which hold every value of every C integer type (the x86-64
// long double has a 64-bit significand) and every double exactly, so
// that the cast to the variable's type gives the value chosen.
func uninitLiterals(vals []string) ([]string, bool) {
	out := make([]string, len(vals))
	for i, v := range vals {
		lit, ok := cLiteral(v)
		if !ok || charLitRE.MatchString(lit) {
			return nil, false
		}
		if intLitRE.MatchString(lit) && strings.TrimRight(lit, "uUlL") == lit {
			// Unsuffixed: the widest type, so that no value overflows.
			if strings.HasPrefix(lit, "-") {
				lit += "LL"
			} else {
				lit += "ULL"
			}
		}
		out[i] = "(long double)(" + lit + ")"
	}
	return out, true
}

// UninitReads is the assumption a counterexample rests on when its run
// reads locals declared without an initialiser, in words; "" when it
// reads none. Such a run is a run of C only under the verifiers'
// reading of an indeterminate value, so a FALSIFIED answer on it says so.
func UninitReads(cex *Counterexample) string {
	if cex == nil {
		return ""
	}
	var names []string
	seen := map[string]bool{}
	for _, in := range cex.Inputs {
		n := fmt.Sprintf("%s (line %d)", in.Name, in.Line)
		if in.Uninit && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "the variables declared without an initialiser, " + strings.Join(names, ", ") +
		", hold the counterexample's values when read: C leaves a local indeterminate (reading one is undefined behaviour) and an extern variable no file defines does not link; CBMC and ESBMC let them hold any value of their type, and the replay gave them those values"
}
