// A task written for surety's tests: the loop ends with i == 10.
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int i = 0;
  while (i < 10) i++;
  if (i != 10) reach_error();
  return 0;
}
