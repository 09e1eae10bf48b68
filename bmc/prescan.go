package bmc

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/internal/split"
)

// A Hazard is a construct of a program that no engine models faithfully:
// whatever an engine says of an assertion in such a program, it may be
// wrong, so VerifyAll reports no fact of it (a replayed counterexample, a
// real run, still counts).
type Hazard struct {
	// Line is the physical line of the construct (1-based); 0 for the
	// whole file.
	Line int `json:"line"`
	// Construct names it: "inline asm", "printf %n", "sprintf", "signal",
	// "setjmp", "fixed address", "reserved name", "constructor",
	// "destructor", "cleanup", "ifunc", "exit handler", "callback",
	// "thread", "errno", "NDEBUG", "assert macro", "missing header",
	// "undeclared function", "compile error", "undefined behaviour".
	Construct string `json:"construct"`
	// Detail says what was seen and why it matters.
	Detail string `json:"detail"`
	// Unchecked is set when the program as compiled checks no assertion
	// (NDEBUG, or assert defined to nothing): no run of it fails one, so
	// not even a replayed counterexample, whose replay checks the
	// assertion all the same, makes a FALSIFIED.
	Unchecked bool `json:"unchecked,omitempty"`
}

func (h Hazard) String() string {
	if h.Line > 0 {
		return fmt.Sprintf("%s at line %d: %s", h.Construct, h.Line, h.Detail)
	}
	return h.Construct + ": " + h.Detail
}

// A Screen is what Prescan found: the hazards, and the modelling
// assumptions every engine's verdict on the program rests on.
type Screen struct {
	Hazards     []Hazard `json:"hazards,omitempty"`
	Assumptions []string `json:"assumptions,omitempty"`
}

// PrescanOptions control Prescan. The zero value is valid and a nil
// pointer means the defaults.
type PrescanOptions struct {
	// GCC is the compiler that checks that the program compiles; "" means
	// "gcc" on PATH. Without one the check is skipped and the screen says
	// so in its assumptions.
	GCC string
	// IncludeDirs are searched for the program's #include "..." files, in
	// addition to the program file's own directory.
	IncludeDirs []string
	// NoCompile skips the check with gcc: the screen then holds no
	// "missing header", "undeclared function" or "compile error" hazard,
	// and not the assumption that the program compiles. False (the
	// default) runs it. An engine that compiles the program itself
	// (bmc/native) sets it to screen a program for the constructs it
	// does not model.
	NoCompile bool
}

// reservedDefs are names engines take as built-ins whatever the program
// defines them to be (ESBMC takes a user's no-op __VERIFIER_assume as an
// assumption). reach_error, __VERIFIER_assert and __VERIFIER_nondet_*
// are not here: the engines run a program's own definitions of those.
var reservedDefs = regexp.MustCompile(`^(__VERIFIER_assume|__VERIFIER_error|__ESBMC_\w+|__CPROVER_\w+)$`)

// gccBuiltins are C library functions gcc knows as built-ins: it may
// evaluate a call itself (abs(-3), strlen("abc")), replace one function by
// another (printf("x\n") by puts) or call one the source does not, so a
// program's own definition of one is not what every call runs.
var gccBuiltins = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`abort abs labs llabs imaxabs exit _Exit calloc malloc realloc free alloca
		printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf scanf fscanf sscanf puts putchar
		putc fputs fputc fwrite memchr memcmp memcpy memmove mempcpy memset bcmp bcopy bzero strcat strchr
		strcmp strcpy strcspn strlen strnlen strncat strncmp strncpy strpbrk strrchr strspn strstr strdup
		strndup stpcpy stpncpy index rindex isalnum isalpha isascii isblank iscntrl isdigit isgraph islower
		isprint ispunct isspace isupper isxdigit tolower toupper toascii ffs ffsl ffsll signbit isinf isnan
		finite sqrt sqrtf fabs fabsf floor ceil round trunc fmin fmax pow exp log sin cos`) {
		m[n] = true
	}
	return m
}()

// knownUndeclared may be called without a declaration: the engines and
// the replay harness know what they mean.
var knownUndeclared = regexp.MustCompile(`^(__VERIFIER_\w+|__ESBMC_\w+|__CPROVER_\w+|nondet_\w+|reach_error|assert|assume|abort|exit)$`)

