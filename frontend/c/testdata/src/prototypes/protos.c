int add(int a, int b); // want func:"add exported decl kind=prototype" sig:"int add(int a, int b)" params:"a int, b int" results:"int"
static void reset(void); // want func:"reset unexported decl kind=prototype" params:""
extern char *dup(const char *); // want func:"dup exported decl" params:"const char *" results:"char *"
int one(void), two(void); // want func:"one decl" func:"two decl"
int (*handler)(int); // a variable, not a function
typedef int (*op_t)(int);
int counter = 0;

int add(int a, int b) { return a + b; } // want func:"add exported def kind=function"

static void reset(void) // want func:"reset unexported def"
{
	int local(int); // a local prototype is not a function of the file
	counter = local(0); // want calls:"reset -> local [direct]"
}
