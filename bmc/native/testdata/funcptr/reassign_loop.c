// why: a state machine whose state is a function pointer that each step
// replaces.
// run: 0
#include <assert.h>
typedef struct st st;
int steps;
int s_a(void);
int s_b(void);
int s_c(void);
int (*state)(void) = s_a;
int s_a(void) { steps++; state = s_b; return 0; }
int s_b(void) { steps++; state = s_c; return 0; }
int s_c(void) { steps++; return 1; }
int main(void) {
  int done = 0;
  for (int i = 0; i < 5 && !done; i++)
    done = state();
  assert(done && steps == 3); // truth: holds; native: VERIFIED
  assert(state == s_c); // truth: holds; native: VERIFIED
  assert(steps == 2); // truth: fails; native: FALSIFIED
  return 0;
}