var (
	asmRE       = regexp.MustCompile(`\b(asm|__asm__|__asm)\b`)
	setjmpRE    = regexp.MustCompile(`\b(setjmp|longjmp|sigsetjmp|siglongjmp|_setjmp|_longjmp)\s*\(`)
	signalRE    = regexp.MustCompile(`\b(signal|sigaction|sigset|bsd_signal|sysv_signal|raise|alarm|kill|pthread_kill|setitimer)\s*\(`)
	sprintfRE   = regexp.MustCompile(`\b(sprintf|snprintf|vsprintf|vsnprintf|asprintf|vasprintf)\s*\(`)
	fixedAddrRE = regexp.MustCompile(`\(\s*(?:(?:volatile|const|unsigned|signed|struct|union)\s+)*[A-Za-z_]\w*(?:\s+(?:volatile|const))*\s*\*+\s*(?:volatile\s*)?\)\s*\(?\s*0[xX][0-9a-fA-F]*[1-9a-fA-F][0-9a-fA-F]*`)
	percentN    = regexp.MustCompile(`%[-+ #0']*(\*|[0-9]+)?(\.(\*|[0-9]+))?(hh|h|ll|l|j|z|t|L|q)?n`)
)

// printfFormatArg is the index of the format argument of the printf
// family's functions.
var printfFormatArg = map[string]int{"printf": 0, "vprintf": 0, "fprintf": 1, "vfprintf": 1, "dprintf": 1}

// Prescan looks once, for every engine, for what none of them models
// faithfully: inline asm, %n and computed formats in printf, the sprintf
// family, signals, setjmp/longjmp, accesses to fixed addresses, code run
// outside main's straight line (constructor and destructor functions,
// cleanup and ifunc attributes, handlers registered with atexit, on_exit
// or at_quick_exit, functions handed to library functions that call them,
// such as qsort, bsearch and tsearch, and threads), reads of errno,
// changes to assert (NDEBUG before <assert.h>, the program's own #define
// or #undef of assert), the program's own definitions of names the
// engines or gcc take as built-ins (__VERIFIER_assume, abs, strlen,
// printf, ...), and
// (through gcc) missing headers, calls of undeclared functions and any
// other reason the program does not compile. It also lists the
// assumptions every verdict rests on (functions declared and never
// defined return any value and have no other effect).
func Prescan(ctx context.Context, p *Program, opts *PrescanOptions) (*Screen, error) {
	if opts == nil {
		opts = &PrescanOptions{}
	}
	s := &Screen{}
	code := BlankComments(p.Source, true)
	lines := newLineIndex(p.Source)
	defined := map[string]bool{}
	for _, f := range p.Funcs {
		defined[f.Name] = true
	}
	for _, r := range []struct {
		re        *regexp.Regexp
		construct string
		detail    string
	}{
		{asmRE, "inline asm", "what the assembly does is not modelled"},
		{setjmpRE, "setjmp", "non-local jumps are not modelled"},
		{signalRE, "signal", "signals and their handlers are not modelled"},
		{sprintfRE, "sprintf", "formatted output into memory is not modelled faithfully"},
		{fixedAddrRE, "fixed address", "an access to a fixed (hardware) address is not modelled"},
	} {
		for _, m := range r.re.FindAllSubmatchIndex(code, -1) {
			// A name the program defines itself, or a member that
			// has the name, is not the library's function.
			if len(m) >= 4 && m[2] >= 0 && (defined[string(code[m[2]:m[3]])] || afterMember(code, m[2])) {
				continue
			}
			s.Hazards = append(s.Hazards, Hazard{Line: lines.of(m[0]), Construct: r.construct,
				Detail: fmt.Sprintf("%q: %s", strings.TrimSpace(string(p.Source[m[0]:m[1]])), r.detail)})
		}
	}
	s.Hazards = append(s.Hazards, outsideMain(p.Source, lines)...)
	s.Hazards = append(s.Hazards, libraryCallbacks(code, lines, defined)...)
	s.Hazards = append(s.Hazards, errnoReads(code, lines)...)
	s.Hazards = append(s.Hazards, assertChanges(p)...)
	for _, f := range p.Funcs {
		switch {
		case reservedDefs.MatchString(f.Name):
			s.Hazards = append(s.Hazards, Hazard{Line: f.StartLine, Construct: "reserved name",
				Detail: fmt.Sprintf("the program defines %s, which engines take as their built-in and skip the body", f.Name)})
		case gccBuiltins[f.Name]:
			s.Hazards = append(s.Hazards, Hazard{Line: f.StartLine, Construct: "reserved name",
				Detail: fmt.Sprintf("the program defines %s, a gcc built-in: gcc may evaluate or replace its calls without running this body", f.Name)})
		}
	}
	if p.fe != nil {
		var undefined []string
		for _, fn := range p.fe.Functions {
			if !fn.Definition && !defined[fn.Name] && !knownUndeclared.MatchString(fn.Name) {
				undefined = append(undefined, fn.Name)
			}
			for _, c := range fn.Calls {
				idx, ok := printfFormatArg[c.Name]
				if !ok || defined[c.Name] {
					continue
				}
				if why := printfHazard(c.Span.Text(p.Source), idx); why != "" {
					s.Hazards = append(s.Hazards, Hazard{Line: c.Span.StartLine, Construct: "printf %n", Detail: c.Name + ": " + why})
				}
			}
		}
		sort.Strings(undefined)
		for _, n := range slices.Compact(undefined) {
			s.Assumptions = append(s.Assumptions, n+" is declared but not defined: any value it returns, no other effect")
		}
	}
	if !opts.NoCompile {
		hs, assumption, err := gccScreen(ctx, p, opts)
		if err != nil {
			return nil, err
		}
		s.Hazards = append(s.Hazards, hs...)
		if assumption != "" {
			s.Assumptions = append(s.Assumptions, assumption)
		}
	}
	sort.SliceStable(s.Hazards, func(i, j int) bool { return s.Hazards[i].Line < s.Hazards[j].Line })
	sort.Strings(s.Assumptions)
	return s, nil
}

