// why: a tentative definition takes its type at the file's end: a union
// or struct completed after it, an array no declaration sized gets one
// element (gcc warns and does so), one a later declaration sizes gets
// that size; a compound literal outside a function is a static object.
// run: 0
// run: 2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
union U my_u;
union U { int some; unsigned other; };
struct S my_s;
struct S { int some; };
int one[];
int later[];
int later[4];
int *lit = &(int){43};
int main(void) {
  int n = __VERIFIER_nondet_int();
  assert(my_u.some == 0 && my_s.some == 0); // truth: holds; native: VERIFIED
  one[0] = n;
  assert(one[0] == n); // truth: holds; native: VERIFIED
  assert(sizeof(later) == 16); // truth: holds; native: VERIFIED
  *lit += n;
  assert(*lit == 43 + n); // truth: holds; native: VERIFIED
  assert(*lit != 45); // truth: fails; native: FALSIFIED
  return 0;
}
