// Two dimensions: each subscript is checked against its own length; the
// address one past the end may be formed but not read.
extern int __VERIFIER_nondet_int(void);

struct point {
  int x, y;
};

int main(void) {
  int m[3][4] = {{0}};
  int r = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  if (r < 0 || r >= 3)
    return 0;
  if (c >= 0 && c < 4)
    m[r][c] = 1; // want "array-bounds: VERIFIED" "array-bounds: VERIFIED"
  int *end = &m[r][4]; // want "array-bounds: VERIFIED"
  struct point pts[2] = {{1, 2}, {3, 4}};
  struct point *pp = &pts[1]; // want "array-bounds: VERIFIED"
  int s = pp->x + pp->y; // want "array-bounds: VERIFIED" "array-bounds: VERIFIED" "null-dereference: VERIFIED" "null-dereference: VERIFIED" "signed-overflow: VERIFIED"
  if (c == 7)
    s = m[r][c]; // want "array-bounds: FALSIFIED" "array-bounds: VERIFIED"
  if (c == 9)
    s = end[-1] + *end; // want "array-bounds: VERIFIED" "array-bounds: FALSIFIED" "null-dereference: VERIFIED" "null-dereference: VERIFIED" "signed-overflow: VERIFIED"
  return s + m[r][0]; // want "array-bounds: VERIFIED" "array-bounds: VERIFIED" "signed-overflow: VERIFIED"
}