// printfHazard says what is wrong with a printf-family call's format: a
// %n conversion writes through a pointer, and a computed format may hold
// one.
func printfHazard(call string, idx int) string {
	open := strings.IndexByte(call, '(')
	if open < 0 {
		return ""
	}
	args := splitArgs(call[open+1:])
	if idx >= len(args) {
		return ""
	}
	f := strings.TrimSpace(args[idx])
	if !strings.HasPrefix(f, "\"") {
		return "the format " + strconv.Quote(f) + " is not a string literal, and may hold %n"
	}
	if percentN.MatchString(strings.ReplaceAll(f, "%%", "")) {
		return "the format " + f + " holds %n, which writes the count of characters printed"
	}
	return ""
}

// splitArgs splits the text after a call's "(" into its top-level
// arguments, as written, up to the matching ")".
func splitArgs(s string) []string {
	return split.Commas{Open: "([{", Close: ")]}", Literals: true, Stop: true}.Split(s)
}

var gccDiagRE = regexp.MustCompile(`(?m)^[^:\n]*:(\d+):(?:\d+:)? (fatal error|error|warning): (.*)$`)

// gccScreen compiles the program with gcc -fsyntax-only: an error is a
// hazard of the whole program (a missing header most often), and so is a
// call of a function that no header declares. Without gcc it returns the
// assumption that the program compiles.
func gccScreen(ctx context.Context, p *Program, opts *PrescanOptions) ([]Hazard, string, error) {
	cc := &gcc.Tool{Path: opts.GCC}
	if _, err := cc.LookPath(); err != nil {
		return nil, "the program compiles as C (gcc was not found to check it)", nil
	}
	dir, remove, err := proc.TempDir("prescan")
	if err != nil {
		return nil, "", err
	}
	defer remove()
	name := filepath.Base(p.File)
	if !strings.HasSuffix(name, ".c") {
		name = "program.c"
	}
	if err := os.WriteFile(filepath.Join(dir, name), p.Source, 0o644); err != nil {
		return nil, "", fmt.Errorf("bmc: prescan: %w", err)
	}
	args := append([]string{"-std=gnu11", "-Wimplicit-function-declaration"}, p.BuildFlags()...)
	for _, d := range opts.IncludeDirs {
		args = append(args, "-I", d)
	}
	res, err := cc.SyntaxCheck(ctx, dir, name, args...)
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", fmt.Errorf("bmc: prescan: %w", ctx.Err())
		}
		return []Hazard{{Construct: "compile error", Detail: "gcc could not check the program: " + err.Error()}}, "", nil
	}
	var hs []Hazard
	for _, m := range gccDiagRE.FindAllStringSubmatch(res.Diagnostics, -1) {
		line, _ := strconv.Atoi(m[1])
		msg := m[3]
		switch {
		case strings.Contains(msg, "No such file or directory"):
			hs = append(hs, Hazard{Line: line, Construct: "missing header", Detail: msg})
		case strings.Contains(msg, "implicit declaration of function"):
			fn := quotedName(msg)
			if fn == "" || knownUndeclared.MatchString(fn) {
				continue
			}
			hs = append(hs, Hazard{Line: line, Construct: "undeclared function",
				Detail: fmt.Sprintf("%s is called without a declaration (a missing #include?): what it does is unknown", fn)})
		case m[2] != "warning":
			hs = append(hs, Hazard{Line: line, Construct: "compile error", Detail: "gcc: " + msg})
		}
	}
	if len(hs) == 0 && !res.OK {
		hs = append(hs, Hazard{Construct: "compile error", Detail: "gcc -fsyntax-only failed: " + firstLines(res.Diagnostics, 300)})
	}
	return hs, "", nil
}

