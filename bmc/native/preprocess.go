package native

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// The engine reads what the compiler reads: the program's text goes
// through the system's C preprocessor (gcc -E, with the program's -D and
// -I and the directory of its file for #include "..."), and the typed
// tree is built from the result. Three things must survive it.
//
//   - Lines. Every reason, counterexample and witness names the user's
//     line, so the preprocessed text is laid out again from gcc's line
//     markers: what gcc took from line L of the program stands on line L
//     (the pieces of one line joined by spaces), what it took from a
//     header the program includes with "..." stands on the line of its
//     outermost #include, and what it took from a system header (marker
//     flag 3) is dropped: the engine knows the C library by name, and the
//     expansions of its macros (NULL, INT_MAX, EOF, bool, ...) stand on
//     the user's line like any other text. Line directives the program
//     writes itself (SV-COMP's .i files begin with them) are blanked
//     first, so that the markers name the program's physical lines.
//   - Assertions. bmc.Program.Asserts are byte ranges of the original
//     text. The callee of each assertion statement is renamed to a marker
//     (__surety_A<i>_) that no macro touches, gcc expands its predicate,
//     and the marker is renamed back in the laid-out text, whose offset of
//     the statement's start becomes the assertion's. So assert's own
//     macro (assert.h) never expands over an assertion, as bmc.Query.Render
//     replaces the statement before gcc compiles it.
//   - The variant switch (bmc.Switch) is a global variable found by name,
//     which the preprocessor leaves alone.
//
// <ctype.h>'s functions are read as calls: __NO_CTYPE keeps glibc from
// defining them as macros over its locale tables, which compute the same
// values in the C locale.

// ppLines is how many lines of gcc's diagnostics a failed preprocessing
// reports.
const ppLines = 3

// markerRE matches gcc's line markers: # LINE "FILE" FLAGS.
var markerRE = regexp.MustCompile(`^# (\d+) "((?:[^"\\]|\\.)*)"((?: \d+)*)\s*$`)

// userLineRE matches a line directive the program writes itself
// (#line N "file", or the marker form # N "file").
var userLineRE = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*(?:line[ \t]+)?\d+[^\n]*$`)

// packPragmaRE matches a #pragma pack line of gcc's output.
var packPragmaRE = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*pragma[ \t]+pack\b`)

// assertMarkRE matches the renamed callee of an assertion statement.
var assertMarkRE = regexp.MustCompile(`__surety_A(\d+)_`)

// A preprocessed program is the text the typed tree is built from and
// where its assertion statements start.
type preprocessed struct {
	// packed: the text sets #pragma pack, which the layout of structs
	// does not model (and the laid-out text drops).
	packed  bool
	src     []byte
	asserts map[int]int // statement start byte -> assertion index
	notes   []string    // how old C was read (implicitInt)
}

// PreprocessError is a program the preprocessor rejects (a missing
// header, #error): gcc would not compile it either.
type preprocessError struct{ msg string }

func (e *preprocessError) Error() string { return "preprocessor: " + e.msg }

// preprocess runs the program through gcc -E and lays the result out on
// the program's lines (see above).
func preprocess(ctx context.Context, gccPath string, p *bmc.Program) (*preprocessed, error) {
	if gccPath == "" {
		gccPath = "gcc"
	}
	src := markAsserts(p)
	// Blank the program's own line directives, keeping its lines.
	src = userLineRE.ReplaceAllFunc(src, func(m []byte) []byte { return nil })
	args := []string{"-E", "-std=gnu11", "-D__NO_CTYPE"}
	args = append(args, p.BuildFlags()...)
	args = append(args, "-x", "c", "-")
	r, err := proc.Run(ctx, &proc.Cmd{Path: gccPath, Args: args, Stdin: src, Timeout: 30 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("native: preprocessing %s: %w", p.File, err)
	}
	if r.ExitCode != 0 {
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(string(r.Stderr)), "\n") {
			if strings.Contains(l, "error") {
				lines = append(lines, strings.TrimSpace(strings.ReplaceAll(l, "<stdin>", p.File)))
			}
		}
		if len(lines) > ppLines {
			lines = lines[:ppLines]
		}
		if len(lines) == 0 {
			lines = []string{fmt.Sprintf("gcc -E exited with status %d", r.ExitCode)}
		}
		return nil, &preprocessError{msg: strings.Join(lines, "; ")}
	}
	text, notes := implicitInt(layout(r.Stdout))
	pp, err := unmark(text, p)
	if err != nil {
		return nil, err
	}
	pp.notes, pp.packed = notes, packPragmaRE.Match(r.Stdout)
	return pp, nil
}

