package ctree

// The C library functions the engine models: how a call is typed, and what
// it may do beyond computing its result from its arguments' values, which
// the analyses over the typed tree ask of every call (symex: whether an
// expression has side effects, what a loop may change, what a qsort
// comparator may call, whether a program has one execution).

// An Effect is a set of what a call of a library function may do.
type Effect uint8

const (
	// ReadsMemory: it reads what its pointer arguments point to
	// (strlen, atoi).
	ReadsMemory Effect = 1 << iota
	// WritesMemory: it writes there (memset, scanf, time(&t)).
	WritesMemory
	// Output: it writes output the program does not read back (printf).
	Output
	// Varies: its result is any value, or any of the values the input
	// or the clock may give: a run does not fix it (rand, time), and the
	// model keeps no state for it.
	Varies
	// Stream: it reads the input stream, whose position the model keeps
	// (getchar, scanf).
	Stream
	// Heap: it allocates or frees.
	Heap
	// Calls: it calls a function the program passes it (qsort).
	Calls
	// Ends: it may end the run (exit, abort, assert) or assumes (the
	// verifiers' assume).
	Ends
)

// A libFunc is a library function the engine models.
type libFunc struct {
	ret *Type
	// min and max are the accepted argument counts (max -1: any).
	min, max int
	effect   Effect
}

const (
	reads  = ReadsMemory
	writes = WritesMemory
	rw     = ReadsMemory | WritesMemory
)

var libFuncs = map[string]libFunc{
	"printf": {TInt, 1, -1, reads | Output}, "fprintf": {TInt, 2, -1, reads | Output}, "puts": {TInt, 1, 1, reads | Output},
	"putchar": {TInt, 1, 1, Output}, "fputs": {TInt, 2, 2, reads | Output}, "fflush": {TInt, 1, 1, Output},
	"putc": {TInt, 2, 2, Output}, "fputc": {TInt, 2, 2, Output},
	"scanf": {TInt, 1, -1, rw | Stream}, "fscanf": {TInt, 2, -1, rw | Stream}, "getchar": {TInt, 0, 0, Stream},
	"fgets": {TCharP, 3, 3, writes | Stream}, "getc": {TInt, 1, 1, Stream}, "fgetc": {TInt, 1, 1, Stream},
	"atoi": {TInt, 1, 1, reads}, "atol": {TLong, 1, 1, reads}, "atoll": {TLLong, 1, 1, reads},
	"strtol": {TLong, 3, 3, rw}, "strtoll": {TLLong, 3, 3, rw}, "strtoul": {TULong, 3, 3, rw},
	// srand changes only what rand gives, which the model leaves open
	"rand": {TInt, 0, 0, Varies}, "srand": {TVoid, 1, 1, Varies}, "time": {TLong, 1, 1, writes | Varies},
	"malloc": {TVoidP, 1, 1, Heap}, "calloc": {TVoidP, 2, 2, Heap}, "realloc": {TVoidP, 2, 2, rw | Heap},
	"free":   {TVoid, 1, 1, Heap},
	"strlen": {TULong, 1, 1, reads}, "strnlen": {TULong, 2, 2, reads}, "strcmp": {TInt, 2, 2, reads},
	"strncmp": {TInt, 3, 3, reads}, "strcpy": {TCharP, 2, 2, rw}, "strncpy": {TCharP, 3, 3, rw},
	"memset": {TVoidP, 3, 3, writes}, "memcmp": {TInt, 3, 3, reads}, "memcpy": {TVoidP, 3, 3, rw}, "memmove": {TVoidP, 3, 3, rw},
	"qsort": {TVoid, 4, 4, rw | Calls}, "bsearch": {TVoidP, 5, 5, reads | Calls},
	"abs": {TInt, 1, 1, 0}, "labs": {TLong, 1, 1, 0}, "llabs": {TLLong, 1, 1, 0},
	"div": {TDiv, 2, 2, 0}, "ldiv": {TLDiv, 2, 2, 0}, "lldiv": {TLLDiv, 2, 2, 0},
	"fabs": {TDouble, 1, 1, 0}, "fabsf": {TFloat, 1, 1, 0}, "sqrt": {TDouble, 1, 1, 0}, "sqrtf": {TFloat, 1, 1, 0},
	"floor": {TDouble, 1, 1, 0}, "ceil": {TDouble, 1, 1, 0}, "round": {TDouble, 1, 1, 0}, "trunc": {TDouble, 1, 1, 0},
	"fmin": {TDouble, 2, 2, 0}, "fmax": {TDouble, 2, 2, 0},
	"isdigit": {TInt, 1, 1, 0}, "isalpha": {TInt, 1, 1, 0}, "isalnum": {TInt, 1, 1, 0}, "isspace": {TInt, 1, 1, 0},
	"isupper": {TInt, 1, 1, 0}, "islower": {TInt, 1, 1, 0}, "isxdigit": {TInt, 1, 1, 0}, "isprint": {TInt, 1, 1, 0},
	"ispunct": {TInt, 1, 1, 0}, "isblank": {TInt, 1, 1, 0}, "iscntrl": {TInt, 1, 1, 0}, "isgraph": {TInt, 1, 1, 0},
	"toupper": {TInt, 1, 1, 0}, "tolower": {TInt, 1, 1, 0},
	"difftime": {TDouble, 2, 2, 0},
	"exit":     {TVoid, 1, 1, Ends}, "abort": {TVoid, 0, 0, Ends}, "reach_error": {TVoid, 0, 0, Ends},
	"__VERIFIER_error": {TVoid, 0, 0, Ends}, "__assert_fail": {TVoid, 4, 4, reads | Ends},
	"__VERIFIER_assume": {TVoid, 1, 1, Ends}, "assume": {TVoid, 1, 1, Ends},
	// CBMC's and ESBMC's spellings of __VERIFIER_assume.
	"__CPROVER_assume": {TVoid, 1, 1, Ends}, "__ESBMC_assume": {TVoid, 1, 1, Ends},
	// C's assert where it is no assertion of the program's (in the body
	// of reach_error, which bmc.ParseProgram does not count): a false
	// condition aborts the run.
	"assert": {TVoid, 1, 1, Ends},
}

