#include "calc.h"

/* skip is static: parser.c has its own skip, and each file calls its own. */
static void skip(struct lexer *lx)
{
	while (lx->src[lx->pos] == ' ')
		lx->pos++;
}

int peek_token(struct lexer *lx)
{
	skip(lx);
	return lx->src[lx->pos];
}

int next_token(struct lexer *lx)
{
	int c = peek_token(lx);
	if (c != 0)
		lx->pos++;
	return c;
}
