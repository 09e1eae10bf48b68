#include <stdio.h>
#include "calc.h"

typedef long (*evaluator)(struct lexer *);

static void report(long v)
{
	printf("%ld\n", v);
}

int main(int argc, char **argv)
{
	evaluator eval = parse_expr;
	struct lexer lx = { argc > 1 ? argv[1] : "1+2*(3+4)", 0 };
	long v = eval(&lx); /* through a pointer: unresolved, indirect */
	report(v);
	return 0;
}
