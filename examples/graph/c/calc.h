/* calc.h: a tiny calculator split over three files. */
#ifndef CALC_H
#define CALC_H

struct lexer {
	const char *src;
	int pos;
};

int next_token(struct lexer *lx);
int peek_token(struct lexer *lx);
long parse_expr(struct lexer *lx);

/* Headers may define static inline helpers; every includer sees them. */
static inline int is_digit(int c) { return c >= '0' && c <= '9'; }

#endif