// quotedName returns the name gcc quotes in a message, in '...' or ‘...’.
func quotedName(msg string) string {
	for _, q := range [][2]string{{"‘", "’"}, {"'", "'"}} {
		if _, rest, ok := strings.Cut(msg, q[0]); ok {
			if name, _, ok := strings.Cut(rest, q[1]); ok {
				return name
			}
		}
	}
	return ""
}

// BlankComments returns a copy of src with comments and the contents of
// string and character literals blanked out, and with directives also the
// preprocessor lines (newlines kept, so offsets and lines stay): a pattern
// then matches code only. Keep the directives to see what a macro expands
// to.
func BlankComments(src []byte, directives bool) []byte {
	out := make([]byte, len(src))
	copy(out, src)
	blank := func(i, j int) {
		for ; i < j && i < len(out); i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case directives && lineStart && c == '#':
			j := i
			for j < len(src) && (src[j] != '\n' || j > 0 && src[j-1] == '\\') {
				j++
			}
			blank(i, j)
			i = j - 1
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			j := i
			for j < len(src) && src[j] != '\n' {
				j++
			}
			blank(i, j)
			i = j - 1
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := i + 2
			for j+1 < len(src) && !(src[j] == '*' && src[j+1] == '/') {
				j++
			}
			blank(i, min(j+2, len(src)))
			i = j + 1
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			blank(i+1, j)
			i = j
		}
		if c == '\n' {
			lineStart = true
		} else if c != ' ' && c != '\t' {
			lineStart = false
		}
	}
	return out
}

// lineIndex maps byte offsets to 1-based lines in O(log n).
type lineIndex []int

