#include <string.h>

#include "node.h"

// tree-sitter's own functions, with tsNode for TSNode (same layout).
typedef struct {
	const void *tree;
	const void *id;
	uint32_t context[3];
} tsCursor;

extern uint32_t ts_node_start_byte(tsNode);
extern uint32_t ts_node_end_byte(tsNode);
typedef struct { uint32_t row, column; } tsPoint;
extern tsPoint ts_node_start_point(tsNode);
extern tsPoint ts_node_end_point(tsNode);
extern uint16_t ts_node_symbol(tsNode);
extern bool ts_node_has_error(tsNode);
extern bool ts_node_is_missing(tsNode);
extern bool ts_node_is_named(tsNode);
extern uint32_t ts_node_child_count(tsNode);
extern uint32_t ts_node_named_child_count(tsNode);
extern tsNode ts_node_child(tsNode, uint32_t);
extern tsNode ts_node_named_child(tsNode, uint32_t);
extern tsNode ts_node_child_by_field_id(tsNode, uint16_t);
extern tsNode ts_node_prev_sibling(tsNode);
extern tsNode ts_node_prev_named_sibling(tsNode);
extern const char *ts_node_field_name_for_child(tsNode, uint32_t);
extern const char *ts_node_type(tsNode);
extern const void *ts_tree_language(const void *);
extern uint16_t ts_language_field_id_for_name(const void *, const char *, uint32_t);
extern tsCursor ts_tree_cursor_new(tsNode);
extern bool ts_tree_cursor_goto_first_child(tsCursor *);
extern bool ts_tree_cursor_goto_next_sibling(tsCursor *);
extern tsNode ts_tree_cursor_current_node(const tsCursor *);

tsInfo tsu_info(tsNode n) {
	tsInfo i;
	memset(&i, 0, sizeof i);
	i.n = n;
	if (n.id == 0) return i;
	i.start = ts_node_start_byte(n);
	i.end = ts_node_end_byte(n);
	tsPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
	i.srow = s.row;
	i.scol = s.column;
	i.erow = e.row;
	i.ecol = e.column;
	i.count = ts_node_child_count(n);
	i.named = ts_node_named_child_count(n);
	i.sym = ts_node_symbol(n);
	if (ts_node_has_error(n)) i.flags |= tsHasError;
	if (ts_node_is_missing(n)) i.flags |= tsMissing;
	if (ts_node_is_named(n)) i.flags |= tsNamed;
	return i;
}

tsInfo tsu_child(tsNode n, uint32_t i) { return tsu_info(ts_node_child(n, i)); }
tsInfo tsu_named_child(tsNode n, uint32_t i) { return tsu_info(ts_node_named_child(n, i)); }
tsInfo tsu_child_by_field(tsNode n, uint16_t f) { return tsu_info(ts_node_child_by_field_id(n, f)); }
tsInfo tsu_prev_sibling(tsNode n) { return tsu_info(ts_node_prev_sibling(n)); }
tsInfo tsu_prev_named_sibling(tsNode n) { return tsu_info(ts_node_prev_named_sibling(n)); }
const char *tsu_type(tsNode n) { return ts_node_type(n); }

uint16_t tsu_field_for_child(tsNode n, uint32_t i) {
	const char *name = ts_node_field_name_for_child(n, i);
	if (name == NULL) return 0;
	return ts_language_field_id_for_name(ts_tree_language((const void *)n.tree), name, (uint32_t)strlen(name));
}

// cursor is this thread's cursor for tsu_children, made on the first call
// and reset, not remade, on the next: making one allocates its stack,
// and a file's walk asks for the children of thousands of nodes. A C
// call runs on one thread from start to end, so no two calls share it.
static __thread tsCursor cursor;
static __thread bool haveCursor;

extern void ts_tree_cursor_reset(tsCursor *, tsNode);

size_t tsu_children(tsNode n, tsInfo *out, size_t cap) {
	size_t k = 0;
	if (haveCursor) {
		ts_tree_cursor_reset(&cursor, n);
	} else {
		cursor = ts_tree_cursor_new(n);
		haveCursor = true;
	}
	if (ts_tree_cursor_goto_first_child(&cursor)) {
		do {
			if (k < cap) out[k] = tsu_info(ts_tree_cursor_current_node(&cursor));
			k++;
		} while (ts_tree_cursor_goto_next_sibling(&cursor));
	}
	return k;
}
