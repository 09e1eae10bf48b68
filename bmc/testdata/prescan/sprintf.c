#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(void) {
    char buf[16];
    snprintf(buf, sizeof buf, "%d", 42); // want "sprintf"
    assert(strlen(buf) == 2);
    return 0;
}
