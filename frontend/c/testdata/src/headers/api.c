#include "api.h"

size_t api_len(const char *s) // want func:"api_len exported def"
{
	size_t n = 0;
	while (s[n]) n++;
	return API_MAX(n, 0); // want calls:"api_len -> API_MAX [direct]"
}
