#include <assert.h>
#include <stdlib.h>
struct ops { int (*atexit)(void (*)(void)); };
static int done;
static void bye(void) { assert(done == 0); }
static void bye2(int status, void *arg) { done = status; }
static int fake(void (*f)(void)) { return 0; }
int main(void) {
    struct ops o = { fake };
    atexit(bye); // want "exit handler"
    on_exit(bye2, 0); // want "exit handler"
    at_quick_exit(bye); // want "exit handler"
    o.atexit(bye); // a member, not the library's
    // atexit(bye) in a comment
    const char *s = "atexit(bye)";
    done = s[0];
    return 0;
}
