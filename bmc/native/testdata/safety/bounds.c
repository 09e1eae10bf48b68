// Array bounds: a loop bound that guards the index, an off-by-one loop,
// an index from input, and a pointer into an array.
extern int __VERIFIER_nondet_int(void);
int g[4];

int sum(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i]; // want "array-bounds: FALSIFIED" "null-dereference: VERIFIED" "signed-overflow: VERIFIED"
  return s;
}

int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++) {
    a[i] = i; // want "array-bounds: VERIFIED"
  }
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 4)
    g[k] = a[k]; // want "array-bounds: VERIFIED"
  int *end = &a[4];
  int total = 0;
  for (int *q = a; q < end; q++)
    total += *q; // want "array-bounds: VERIFIED" "null-dereference: VERIFIED" "signed-overflow: VERIFIED"
  int c = __VERIFIER_nondet_int();
  if (c == 1) {
    for (int i = 0; i <= 4; i++)
      total += g[i]; // want "array-bounds: FALSIFIED" "signed-overflow: VERIFIED"
  }
  if (c == 2)
    total = sum(a, 5);
  return total;
}
