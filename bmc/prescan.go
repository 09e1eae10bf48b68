package bmc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc/gcc"
	"github.com/suretydev/surety/internal/proc"
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
	// "setjmp", "fixed address", "reserved name", "missing header",
	// "undeclared function", "compile error", "undefined behaviour".
	Construct string `json:"construct"`
	// Detail says what was seen and why it matters.
	Detail string `json:"detail"`
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
var knownUndeclared = regexp.MustCompile(`^(__VERIFIER_\w+|__ESBMC_\w+|__CPROVER_\w+|reach_error|assert|assume|abort|exit)$`)

var (
	asmRE       = regexp.MustCompile(`\b(asm|__asm__|__asm)\b`)
	setjmpRE    = regexp.MustCompile(`\b(setjmp|longjmp|sigsetjmp|siglongjmp|_setjmp|_longjmp)\s*\(`)
	signalRE    = regexp.MustCompile(`\b(signal|sigaction|raise|alarm|kill|pthread_kill|setitimer)\s*\(`)
	sprintfRE   = regexp.MustCompile(`\b(sprintf|snprintf|vsprintf|vsnprintf|asprintf|vasprintf)\s*\(`)
	fixedAddrRE = regexp.MustCompile(`\(\s*(?:(?:volatile|const|unsigned|signed|struct|union)\s+)*[A-Za-z_]\w*(?:\s+(?:volatile|const))*\s*\*+\s*(?:volatile\s*)?\)\s*\(?\s*0[xX][0-9a-fA-F]*[1-9a-fA-F][0-9a-fA-F]*`)
	percentN    = regexp.MustCompile(`%[-+ #0']*(\*|[0-9]+)?(\.(\*|[0-9]+))?(hh|h|ll|l|j|z|t|L|q)?n`)
)

// printfFormatArg is the index of the format argument of the printf
// family's functions.
var printfFormatArg = map[string]int{"printf": 0, "vprintf": 0, "fprintf": 1, "vfprintf": 1, "dprintf": 1}

// Prescan looks once, for every engine, for what none of them models
// faithfully: inline asm, %n and computed formats in printf, the sprintf
// family, signals, setjmp/longjmp, accesses to fixed addresses, the
// program's own definitions of names the engines or gcc take as built-ins
// (__VERIFIER_assume, abs, strlen, printf, ...), and
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
		for _, m := range r.re.FindAllIndex(code, -1) {
			s.Hazards = append(s.Hazards, Hazard{Line: lines.of(m[0]), Construct: r.construct,
				Detail: fmt.Sprintf("%q: %s", strings.TrimSpace(string(p.Source[m[0]:m[1]])), r.detail)})
		}
	}
	defined := map[string]bool{}
	for _, f := range p.Funcs {
		defined[f.Name] = true
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
	hs, assumption, err := gccScreen(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	s.Hazards = append(s.Hazards, hs...)
	if assumption != "" {
		s.Assumptions = append(s.Assumptions, assumption)
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
// arguments, up to the matching ")".
func splitArgs(s string) []string {
	var args []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'':
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return append(args, s[start:i])
			}
			depth--
		case ',':
			if depth == 0 {
				args = append(args, s[start:i])
				start = i + 1
			}
		}
	}
	return append(args, s[start:])
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
