package rust

// stdMethods are the methods of Rust's standard library types (integers,
// str and String, slices and Vec, Option, Result, iterators, maps and
// sets, the common traits) that a crate's own methods often share a name
// with. A call of one on a receiver the frontend could not type is marked
// frontend.Call.LibraryName, so the call graph does not take the crate's
// single method of that name for it.
var stdMethods = map[string]bool{}

func init() {
	for _, n := range []string{
		// integers and floats
		"to_le_bytes", "to_be_bytes", "to_ne_bytes", "from_le_bytes", "from_be_bytes", "abs", "pow",
		"wrapping_add", "wrapping_sub", "wrapping_mul", "wrapping_neg", "wrapping_shl", "wrapping_shr",
		"checked_add", "checked_sub", "checked_mul", "checked_div", "overflowing_add", "overflowing_sub",
		"saturating_add", "saturating_sub", "leading_zeros", "trailing_zeros", "count_ones", "is_power_of_two",
		"next_power_of_two", "rotate_left", "rotate_right", "swap_bytes", "to_bits", "from_bits", "is_nan",
		"is_finite", "is_infinite", "signum", "min", "max", "clamp", "floor", "ceil", "round", "trunc", "sqrt",
		// str and String
		"as_str", "as_bytes", "chars", "bytes", "lines", "split", "splitn", "rsplit", "split_whitespace",
		"trim", "trim_start", "trim_end", "trim_matches", "starts_with", "ends_with", "strip_prefix",
		"strip_suffix", "find", "rfind", "replace", "replacen", "to_lowercase", "to_uppercase",
		"to_ascii_lowercase", "to_ascii_uppercase", "parse", "push_str", "char_indices", "is_char_boundary",
		"eq_ignore_ascii_case", "is_ascii", "is_alphanumeric", "is_alphabetic", "is_numeric", "is_whitespace",
		"is_ascii_digit", "is_ascii_hexdigit", "to_digit", "to_string", "to_owned", "into_bytes", "len",
		"is_empty", "contains", "repeat", "format", "as_ptr", "as_mut_ptr",
		// slices and Vec
		"push", "pop", "insert", "remove", "swap_remove", "truncate", "clear", "extend", "extend_from_slice",
		"append", "drain", "retain", "dedup", "sort", "sort_by", "sort_by_key", "sort_unstable", "reverse",
		"first", "last", "first_mut", "last_mut", "get", "get_mut", "iter", "iter_mut", "into_iter",
		"windows", "chunks", "concat", "join", "split_at", "split_off", "binary_search", "resize", "reserve",
		"capacity", "with_capacity", "copy_from_slice", "clone_from_slice", "fill", "swap", "to_vec",
		"starts_with", "as_slice", "as_mut_slice", "position", "rposition",
		// Option and Result
		"unwrap", "expect", "unwrap_or", "unwrap_or_else", "unwrap_or_default", "is_some", "is_none",
		"is_ok", "is_err", "ok", "err", "map", "map_err", "and_then", "or_else", "ok_or", "ok_or_else",
		"take", "replace", "as_ref", "as_mut", "cloned", "copied", "filter", "flatten", "zip", "unzip",
		"get_or_insert_with", "map_or", "map_or_else",
		// iterators
		"next", "peek", "collect", "count", "sum", "product", "fold", "any", "all", "enumerate", "rev",
		"skip", "skip_while", "take_while", "step_by", "chain", "flat_map", "filter_map", "for_each",
		"max_by_key", "min_by_key", "max_by", "min_by", "nth", "last", "partition", "peekable", "inspect",
		// maps and sets
		"entry", "or_insert", "or_insert_with", "or_default", "contains_key", "keys", "values",
		"values_mut", "get_key_value", "union", "intersection", "difference", "is_subset",
		// common traits
		"clone", "fmt", "eq", "ne", "cmp", "partial_cmp", "hash", "default", "from", "into", "try_from",
		"try_into", "borrow", "borrow_mut", "deref", "deref_mut", "drop", "write", "write_all", "read",
		"flush", "finish", "write_str", "write_fmt", "to_str", "as_path", "display", "exists",
	} {
		stdMethods[n] = true
	}
}
