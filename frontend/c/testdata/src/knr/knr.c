int old(a, b, c) // want func:"old exported def" params:"a int, b char *, c int"
	int a;
	char *b;
{
	return a + c;
}

swap(int *a, int *b) // want func:"swap exported def" sig:"int swap(int *a, int *b)" results:"int"
{
	int t = *a; // want stmt:"simple int t = *a;"
	*a = *b;
	*b = t;
	return 0;
}

static twice(int x) { // want func:"twice unexported def" results:"int"
	swap(&x, &x); // want calls:"twice -> swap [direct]"
	return 2 * x;
}

main() { // want func:"main exported def entry"
	return twice(1); // want calls:"main -> twice [direct]"
}

/* the grammar reads this head as the type main and the declarator (void) */
second(void) { // want func:"second exported def" results:"int"
	return 2;
}

/* a semicolon after a definition at the top level, which gcc accepts */
int third(void) { return 3; }; // want func:"third exported def"

int fourth(void) { // want func:"fourth exported def"
	return third(); // want calls:"fourth -> third [direct]"
};