// LibEffect is what a call of the library function name may do; ok is
// false for a function the engine does not model.
func LibEffect(name string) (e Effect, ok bool) {
	f, ok := libFuncs[name]
	return f.effect, ok
}

// Pure reports whether a call of the library function name only
// computes its result from its arguments and the memory they point to:
// it changes nothing, and a run fixes its result.
func Pure(name string) bool {
	e, ok := LibEffect(name)
	return ok && e&^ReadsMemory == 0
}

// Deterministic reports whether a call of the library function name
// does and gives the same on every run with the same arguments and
// memory: what it writes, and any output, depend on them alone.
func Deterministic(name string) bool {
	e, ok := LibEffect(name)
	return ok && e&(Varies|Stream|Heap|Calls) == 0
}

// KeepsNoState reports whether a call of the library function name
// writes none of the program's memory and changes no state the model
// keeps (the heap, the input's position): what a loop's havoc must cover
// does not grow by it.
func KeepsNoState(name string) bool {
	e, ok := LibEffect(name)
	return ok && e&(WritesMemory|Stream|Heap|Calls) == 0
}

// The structs <stdlib.h>'s div, ldiv and lldiv return, as glibc lays
// them out: the quotient, then the remainder.
var (
	TDiv   = divType("div_t", TInt)
	TLDiv  = divType("ldiv_t", TLong)
	TLLDiv = divType("lldiv_t", TLLong)
)

func divType(name string, t *Type) *Type {
	return &Type{Kind: KStruct, Name: name, Bytes: 2 * t.Size(), Aligned: t.Align(),
		Fields: []Field{{Name: "quot", T: t}, {Name: "rem", T: t, Off: 1, Byte: t.Size()}}}
}

// libraryTypedefs are the type names a program may use without their
// definition reaching the engine, which drops system headers: the C
// library's div_t, ldiv_t and lldiv_t, and CBMC's Boolean type
// __CPROVER_bool, which the builds' header defines as _Bool where the
// program does not (bmc.Program.BuildFlags). A typedef of the program's
// own replaces them.
func libraryTypedefs() map[string]*Type {
	return map[string]*Type{"div_t": TDiv, "ldiv_t": TLDiv, "lldiv_t": TLLDiv, "__CPROVER_bool": TBool}
}
