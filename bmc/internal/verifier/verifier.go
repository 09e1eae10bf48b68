// Package verifier knows SV-COMP's __VERIFIER_ functions as the harnesses
// that define them need to: the C types of the nondeterministic ones, for
// bmc's replay of a counterexample and bmc/run's executions.
package verifier

import (
	"maps"
	"slices"
)

// ctypes are the C types of the __VERIFIER_nondet_ functions, by suffix.
var ctypes = map[string]string{
	"int": "int", "uint": "unsigned int", "unsigned": "unsigned int", "unsigned_int": "unsigned int",
	"long": "long", "ulong": "unsigned long", "longlong": "long long", "ulonglong": "unsigned long long",
	"char": "char", "uchar": "unsigned char", "short": "short", "ushort": "unsigned short",
	"bool": "_Bool", "_Bool": "_Bool", "float": "float", "double": "double", "size_t": "unsigned long",
	"u32": "unsigned int", "s32": "int", "u8": "unsigned char", "u16": "unsigned short",
	"loff_t": "long", "sector_t": "unsigned long", "pointer": "void *",
	"s8": "signed char", "s16": "short", "u64": "unsigned long", "s64": "long",
	"unsigned_char": "unsigned char", "unsigned_short": "unsigned short", "unsigned_long": "unsigned long",
	"unsigned_long_long": "unsigned long long", "long_long": "long long",
}

// NondetCType returns the C type that __VERIFIER_nondet_<suffix> (and
// nondet_<suffix>) returns, and whether the suffix is known.
func NondetCType(suffix string) (string, bool) {
	t, ok := ctypes[suffix]
	return t, ok
}

// NondetSuffixes returns the suffixes NondetCType knows, sorted.
func NondetSuffixes() []string { return slices.Sorted(maps.Keys(ctypes)) }
