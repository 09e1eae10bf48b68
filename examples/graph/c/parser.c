#include <stdlib.h>
#include "calc.h"

static long parse_term(struct lexer *lx);

static void skip(struct lexer *lx, int n)
{
	while (n-- > 0)
		next_token(lx);
}

/* parse_factor, parse_term and parse_expr recurse into each other. */
static long parse_factor(struct lexer *lx)
{
	int c = peek_token(lx);
	if (c == '(') {
		skip(lx, 1);
		long v = parse_expr(lx);
		skip(lx, 1);
		return v;
	}
	long v = 0;
	while (is_digit(peek_token(lx)))
		v = v * 10 + (next_token(lx) - '0');
	return v;
}

static long parse_term(struct lexer *lx)
{
	long v = parse_factor(lx);
	while (peek_token(lx) == '*') {
		next_token(lx);
		v *= parse_factor(lx);
	}
	return v;
}

long parse_expr(struct lexer *lx)
{
	long v = parse_term(lx);
	while (peek_token(lx) == '+') {
		next_token(lx);
		v += parse_term(lx);
	}
	if (v < 0)
		abort();
	return v;
}
