int old(a, b, c) // want func:"old exported def" params:"a int, b char *, c int"
	int a;
	char *b;
{
	return a + c;
}