// notAType are the words that may stand before "(" at the start of a
// top-level declaration without being the name of a function whose
// return type old C left out.
var notAType = map[string]bool{
	"__attribute__": true, "__attribute": true, "__extension__": true, "_Static_assert": true,
	"asm": true, "__asm__": true, "__asm": true, "typeof": true, "__typeof__": true, "__typeof": true,
	"_Alignas": true, "__declspec": true, "sizeof": true, "return": true, "if": true, "while": true,
	"for": true, "switch": true, "do": true, "else": true, "case": true, "default": true, "goto": true,
	"break": true, "continue": true, "_Pragma": true,
	// type words: `int (*fp)(int);` declares a function pointer
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true, "double": true,
	"signed": true, "unsigned": true, "_Bool": true, "const": true, "volatile": true, "static": true,
	"extern": true, "register": true, "inline": true, "typedef": true, "struct": true, "union": true,
	"enum": true, "restrict": true, "__restrict": true, "_Noreturn": true,
}

// storageWords may precede a function's name in its head.
var storageWords = map[string]bool{"static": true, "extern": true, "inline": true, "__inline": true, "__inline__": true}

// implicitInt writes the return type int where old C leaves it out of a
// function's definition or declaration at the top level (`main() {`,
// `swap(int x, int y) {`), as gcc reads it (C89's implicit int), and says
// so for each such function.
// parenDeclarator reports whether the parenthesis at k closes before
// another opens: (f)(...), a name in parentheses that a parameter list
// follows, as Csmith writes its safe math after a typedef name.
func parenDeclarator(text []byte, k int) bool {
	depth := 0
	for i := k; i < len(text); i++ {
		switch text[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				j := i + 1
				for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n') {
					j++
				}
				return j < len(text) && text[j] == '('
			}
		}
	}
	return false
}

func implicitInt(text []byte) ([]byte, []string) {
	var out []byte
	var notes []string
	depth := 0    // braces and parentheses
	start := true // at the start of a top-level declaration
	last := 0
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '"' || ch == '\'':
			for j := i + 1; j < len(text); j++ {
				if text[j] == '\\' {
					j++
					continue
				}
				if text[j] == ch || text[j] == '\n' {
					i = j
					break
				}
			}
			start = false
		case ch == '{' || ch == '(' || ch == '[':
			depth++
			start = false
		case ch == '}' || ch == ')' || ch == ']':
			depth--
			start = depth == 0 && ch == '}'
		case ch == ';':
			start = depth == 0
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
		case isIdentStart(ch):
			j := i
			for j < len(text) && isIdentByte(text[j]) {
				j++
			}
			if start && depth == 0 {
				k := j
				for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n') {
					k++
				}
				name := string(text[i:j])
				p := k + 1 // what the parenthesis opens
				for p < len(text) && (text[p] == ' ' || text[p] == '\t' || text[p] == '\n') {
					p++
				}
				// T (*fp)(...) and T (f)(...): a typedef name T before a
				// declarator in parentheses, not a function without a
				// return type
				ptrDecl := p < len(text) && text[p] == '*' || parenDeclarator(text, k)
				if k < len(text) && text[k] == '(' && !notAType[name] && !ptrDecl {
					out = append(out, text[last:i]...)
					out = append(out, "int "...)
					last = i
					notes = append(notes, "old C read as gcc reads it: "+name+" has the implicit return type int")
				}
			}
			// storage words may stand before the name (static f(int x))
			start = start && depth == 0 && storageWords[string(text[i:j])]
			i = j - 1
		default:
			start = false
		}
	}
	if out == nil {
		return text, nil
	}
	return append(out, text[last:]...), notes
}

