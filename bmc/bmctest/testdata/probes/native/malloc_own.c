// why: the program's own allocator (which glibc's internals use too) fails on a
// size of 12345; gcc knows malloc as a built-in, so the engine refuses the
// definition rather than pick a meaning.
#include <assert.h>
#include <stddef.h>
#include <string.h>
static char pool[1 << 16];
static size_t used;
void *malloc(size_t n) {
  if (n == 12345 || used + n + 16 > sizeof pool)
    return 0;
  void *p = pool + used;
  used += (n + 15) / 16 * 16 + 16;
  return p;
}
void free(void *p) {}
void *calloc(size_t n, size_t m) {
  void *p = malloc(n * m);
  if (p)
    memset(p, 0, n * m);
  return p;
}
void *realloc(void *old, size_t n) {
  void *p = malloc(n);
  if (p && old)
    memcpy(p, old, n);
  return p;
}
int main(void) {
  int *p = malloc(12345);
  assert(p != 0); // truth: fails; native: UNKNOWN
  return 0;
}
