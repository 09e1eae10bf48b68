#include <assert.h>
#include <setjmp.h>
#include <signal.h>
static jmp_buf env;
static volatile int hit;
static void on(int s) { hit = s; }
int main(void) {
    signal(SIGINT, on); // want "signal"
    raise(SIGINT); // want "signal"
    if (setjmp(env) == 0) // want "setjmp"
        longjmp(env, 1); // want "setjmp"
    assert(hit == 0);
    return 0;
}