func isIdentStart(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

func isIdentByte(b byte) bool { return isIdentStart(b) || '0' <= b && b <= '9' }

// markAsserts returns the program's text with the callee of every
// assertion statement renamed to its marker.
func markAsserts(p *bmc.Program) []byte {
	as := make([]bmc.Assertion, len(p.Asserts))
	copy(as, p.Asserts)
	sort.Slice(as, func(i, j int) bool { return as[i].Start < as[j].Start })
	var b bytes.Buffer
	last := 0
	for _, a := range as {
		stmt := p.Source[a.Start:a.End]
		at := bytes.Index(stmt, []byte(a.Form))
		if at < 0 || a.Start < last {
			continue // unmark reports it missing
		}
		b.Write(p.Source[last : a.Start+at])
		fmt.Fprintf(&b, "__surety_A%d_", a.Index)
		last = a.Start + at + len(a.Form)
	}
	b.Write(p.Source[last:])
	return b.Bytes()
}

// layout puts gcc's output back on the program's lines.
func layout(out []byte) []byte {
	var lines [][]byte // lines[i] is line i+1
	put := func(line int, text []byte) {
		if len(bytes.TrimSpace(text)) == 0 {
			return
		}
		for len(lines) < line {
			lines = append(lines, nil)
		}
		if len(lines[line-1]) > 0 {
			lines[line-1] = append(lines[line-1], ' ')
		}
		lines[line-1] = append(lines[line-1], text...)
	}
	main := true // the current text is the program's own
	system := false
	line := 1   // the current text's line in its file
	anchor := 1 // the program's line of the outermost #include
	for _, l := range bytes.Split(out, []byte("\n")) {
		if len(l) > 0 && l[0] == '#' {
			if m := markerRE.FindSubmatch(l); m != nil {
				n, _ := strconv.Atoi(string(m[1]))
				file := string(m[2])
				flags := strings.Fields(string(m[3]))
				wasMain := main
				main = file == "<stdin>"
				system = false
				for _, f := range flags {
					if f == "3" {
						system = true
					}
				}
				if wasMain && !main {
					anchor = line
				}
				line = n
				continue
			}
			// #pragma, the one directive gcc -E passes on: dropped.
			line++
			continue
		}
		switch {
		case main:
			// A system header's macro expanded in the program is marked
			// flag 3 but stands on the program's line.
			put(line, l)
		case system || strings.HasPrefix(string(l), "<"):
		default:
			put(anchor, l)
		}
		line++
	}
	return bytes.Join(lines, []byte("\n"))
}

// unmark renames the assertion markers back and records where each
// assertion statement starts in text.
func unmark(text []byte, p *bmc.Program) (*preprocessed, error) {
	pp := &preprocessed{asserts: map[int]int{}}
	var b bytes.Buffer
	b.Grow(len(text))
	last := 0
	for _, m := range assertMarkRE.FindAllSubmatchIndex(text, -1) {
		idx, err := strconv.Atoi(string(text[m[2]:m[3]]))
		if err != nil || idx < 0 || idx >= len(p.Asserts) {
			continue
		}
		b.Write(text[last:m[0]])
		start := b.Len()
		// The statement starts at the first of the parentheses that may
		// open it: ((assert(x)));
		out := b.Bytes()
		for i := len(out) - 1; i >= 0; i-- {
			c := out[i]
			if c == '(' {
				start = i
				continue
			}
			if c != ' ' && c != '\t' && c != '\n' {
				break
			}
		}
		if _, dup := pp.asserts[start]; dup {
			return nil, fmt.Errorf("native: preprocessing %s: two assertions at one place (a macro that expands an assertion twice)", p.File)
		}
		pp.asserts[start] = idx
		b.WriteString(p.Asserts[idx].Form)
		last = m[1]
	}
	b.Write(text[last:])
	pp.src = b.Bytes()
	return pp, nil
}
