// why: a function the program declares and defines nowhere (sensor) may
// return anything; a void one (log_event) does nothing the program sees.
// The truth harness defines sensor as the replay does.
// run: 0
// run: 100
// run: 101
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int sensor(int channel);
void log_event(int code);
int main(void) {
  int total = 0;
  for (int i = 0; i < 1; i++) {
    int v = sensor(i);
    log_event(v);
    if (v < 0 || v > 1000)
      return 0;
    total += v;
  }
  assert(total <= 1000); // truth: holds; native: VERIFIED
  assert(total != 101); // truth: fails; native: FALSIFIED
  return 0;
}
