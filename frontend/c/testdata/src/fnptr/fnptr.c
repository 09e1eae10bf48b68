typedef int (*op_t)(int);
typedef int fn_t(int);

struct ops {
	int (*op)(int);
	op_t other;
};

static int (*global_fp)(int);
static op_t global_op;

int inc(int x) { return x + 1; }

int apply(int (*fp)(int), op_t g, fn_t *h, struct ops *s, struct ops v, op_t table[], int x) // want func:"apply"
{
	int (*local)(int) = inc;
	op_t local2 = inc;
	x = fp(x);          // want calls:"apply -> fp [indirect]"
	x = (*fp)(x);       // want calls:"apply -> (*fp) [indirect]"
	x = g(x) + h(x);    // want calls:"apply -> g [indirect]" calls:"apply -> h [indirect]"
	x = s->op(x);       // want calls:"apply -> s->op [indirect]"
	x = v.other(x);     // want calls:"apply -> v.other [indirect]"
	x = table[0](x);    // want calls:"apply -> table[0] [indirect]"
	x = local(x);       // want calls:"apply -> local [indirect]"
	x = local2(x);      // want calls:"apply -> local2 [indirect]"
	x = global_fp(x);   // want calls:"apply -> global_fp [indirect]"
	x = global_op(x);   // want calls:"apply -> global_op [indirect]"
	return inc(x);      // want calls:"apply -> inc [direct]"
}
