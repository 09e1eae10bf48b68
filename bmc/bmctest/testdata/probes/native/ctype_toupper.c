// why: isdigit and toupper in the C locale.
#include <assert.h>
#include <ctype.h>
int main(void) {
  assert(isdigit('5') && !isdigit('a') && toupper('q') == 'Q' && toupper('!') == '!'); // truth: holds; native: VERIFIED
  return 0;
}
