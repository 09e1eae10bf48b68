// why: a universal character name in a string literal is its UTF-8
// bytes, gcc's execution character set (CBMC's hex_string1).
// run: 0
// run: 2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  const char *s = "\u0201\xe8";
  assert(sizeof("\u0201") == 3); // truth: holds; native: VERIFIED
  assert(sizeof("\U0001F600") == 5); // truth: holds; native: VERIFIED
  assert((unsigned char)s[0] == 0xc8 && (unsigned char)s[1] == 0x81); // truth: holds; native: VERIFIED
  if (i >= 0 && i < 3)
    assert(s[i] != (char)0xe8); // truth: fails; native: FALSIFIED
  return 0;
}
