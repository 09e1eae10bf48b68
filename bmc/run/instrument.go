package run

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/internal/verifier"
)

// A plan is what the engine knows of one program before building it.
type plan struct {
	in         int             // controllable input kinds (inNondet|inStdin)
	readsInput bool            // any input, controllable or not
	inputWhy   []string        // what input it reads, for reasons
	uncontrol  []string        // input the runs do not vary (time, argv...)
	effects    []bool          // by assertion: the predicate may have side effects
	spec       harnessSpec     // the harness of the instrumented build
	literals   []int64         // integer literals of the source (dictionary, stdin)
	strs       []string        // string literals of the source
	fnIDs      map[string]int  // harness function ids
	fns        []nondetFn      // by id
	defined    map[string]bool // functions the program defines
	voids      []string        // functions without a body returning void
}

var (
	identCallRE = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*\(`)
	nondetRE    = regexp.MustCompile(`\b((?:__VERIFIER_nondet_|nondet_)\w+)\s*\(`)
	stdinRE     = regexp.MustCompile(`\b(scanf|vscanf|getchar|getchar_unlocked|gets|fgets|getline|getdelim|fread|read|fgetc|getc|getc_unlocked|fscanf|stdin)\b`)
	otherInRE   = regexp.MustCompile(`\b(time|clock|gettimeofday|clock_gettime|getenv|secure_getenv|getpid|getppid|random|drand48|lrand48|mrand48|rand_r|fopen|open|opendir|getrandom|getline|argv)\s*\(|\bargv\b|\benviron\b`)
	mainArgsRE  = regexp.MustCompile(`\bmain\s*\(\s*(?:int|void\s*\*?)\s+\w`)
	funcDefRE   = regexp.MustCompile(`\b([A-Za-z_]\w*)\)?\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*\{`)
	macroDefRE  = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(`)
	assignRE    = regexp.MustCompile(`\+\+|--|<<=|>>=|[^=!<>]=[^=]|^=[^=]`)
	intLitRE    = regexp.MustCompile(`\b(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*\b|'(\\.|[^'\\])'`)
	strLitRE    = regexp.MustCompile(`"((?:[^"\\\n]|\\.){1,32})"`)
)

// pureCalls are functions a predicate may call without side effects.
var pureCalls = map[string]bool{
	"sizeof": true, "_Alignof": true, "alignof": true, "__builtin_expect": true, "defined": true,
	"strlen": true, "strnlen": true, "strcmp": true, "strncmp": true, "memcmp": true, "strchr": true, "strrchr": true, "strstr": true,
	"abs": true, "labs": true, "llabs": true, "fabs": true, "fabsf": true, "isnan": true, "isinf": true, "isfinite": true, "signbit": true,
	"isdigit": true, "isalpha": true, "isalnum": true, "isspace": true, "isupper": true, "islower": true, "isxdigit": true, "isprint": true,
	"__builtin_isnan": true, "__builtin_isinf": true, "__builtin_abs": true,
}

// libcNoInput are library functions that read no input: a call of one that
// the program does not define is not an input.
var libcNoInput = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf puts putchar putc fputs fputc
		fwrite fflush perror malloc calloc realloc free aligned_alloc memchr memcmp memcpy memmove memset strcat strncat strchr strrchr
		strcmp strncmp strcpy strncpy strlen strnlen strdup strndup strstr strspn strcspn strpbrk strtok strtol strtoul strtoll strtoull
		strtod strtof strtold atoi atol atoll atof abs labs llabs div ldiv exit _Exit abort atexit on_exit qsort bsearch assert
		__assert_fail isdigit isalpha isalnum isspace isupper islower isxdigit isprint ispunct iscntrl isgraph tolower toupper
		sqrt sqrtf pow powf exp log log2 log10 sin cos tan floor ceil round trunc fabs fabsf fmod fmin fmax signal raise setjmp
		longjmp memccpy sizeof return if while for switch alloca sscanf strerror fclose`) {
		m[n] = true
	}
	return m
}()

// makePlan reads the program text: its inputs, which predicates may have
// side effects, the harness it needs, and its literals.
func makePlan(p *bmc.Program, bodiless []bmc.BodilessFunc) *plan {
	all := stripComments(p.Source)
	pl := &plan{defined: map[string]bool{}, fnIDs: map[string]int{}}
	// What the program does is in its function bodies: declarations (of
	// a preprocessed header, say) name functions it may never call.
	var src []byte
	for _, f := range p.Funcs {
		pl.defined[f.Name] = true
		if f.Start >= 0 && f.Start <= f.End && f.End <= len(all) {
			src = append(append(src, all[f.Start:f.End]...), '\n')
		}
	}
	for _, m := range funcDefRE.FindAllSubmatch(all, -1) {
		pl.defined[string(m[1])] = true // (name)(params) { ... } too
	}
	macros := map[string]bool{}
	for _, m := range macroDefRE.FindAllSubmatch(all, -1) {
		macros[string(m[1])] = true
	}
	used := map[string]bool{}
	for _, m := range identCallRE.FindAllSubmatch(src, -1) {
		used[string(m[1])] = true
	}
	// Nondeterministic functions and rand, read from the harness.
	for _, m := range nondetRE.FindAllSubmatch(src, -1) {
		name := string(m[1])
		if pl.defined[name] || pl.fnIDs[name] > 0 {
			continue
		}
		suffix := strings.TrimPrefix(strings.TrimPrefix(name, "__VERIFIER_nondet_"), "nondet_")
		ct, ok := verifier.NondetCType(suffix)
		if !ok {
			pl.readsInput = true
			pl.uncontrol = append(pl.uncontrol, name)
			continue
		}
		if _, dup := pl.fnIDs[name]; dup {
			continue
		}
		pl.fnIDs[name] = len(pl.fns)
		pl.fns = append(pl.fns, newNondetFn(name, ct))
	}
	// The functions without a body anywhere return any value of their
	// type, read from the harness as the nondeterministic ones are; those
	// returning void do nothing (bmc.BodilessFunc).
	for _, f := range bodiless {
		if _, dup := pl.fnIDs[f.Name]; dup || pl.defined[f.Name] {
			continue
		}
		if f.Type == "void" {
			pl.voids = append(pl.voids, f.Name)
			continue
		}
		fn := newNondetFn(f.Name, f.Type)
		fn.bodiless = true
		pl.fnIDs[f.Name] = len(pl.fns)
		pl.fns = append(pl.fns, fn)
	}
	// rand is the C library's: without srand, or with a constant seed,
	// its values are the same on every run of the program as compiled,
	// and a run that replaced them would be no run of the program. A seed
	// from the clock is the clock's input (time), not rand's.
	if len(pl.fns) > 0 {
		pl.in |= inNondet
		pl.inputWhy = append(pl.inputWhy, "nondeterministic functions")
	}
	if m := stdinRE.Find(src); m != nil {
		pl.in |= inStdin
		pl.inputWhy = append(pl.inputWhy, "stdin ("+string(m)+")")
	}
	for _, m := range otherInRE.FindAllSubmatch(src, -1) {
		name := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(string(m[0])), "("))
		if m[1] != nil {
			name = string(m[1])
		}
		if !pl.defined[name] {
			pl.uncontrol = appendNew(pl.uncontrol, name)
		}
	}
	if mainArgsRE.Match(all) {
		pl.uncontrol = appendNew(pl.uncontrol, "argv")
	}
	// Functions called but defined nowhere, not macros, not the library:
	// their values come from outside.
	for _, f := range p.Funcs {
		for _, c := range f.Calls {
			n := c.Callee
			if pl.defined[n] || macros[n] || libcNoInput[n] || pureCalls[n] || pl.fnIDs[n] > 0 || strings.HasPrefix(n, "__builtin") ||
				strings.HasPrefix(n, "__VERIFIER_") || strings.HasPrefix(n, "__ESBMC_") || strings.HasPrefix(n, "__CPROVER_") ||
				n == "reach_error" || n == "assume" || n == "rand" || stdinRE.MatchString(n) {
				continue
			}
			if _, ok := pl.fnIDs[n]; ok {
				continue
			}
			pl.uncontrol = appendNew(pl.uncontrol, n)
		}
	}
	pl.readsInput = pl.readsInput || pl.in != 0 || len(pl.uncontrol) > 0
	pl.effects = make([]bool, len(p.Asserts))
	for i, a := range p.Asserts {
		pl.effects[i] = hasEffects(a.Pred)
	}
	// The harness.
	pl.spec = harnessSpec{asserts: len(p.Asserts), in: pl.in, fns: pl.fns, voids: pl.voids}
	for _, fn := range []string{"__VERIFIER_assume", "__ESBMC_assume", "__CPROVER_assume", "assume"} {
		if used[fn] && !pl.defined[fn] {
			pl.spec.assumes = append(pl.spec.assumes, fn)
		}
	}
	for _, fn := range []string{"reach_error", "__VERIFIER_error"} {
		if used[fn] && !pl.defined[fn] {
			pl.spec.errors = append(pl.spec.errors, fn)
		}
	}
	// Literals, for the fuzzer's dictionary and stdin text.
	seen := map[int64]bool{}
	for _, m := range intLitRE.FindAllSubmatch(src, -1) {
		var v int64
		if m[2] != nil {
			s := string(m[2])
			if len(s) == 1 {
				v = int64(s[0])
			} else {
				continue
			}
		} else if _, err := fmt.Sscanf(strings.ToLower(string(m[1])), "%v", &v); err != nil {
			continue
		}
		if !seen[v] && len(pl.literals) < 64 {
			seen[v] = true
			pl.literals = append(pl.literals, v)
		}
	}
	for _, m := range strLitRE.FindAllSubmatch(src, -1) {
		if s := string(m[1]); !strings.ContainsAny(s, "%\\") && len(pl.strs) < 32 {
			pl.strs = append(pl.strs, s)
		}
	}
	return pl
}

func appendNew(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// hasEffects reports whether evaluating pred may change the program's
// state: an assignment, ++ or --, or a call of anything but a few pure
// library functions.
func hasEffects(pred string) bool {
	s := stripStrings(pred)
	if assignRE.MatchString(s) {
		return true
	}
	for _, m := range identCallRE.FindAllStringSubmatch(s, -1) {
		if !pureCalls[m[1]] {
			return true
		}
	}
	return false
}

var stringLitRE = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`)

func stripStrings(s string) string { return stringLitRE.ReplaceAllString(s, `""`) }

var commentRE = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)

// stripComments blanks out comments (a rough cut that string literals
// holding comment markers can fool, which only costs precision).
func stripComments(src []byte) []byte {
	return commentRE.ReplaceAllFunc(src, func(m []byte) []byte {
		out := make([]byte, len(m))
		for i, c := range m {
			if c == '\n' {
				out[i] = '\n'
			} else {
				out[i] = ' '
			}
		}
		return out
	})
}

// isErrorCall reports whether an assertion is a call of an error function
// (pred "0" written as reach_error();).
func isErrorCall(a *bmc.Assertion) bool {
	return a.Form == "reach_error" || a.Form == "__VERIFIER_error"
}

// checkForms are spellings that are always checks: not macros that NDEBUG
// can compile out.
var checkForms = map[string]bool{"__VERIFIER_assert": true, "__ESBMC_assert": true, "__CPROVER_assert": true}

// instrument writes the program with each assertion statement replaced by
// a call of the hooks that records its evaluation and goes on, physical
// lines preserved. An assert (or a macro of the program's that asserts)
// stays that macro around the hook, so that NDEBUG compiles the hook out
// where it compiles the check out; a predicate with side effects is
// evaluated in a forked child, so that the run goes on as if it were
// removed.
func instrument(p *bmc.Program, pl *plan, variant int) []byte {
	var b bytes.Buffer
	b.Grow(len(p.Source) + 64*len(p.Asserts) + 256)
	b.WriteString(preludeC)
	fmt.Fprintf(&b, "#line 1 %q\n", fileName(p))
	last := 0
	for i := range p.Asserts {
		a := &p.Asserts[i]
		writeSwitch(&b, p.Source, last, a.Start, p.Switch, variant)
		stmt := p.Source[a.Start:a.End]
		fmt.Fprintf(&b, "{ __surety_at(%d); ", a.Index)
		switch {
		case isErrorCall(a):
			fmt.Fprintf(&b, "__surety_ev(%d, 0); ", a.Index)
			if pl.defined[a.Form] {
				b.Write(stmt) // its body runs, as on a real run
				b.WriteString(" }")
				last = a.End
				continue
			}
		case checkForms[a.Form]:
			if pl.effects[a.Index] {
				fmt.Fprintf(&b, "if (__surety_fk(%d)) __surety_child(!!(%s)); ", a.Index, a.Pred)
			} else {
				fmt.Fprintf(&b, "__surety_ev(%d, !!(%s)); ", a.Index, a.Pred)
			}
		default: // assert, or a macro of the program's
			if pl.effects[a.Index] {
				fmt.Fprintf(&b, "%s((__surety_fk(%d) ? __surety_child(!!(%s)) : 0, 1)); ", a.Form, a.Index, a.Pred)
			} else {
				fmt.Fprintf(&b, "%s((__surety_ev(%d, !!(%s)), 1)); ", a.Form, a.Index, a.Pred)
			}
		}
		b.WriteString("}")
		for _, c := range stmt {
			if c == '\n' {
				b.WriteByte('\n')
			}
		}
		last = a.End
	}
	writeSwitch(&b, p.Source, last, len(p.Source), p.Switch, variant)
	return b.Bytes()
}

// writeSwitch writes src[from:to] with the variant switch's value set.
func writeSwitch(b *bytes.Buffer, src []byte, from, to int, sw *bmc.Switch, variant int) {
	if sw == nil || sw.At < from || sw.At >= to {
		b.Write(src[from:to])
		return
	}
	b.Write(src[from:sw.At])
	fmt.Fprintf(b, "%d", variant)
	b.Write(src[sw.At+1 : to])
}

func fileName(p *bmc.Program) string {
	name := filepath.Base(p.File)
	if name == "" || name == "." || name == "/" {
		name = "program.c"
	}
	return name
}
