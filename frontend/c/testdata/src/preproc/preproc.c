#include <stdio.h>
#include "local.h"
#define SQUARE(x) \
	((x) * \
	 (x))
#define N 10
#pragma once

#if 0
this is not C at all {{{
#endif

#ifdef CONFIG_FAST
static int fast(int x) { return x; } // want func:"fast unexported def"
#elif defined(CONFIG_SLOW)
static int slow(int x) { return SQUARE(x); } // want func:"slow unexported def" calls:"slow -> SQUARE"
#else
static int plain(int x) { return x + 1; } // want func:"plain unexported def"
#endif

#ifdef WIDE
long widen(long a) // want func:"widen exported def kind=function" sig:"long widen(long a)"
#else
int widen(int a)
#endif
{
	return a * 2;
}

int after(void) // want func:"after exported def"
{
	int s = 0;
#ifdef DEBUG
	printf("debug\n"); // want calls:"after -> printf" stmt:"simple printf(\"debug\\n\");"
#else
	s = 1; // want stmt:"simple s = 1;"
#endif
	return s + widen(N); // want calls:"after -> widen" stmt:"return s + widen(N)"
}
