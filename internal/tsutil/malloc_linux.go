//go:build linux && cgo

package tsutil

/*
#include <stddef.h>

// Weak, so that a C library without them (musl has no malloc_trim) links
// and the calls become no-ops.
extern int malloc_trim(size_t) __attribute__((weak));
extern int mallopt(int, int) __attribute__((weak));

// glibc's M_ARENA_MAX, which other C libraries' malloc.h may not define.
#define SURETY_M_ARENA_MAX (-8)

static int surety_trim(void) {
	if (malloc_trim == NULL) return -1;
	return malloc_trim(0);
}

static int surety_arenas(int n) {
	if (mallopt == NULL) return -1;
	return mallopt(SURETY_M_ARENA_MAX, n);
}
*/
import "C"

func releaseCMemory() bool { return C.surety_trim() == 1 }

func limitArenas(n int) bool { return C.surety_arenas(C.int(n)) == 1 }