func newLineIndex(src []byte) lineIndex {
	idx := lineIndex{0}
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (l lineIndex) of(off int) int { return sort.SearchInts(l, off+1) }

// afterMember reports whether the name at offset i of code follows "." or
// "->": a structure's member, not a function of the library.
func afterMember(code []byte, i int) bool {
	j := i - 1
	for j >= 0 && (code[j] == ' ' || code[j] == '\t' || code[j] == '\n' || code[j] == '\r') {
		j--
	}
	return j >= 0 && (code[j] == '.' || code[j] == '>' && j > 0 && code[j-1] == '-')
}

// Code that runs outside main's straight line. The engines start at main
// and stop where it returns; neither runs a function that the loader, the
// C library or the compiler calls on its own (both were seen to verify an
// assertion that every run fails, issue 30).
var (
	// gnuAttrRE opens a GNU attribute list, __attribute__((...)).
	gnuAttrRE = regexp.MustCompile(`\b__attribute(?:__)?\s*\(\s*\(`)
	// c23AttrRE is a standard attribute in the gnu namespace,
	// [[gnu::constructor]].
	c23AttrRE = regexp.MustCompile(`\[\[[^\]]*?\b(?:gnu|__gnu__)\s*::\s*(?:__)?(constructor|destructor|cleanup|ifunc)(?:__)?\b`)
	// attrNameRE is an attribute whose function runs outside main's
	// straight line, in any spelling (constructor, __constructor__,
	// constructor(101)).
	attrNameRE = regexp.MustCompile(`\b(?:__)?(constructor|destructor|cleanup|ifunc)(?:__)?\b`)
	// initSectionRE places a function pointer where the loader calls it.
	initSectionRE = regexp.MustCompile(`\b(?:__)?section(?:__)?\s*\(\s*"\.(preinit_array|init_array|fini_array|ctors|dtors)`)
	callNameRE    = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*\(`)
	identRE       = regexp.MustCompile(`[A-Za-z_]\w*`)
)

// notDeclarators are words followed by "(" in a declaration that are not
// the declared function's name.
var notDeclarators = map[string]bool{"__attribute__": true, "__attribute": true, "__declspec": true, "typeof": true,
	"__typeof__": true, "__typeof": true, "sizeof": true, "_Alignas": true, "alignas": true, "__asm__": true, "asm": true, "__asm": true}

// outsideMain finds the attributes that make code run outside main's
// straight line: constructor and destructor functions (run by the loader
// before main and after it returns), function pointers placed in the
// loader's .init_array and .fini_array sections, cleanup functions (run
// when a variable leaves its scope) and ifunc resolvers (run when the
// program is loaded). ESBMC was seen to run none of them (a constructor
// and a cleanup function alike); native does not either (a cleanup
// attribute it cannot parse). Directives are kept: a macro that expands
// to the attribute is the attribute.
func outsideMain(src []byte, lines lineIndex) []Hazard {
	code := BlankComments(src, false)
	var hs []Hazard
	add := func(off int, construct, spelled, fn string) {
		var d string
		switch construct {
		case "constructor":
			d = "runs before main, where no engine starts: what it does to the program's state is in no check"
		case "destructor":
			d = "runs after main returns or exit is called, where the engines stop: its effects and its assertions are in no check"
		case "cleanup":
			d = "is called when the variable leaves its scope, a call no engine makes"
		case "ifunc":
			d = "is the resolver the loader runs before main to choose the function, which no engine does"
		}
		if fn != "" {
			d = fn + " " + d
		} else {
			d = "the function " + d
		}
		hs = append(hs, Hazard{Line: lines.of(off), Construct: construct, Detail: fmt.Sprintf("%q: %s", spelled, d)})
	}
	for _, m := range gnuAttrRE.FindAllIndex(code, -1) {
		open := m[1] - 1 // the inner "("
		end := closeParen(code, open)
		if end < 0 {
			continue
		}
		end++ // past the inner ")"
		spelled := strings.Join(strings.Fields(string(src[m[0]:min(end+1, len(src))])), " ")
		inner := code[open+1 : end-1]
		for _, a := range attrNameRE.FindAllSubmatchIndex(inner, -1) {
			kind := string(inner[a[2]:a[3]])
			add(m[0], kind, spelled, attrFunc(kind, code, src, m[0], end, open+1+a[1]))
		}
		if sec := initSectionRE.FindSubmatch(src[open+1 : end-1]); sec != nil {
			kind := "constructor"
			if s := string(sec[1]); s == "fini_array" || s == "dtors" {
				kind = "destructor"
			}
			add(m[0], kind, spelled, "the function pointer in ."+string(sec[1]))
		}
	}
	for _, m := range c23AttrRE.FindAllSubmatchIndex(code, -1) {
		end := bytes.Index(code[m[0]:], []byte("]]"))
		if end < 0 {
			continue
		}
		end += m[0] + 2
		kind := string(code[m[2]:m[3]])
		add(m[0], kind, strings.Join(strings.Fields(string(src[m[0]:end])), " "), attrFunc(kind, code, src, m[0], end, m[1]))
	}
	return hs
}

// closeParen returns the offset of the ")" that closes the "(" at open
// in code (comments and literals blanked), or -1.
func closeParen(code []byte, open int) int {
	depth := 0
	for i := open; i < len(code); i++ {
		switch code[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// attrFunc names the function an attribute spelled at code[start:end]
// runs, or "": the argument of cleanup(f) and ifunc("f"), the declared
// function for constructor and destructor (after the attribute, or before
// it when the attribute follows the declarator). after is the offset just
// past the attribute's name.
func attrFunc(kind string, code, src []byte, start, end, after int) string {
	switch kind {
	case "cleanup", "ifunc":
		rest := src[after:end]
		if i := bytes.IndexByte(rest, '('); i >= 0 {
			return string(identRE.Find(rest[i:]))
		}
		return ""
	}
	stop := func(c byte) bool { return c == ';' || c == '{' || c == '}' || c == '=' }
	j := end
	for j < len(code) && !stop(code[j]) {
		j++
	}
	for _, m := range callNameRE.FindAllSubmatchIndex(code[end:j], -1) {
		if n := string(code[end+m[2] : end+m[3]]); !notDeclarators[n] {
			return n
		}
	}
	i := start
	for i > 0 && !stop(code[i-1]) {
		i--
	}
	for _, m := range callNameRE.FindAllSubmatchIndex(code[i:start], -1) {
		if n := string(code[i+m[2] : i+m[3]]); !notDeclarators[n] {
			return n
		}
	}
	return ""
}

// A libraryCallback is a C library function that calls a function the
// program hands it: Arg is the argument that holds the (first) function.
type libraryCallback struct {
	Arg       int
	Construct string
}

// callbacks are the C library functions that call the program's code from
// inside the library. No engine makes those calls: ESBMC's models of qsort
// and bsearch never call the comparison (it verified an assertion that
// every run fails) and it does not run an atexit handler; native refuses
// any function used as a value. Threads are their own construct: ESBMC
// does model pthread_create and thrd_create, but by interleaving the
// threads on sequentially consistent memory up to the bound, which is not
// the memory of a real run (a data race is undefined behaviour, and
// x86's store buffer lets a run see what no interleaving shows), so a
// VERIFIED of it is not a fact either. signal and sigaction are the
// "signal" construct.
var callbacks = map[string]libraryCallback{
	"atexit": {0, "exit handler"}, "on_exit": {0, "exit handler"}, "at_quick_exit": {0, "exit handler"}, "__cxa_atexit": {0, "exit handler"},
	"pthread_create": {2, "thread"}, "thrd_create": {1, "thread"}, "clone": {0, "thread"},
	"qsort": {3, "callback"}, "qsort_r": {3, "callback"}, "bsearch": {4, "callback"},
	"tsearch": {2, "callback"}, "tfind": {2, "callback"}, "tdelete": {2, "callback"}, "twalk": {1, "callback"},
	"twalk_r": {1, "callback"}, "tdestroy": {1, "callback"}, "lsearch": {4, "callback"}, "lfind": {4, "callback"},
	"scandir": {2, "callback"}, "scandir64": {2, "callback"}, "scandirat": {3, "callback"},
	"ftw": {1, "callback"}, "nftw": {1, "callback"}, "ftw64": {1, "callback"}, "nftw64": {1, "callback"},
	"dl_iterate_phdr": {0, "callback"}, "glob": {2, "callback"}, "glob64": {2, "callback"},
	"pthread_once": {1, "callback"}, "call_once": {1, "callback"}, "pthread_atfork": {0, "callback"},
	"pthread_key_create": {1, "callback"}, "tss_create": {1, "callback"}, "makecontext": {1, "callback"},
	"fopencookie": {2, "callback"},
}

var callbacksRE = func() *regexp.Regexp {
	names := make([]string, 0, len(callbacks))
	for n := range callbacks {
		names = append(names, n)
	}
	sort.Strings(names)
	return regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\s*\(`)
}()

// libraryCallbacks finds the calls of the library functions that call
// the program's code (callbacks), except where the program defines a
// function of that name itself (whose body the engines run).
func libraryCallbacks(code []byte, lines lineIndex, defined map[string]bool) []Hazard {
	var hs []Hazard
	for _, m := range callbacksRE.FindAllSubmatchIndex(code, -1) {
		name := string(code[m[2]:m[3]])
		if defined[name] || afterMember(code, m[2]) {
			continue
		}
		cb := callbacks[name]
		fn := "the function passed to it"
		if args := splitArgs(string(code[m[1]:])); cb.Arg < len(args) {
			if a := strings.Join(strings.Fields(args[cb.Arg]), " "); a != "" {
				fn = a
			}
		}
		var d string
		switch cb.Construct {
		case "exit handler":
			d = fmt.Sprintf("%s registers %s, which runs after main returns or exit is called, where the engines stop: its effects and its assertions are in no check", name, fn)
		case "thread":
			d = fmt.Sprintf("%s runs %s in a new thread: native refuses threads, and ESBMC interleaves them on sequentially consistent memory, not the memory of a real run (data races are undefined behaviour)", name, fn)
		default:
			d = fmt.Sprintf("%s calls %s from inside the C library, a call no engine makes (ESBMC's qsort and bsearch never call the comparison; native refuses function pointers): its effects and its assertions are in no check", name, fn)
		}
		hs = append(hs, Hazard{Line: lines.of(m[0]), Construct: cb.Construct, Detail: d})
	}
	return hs
}

// errnoRE is a use of errno; errnoWriteRE what follows a plain write.
var (
	errnoRE      = regexp.MustCompile(`\b(errno|__errno_location)\b`)
	errnoWriteRE = regexp.MustCompile(`^\s*=($|[^=])`)
)

// errnoReads finds where the program reads errno (a plain write, errno =
// 0, is no hazard). No engine models which library calls set errno and to
// what: native refuses errno, and ESBMC's library models leave it alone,
// so it verified assert(errno == 0) after strtol of a number out of range,
// which sets ERANGE on every run. perror, strerror and printf's %m read
// errno too, but only to print it or to return a message: no assertion
// sees what they write, so they are not hazards (strerror(errno) is one,
// through its errno).
func errnoReads(code []byte, lines lineIndex) []Hazard {
	var hs []Hazard
	last := 0
	for _, m := range errnoRE.FindAllIndex(code, -1) {
		if afterMember(code, m[0]) || errnoWriteRE.Match(code[m[1]:]) {
			continue
		}
		line := lines.of(m[0])
		if line == last {
			continue
		}
		last = line
		hs = append(hs, Hazard{Line: line, Construct: "errno", Detail: "errno is read: no engine models which library calls set it and to what (strtol of a number out of range sets ERANGE), so the value an engine reads is not the one a run reads"})
	}
	return hs
}

// The states of assert along the file, as the directives leave it.
const (
	assertNone     = iota // no <assert.h> yet
	assertStandard        // <assert.h> without NDEBUG
	assertNDEBUG          // <assert.h> with NDEBUG defined: compiled out
	assertMaybe           // NDEBUG defined before a header that may include <assert.h>
	assertMacro           // the program's own #define assert
	assertUndef           // #undef assert
)

type assertState struct {
	kind int
	line int // the directive that made the state (#define NDEBUG for assertNDEBUG)
	inc  int // the #include line, for assertNDEBUG and assertMaybe
	hdr  string
	body string // assertMacro: the definition, one line
	// checks is false for a macro that does not evaluate its argument;
	// faithful is true for one that asserts it as the engines do.
	checks, faithful bool
}

var (
	directiveRE   = regexp.MustCompile(`^\s*#\s*([a-z]+)\b\s*(.*)$`)
	includeNameRE = regexp.MustCompile(`^\s*#\s*include\s*([<"])([^>"]*)[>"]`)
	defineAssert  = regexp.MustCompile(`^assert(\(([^)]*)\))?(?:\s+(.*))?$`)
)

// assertChanges finds the directives that change what the program's
// assert(c) statements do: NDEBUG defined before <assert.h> (assert is
// compiled out), and the program's own #define or #undef of assert. The
// engines do not all see the change: ESBMC checks what assert expands to,
// native and the replay of a counterexample check the predicate itself;
// so a VERIFIED may hold of an assertion compiled out (ESBMC), and a
// FALSIFIED be replayed although no run of the program as compiled fails
// (native, issue 30). A change counts where it covers an assert(c)
// statement: the directives are read in order, lines in #if 0 blocks
// skipped, every other conditional taken as true. A definition that
// asserts its argument as the engines do (a call of __VERIFIER_assert,
// or if (!(c)) reach_error()) is no change.
func assertChanges(p *Program) []Hazard {
	code := BlankComments(p.Source, false)
	type event struct {
		line int
		st   assertState
	}
	var events []event
	st := assertState{kind: assertNone}
	// ndebug is the line of the #define NDEBUG in force, or -1 for
	// -D NDEBUG (Program.Compile), which comes before the file.
	ndebug, direct := 0, false
	for _, d := range p.Compile.Defines {
		if d == "NDEBUG" || strings.HasPrefix(d, "NDEBUG=") {
			ndebug = -1
		}
	}
	type frame struct{ dead, zero, parentDead bool }
	var stack []frame
	dead := func() bool { return len(stack) > 0 && stack[len(stack)-1].dead }
	raw := strings.Split(string(p.Source), "\n")
	blank := strings.Split(string(code), "\n")
	for i := 0; i < len(blank); i++ {
		line := i + 1
		text, rawText := blank[i], raw[i]
		for strings.HasSuffix(strings.TrimRight(text, " \t\r"), "\\") && i+1 < len(blank) {
			i++
			text = strings.TrimSuffix(strings.TrimRight(text, " \t\r"), "\\") + " " + blank[i]
		}
		m := directiveRE.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		kw, rest := m[1], strings.TrimSpace(m[2])
		switch kw {
		case "if", "ifdef", "ifndef":
			zero := kw == "if" && rest == "0"
			stack = append(stack, frame{dead: dead() || zero, zero: zero, parentDead: dead()})
			continue
		case "elif", "else":
			if n := len(stack); n > 0 && stack[n-1].zero {
				stack[n-1].dead = stack[n-1].parentDead
			}
			continue
		case "endif":
			if n := len(stack); n > 0 {
				stack = stack[:n-1]
			}
			continue
		}
		if dead() {
			continue
		}
		name, _, _ := strings.Cut(rest, " ")
		switch {
		case kw == "define" && (name == "NDEBUG" || strings.HasPrefix(rest, "NDEBUG\t")):
			ndebug = line
		case kw == "undef" && name == "NDEBUG":
			ndebug = 0
		case kw == "include":
			inc := includeNameRE.FindStringSubmatch(rawText)
			if inc == nil {
				continue
			}
			switch {
			case inc[2] == "assert.h":
				direct = true
				st = assertState{kind: assertStandard, line: line}
				if ndebug != 0 {
					st = assertState{kind: assertNDEBUG, line: ndebug, inc: line}
				}
			case ndebug != 0 && !direct && st.kind == assertNone && inc[1] == `"`:
				st = assertState{kind: assertMaybe, line: ndebug, inc: line, hdr: inc[2]}
			default:
				continue
			}
			events = append(events, event{line, st})
		case kw == "undef" && name == "assert":
			st = assertState{kind: assertUndef, line: line}
			events = append(events, event{line, st})
		case kw == "define" && strings.HasPrefix(rest, "assert"):
			d := defineAssert.FindStringSubmatch(rest)
			if d == nil {
				continue // another name that starts with assert
			}
			body := strings.Join(strings.Fields(d[3]), " ")
			st = assertState{kind: assertMacro, line: line, body: strings.Join(strings.Fields(text), " ")}
			if d[1] == "" {
				// Object-like: assert(c) becomes body(c); with no body
				// c is evaluated and not checked.
				st.checks = body != "" && body != "(void)"
			} else {
				param := strings.TrimSpace(d[2])
				uses := param != "" && regexp.MustCompile(`\b`+regexp.QuoteMeta(param)+`\b`).MatchString(body)
				if strings.Contains(param, "...") {
					uses = strings.Contains(body, "__VA_ARGS__")
					param = ""
				}
				st.checks = uses
				st.faithful = uses && param != "" && assertMacros([]byte("#define __surety_probe(" + param + ") " + body))["__surety_probe"]
			}
			events = append(events, event{line, st})
		}
	}
	var hs []Hazard
	seen := map[int]bool{}
	for i, ev := range events {
		end := math.MaxInt
		if i+1 < len(events) {
			end = events[i+1].line
		}
		covers := false
		for _, a := range p.Asserts {
			covers = covers || a.Form == "assert" && a.SrcLine > ev.line && a.SrcLine < end
		}
		if !covers || seen[ev.st.line] {
			continue
		}
		h := Hazard{Line: ev.st.line, Construct: "assert macro"}
		where := fmt.Sprintf("line %d", ev.st.line)
		if ev.st.line < 0 {
			h.Line, where = ev.st.inc, "-D NDEBUG"
		}
		switch s := ev.st; s.kind {
		case assertNDEBUG:
			h.Construct, h.Unchecked = "NDEBUG", true
			h.Detail = fmt.Sprintf("assert is compiled out by NDEBUG (%s), defined before <assert.h> (line %d): the program as compiled checks no assertion, so no run fails one, whatever an engine that checks them anyway says", where, s.inc)
		case assertMaybe:
			h.Construct, h.Unchecked = "NDEBUG", true
			h.Detail = fmt.Sprintf("NDEBUG is defined (%s) before \"%s\" (line %d), which may include <assert.h>: assert is then compiled out, and the program as compiled checks no assertion", where, s.hdr, s.inc)
		case assertUndef:
			h.Detail = fmt.Sprintf("#undef assert (line %d): assert(c) then calls a function named assert, the program's own or none, which the engines take for the standard assert", s.line)
		case assertMacro:
			switch {
			case s.faithful:
				continue
			case !s.checks:
				h.Unchecked = true
				h.Detail = fmt.Sprintf("assert is defined (line %d) to check nothing, %q: the program as compiled checks no assertion, so no run fails one, whatever an engine that checks them anyway says", s.line, s.body)
			default:
				h.Detail = fmt.Sprintf("assert is the program's own macro (line %d), %q: ESBMC checks what it expands to, native and the replay of a counterexample the predicate itself, so they need not speak of the same program", s.line, s.body)
			}
		default:
			continue
		}
		seen[ev.st.line] = true
		hs = append(hs, h)
	}
	return hs
}

// compiledOut returns the first hazard that says the program as compiled
// checks no assertion (Hazard.Unchecked).
func compiledOut(hs []Hazard) (Hazard, bool) {
	for _, h := range hs {
		if h.Unchecked {
			return h, true
		}
	}
	return Hazard{}, false
}
