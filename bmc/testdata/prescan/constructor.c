#include <assert.h>
/* __attribute__((constructor)) in a comment is not code */
int g;
__attribute__((constructor)) static void init(void) { g = 1; } // want "constructor"
static void __attribute__ ((__constructor__(101))) init2(void) { g += 2; } // want "constructor"
void late(void) __attribute__((used, destructor)); // want "destructor"
void late(void) { g = 0; }
static void __attribute__((used)) plain(void) { g = 5; }
static void (*early)(void) __attribute__((section(".init_array"))) = plain; // want "constructor"
static int (*pick(void))(void) { return 0; }
int chosen(void) __attribute__((ifunc("pick"))); // want "ifunc" // want assumption:"chosen is declared but not defined"
int main(void) {
    const char *s = "__attribute__((destructor))";
    assert(g == 0 && s[0] == '_');
    return 0;
}
