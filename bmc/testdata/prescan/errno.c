#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    errno = 0; /* a write is no hazard; errno == 0 in a comment neither */
    long v = strtol("99999999999999999999999", 0, 10);
    perror("strtol");
    printf("errno %d\n", 1);
    if (errno == ERANGE) // want "errno"
        v = 0;
    const char *m = strerror(errno); // want "errno"
    assert(v == 0 && m != 0);
    return 0;
}
