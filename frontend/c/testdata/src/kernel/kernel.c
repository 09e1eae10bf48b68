// Idioms of the Linux kernel that a parser without the preprocessor sees.
#include <linux/module.h>

static int __init foo_init(void) // want func:"foo_init unexported def" error:"syntax error"
{
	return platform_driver_register(&foo_driver); // want calls:"foo_init -> platform_driver_register [direct]"
}
module_init(foo_init);

static __always_inline unsigned long flags_of(const struct page *page) // want func:"flags_of unexported def" params:"page const struct page *"
{
	return page->flags;
}

/* read(2) */
SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count) // want func:"SYSCALL_DEFINE3 exported def kind=macro" doc:"read\\(2\\)" error:"syntax error"
{
	return ksys_read(fd, buf, count); // want calls:"SYSCALL_DEFINE3 -> ksys_read [direct]"
}

void walk(struct list_head *head) // want func:"walk exported def"
{
	struct foo *pos;
	list_for_each_entry(pos, head, list) { // want calls:"walk -> list_for_each_entry [direct]" error:"missing ;" stmt:"loop macro list_for_each_entry(pos, head, list)"
		pos->ops->run(pos); // want calls:"walk -> pos->ops->run [indirect]"
	}
	if (unlikely(!head)) // want calls:"walk -> unlikely [direct]"
		BUG(); // want calls:"walk -> BUG [direct]"
}
