package surety_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/suretydev/surety"
)

func ExampleFacts() {
	src := []byte(`#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 100) return 0;
    int y = 2 * x;
    assert(y >= x);
    assert(y != 42);
    return 0;
}
`)
	res, err := surety.Facts(context.Background(), "twice.c", src, &surety.FactsOptions{Engines: []string{"native"}, Audit: "off"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Report.Facts {
		fmt.Println(f.Label(), f.Pred, f.Status, "complete:", f.BoundComplete)
	}
	// Output:
	// a1 y >= x VERIFIED complete: true
	// a2 y != 42 FALSIFIED complete: false
}

func ExampleRunTask() {
	dir, _ := os.MkdirTemp("", "task")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "unreach-call.prp"), []byte("CHECK( init(main()), LTL(G ! call(reach_error())) )\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "count.c"), []byte(`extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int i = 0;
  while (i < 3) i++;
  if (i != 3) reach_error();
  return 0;
}
`), 0o644)
	task := filepath.Join(dir, "count.yml")
	os.WriteFile(task, []byte(`format_version: '2.0'
input_files: 'count.c'
properties:
  - property_file: unreach-call.prp
    expected_verdict: true
options:
  language: C
  data_model: ILP32
`), 0o644)
	r, err := surety.RunTask(context.Background(), task, &surety.TaskOptions{Facts: surety.FactsOptions{Engines: []string{"native"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Verdict, r.Outcome, r.Outcome.Points())
	// Output:
	// true correct true 2
}
