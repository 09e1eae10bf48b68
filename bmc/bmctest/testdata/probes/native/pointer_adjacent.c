// why: two arrays of the stack lie next to each other, and one past the end of
// one is the start of the other, which C lets compare equal (gcc -O0 on x86-64
// puts b right below a). The model keeps objects apart, so it must not prove
// them different.
#include <assert.h>
int main(void) {
  int a[1], b[1];
  assert(a + 1 != b && b + 1 != a); // truth: fails; native: FALSIFIED
  return 0;
}
