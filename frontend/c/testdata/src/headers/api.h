#ifndef API_H
#define API_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* api_len returns the length. */
size_t api_len(const char *s); // want func:"api_len exported decl" doc:"returns the length" results:"size_t"

static inline int api_min(int a, int b) { return a < b ? a : b; } // want func:"api_min unexported def"

#define API_MAX(a, b) ((a) > (b) ? (a) : (b))

#ifdef __cplusplus
}
#endif

#endif
