// The few tree-sitter calls that tsutil.Node makes, declared here rather
// than through the binding's api.h (which cgo cannot reach in another
// module): the functions are the ones go-tree-sitter links in, and the
// layouts are those of the pinned version's TSNode and TSTreeCursor.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// tsNode is tree-sitter's TSNode with its pointers held as integers:
// cgo checks every argument that holds a pointer, and a node is passed
// on every call.
typedef struct {
	uint32_t context[4];
	uintptr_t id;
	uintptr_t tree;
} tsNode;

// tsInfo is a node with what the frontends read of it, fetched in one
// call.
typedef struct {
	tsNode n;
	uint32_t start, end;
	uint32_t srow, scol, erow, ecol;
	uint32_t count, named;
	uint16_t sym;
	uint8_t flags;
} tsInfo;

enum {
	tsHasError = 2,
	tsMissing = 4,
	tsNamed = 8,
};

tsInfo tsu_info(tsNode n);
tsInfo tsu_child(tsNode n, uint32_t i);
tsInfo tsu_named_child(tsNode n, uint32_t i);
tsInfo tsu_child_by_field(tsNode n, uint16_t field);
tsInfo tsu_prev_sibling(tsNode n);
tsInfo tsu_prev_named_sibling(tsNode n);
uint16_t tsu_field_for_child(tsNode n, uint32_t i);
const char *tsu_type(tsNode n);
size_t tsu_children(tsNode n, tsInfo *out, size_t cap);
