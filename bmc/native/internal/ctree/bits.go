package ctree

import "strings"

// BitBuiltins are gcc's built-ins on the bits of an integer, by name: the
// type their one argument is converted to. Each returns an int, but for
// the byte swaps, which return their parameter's type. __builtin_clz and
// __builtin_ctz of 0 are undefined (symex's bits.go gives any value), so
// a program that reads one is no input-free program (determinism.go).
var BitBuiltins = map[string]*Type{
	"__builtin_bswap16": TUShort, "__builtin_bswap32": TUInt, "__builtin_bswap64": TULong,
	"__builtin_popcount": TUInt, "__builtin_popcountl": TULong, "__builtin_popcountll": TULLong,
	"__builtin_parity": TUInt, "__builtin_parityl": TULong, "__builtin_parityll": TULLong,
	"__builtin_clz": TUInt, "__builtin_clzl": TULong, "__builtin_clzll": TULLong,
	"__builtin_ctz": TUInt, "__builtin_ctzl": TULong, "__builtin_ctzll": TULLong,
	"__builtin_ffs": TInt, "__builtin_ffsl": TLong, "__builtin_ffsll": TLLong,
	"ffs": TInt, "ffsl": TLong, "ffsll": TLLong,
}

// UndefinedAtZero reports whether a bit built-in's value for 0 is
// undefined.
func UndefinedAtZero(name string) bool {
	return strings.HasPrefix(name, "__builtin_clz") || strings.HasPrefix(name, "__builtin_ctz")
}

func init() {
	for name, t := range BitBuiltins {
		ret := TInt
		if strings.HasPrefix(name, "__builtin_bswap") {
			ret = t
		}
		var e Effect
		if UndefinedAtZero(name) {
			e = Varies // any value at 0
		}
		libFuncs[name] = libFunc{ret, 1, 1, e}
	}
}
