/* Function pointers stored in the same file resolve to their targets. */
struct ops { int (*open)(int); int (*close)(int); };

static int my_open(int x) { return x; }
static int my_close(int x) { return -x; }
static int other(int x) { return x + 1; }

static struct ops table = { .open = my_open, .close = &my_close };

int run(struct ops *o, int x) {
	int (*fp)(int) = other;
	return o->open(x) + (*o->close)(x) + fp(x);
}

int unknown(int (*cb)(int)) { return cb(1); }
