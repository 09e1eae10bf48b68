// why: a pointer converted through void* to another element type moves
// by that type's cells, not by the object's layout (heap.go convView):
// the object's reads are then any value. Session 23 found builds before
// it VERIFIED the first assertion, which a run fails. An allocation laid
// out as a struct keeps the accesses of its members through their own
// addresses (ESBMC's memory_model_2 and _4), and a pointer to an array
// converts to a pointer to its first element (CBMC's Function_Pointer7).
// A pointer that comes through memory (copied with memcpy) is not one the
// layout gave, and reads through it make the allocation's reads any value.
// run: 0
// run: 1
#include <assert.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
struct wide { unsigned int bar; unsigned short baz; };
struct foo { unsigned short bar[2]; unsigned char baz; };
struct dev { int id; struct foo *f; };
int main(void) {
  int i = __VERIFIER_nondet_int();
  struct wide s;
  s.bar = 1;
  s.baz = 2;
  void *v = &s;
  unsigned short *r = v;
  r[2] = 5;
  assert(s.baz == 2); // truth: fails; native: FALSIFIED
  struct foo *q = (struct foo *)malloc(sizeof(struct foo));
  if (q == NULL)
    return 0;
  q->bar[0] = 1;
  q->bar[1] = 2;
  q->baz = 'c';
  unsigned short *f = i ? &q->bar[0] : &q->bar[1];
  assert(*f == 1 || *f == 2); // truth: holds; native: VERIFIED
  assert(q->baz == 'c'); // truth: holds; native: VERIFIED
  struct dev tmp[4];
  struct dev *devs = (struct dev *)&tmp;
  (devs + 1)->id = 7;
  devs[2].f = q;
  assert(tmp[1].id == 7 && tmp[2].f->bar[1] == 2); // truth: holds; native: VERIFIED
  int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
  int *flat = (int *)grid;
  assert(flat[4] == 5 + i); // truth: fails; native: FALSIFIED
  struct wide *h = malloc(sizeof *h);
  if (h == NULL)
    return 0;
  h->bar = 1;
  h->baz = 2;
  void *hv = &h->baz;
  unsigned short *hb;
  memcpy(&hb, &hv, sizeof hb);
  hb[-1] = 9 + i;
  assert(h->bar == 1); // truth: fails; native: FALSIFIED
  free(h);
  free(q);
  return 0;
}
