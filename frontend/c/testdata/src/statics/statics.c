#include <stdlib.h>

/* helper adds one.
 * It is static: not visible outside this file. */
static int helper(int x) // want func:"helper unexported def kind=function" doc:`^helper adds one\.\nIt is static` params:"x int" results:"int"
{
	return x + 1;
}

// twice is external.
int twice(int x) { return helper(helper(x)); } // want func:"twice exported def" doc:`^twice is external\.$` calls:"twice -> helper [direct]" calls:"twice -> helper"

static inline const char *name(void) { return "n"; } // want func:"name unexported" sig:"static inline const char *name(void)" params:"" results:"const char *"

extern void logmsg(const char *fmt, ...) { (void)fmt; } // want func:"logmsg exported def" params:"fmt const char *, ..." results:""

int (*pick(int which))(int) { return which ? twice : helper; } // want func:"pick exported" params:"which int" results:"int (*)(int)"

int main(int argc, char **argv) // want func:"main exported def entry" params:"argc int, argv char **" sig:"int main(int argc, char **argv)"
{
	return twice(argc) > 2 ? EXIT_SUCCESS : EXIT_FAILURE; // want calls:"main -> twice [direct]"
}
