package svrun_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/svrun"
)

// ExampleBench answers every SV-COMP task under a directory and scores
// the answers as SV-COMP does: two loops whose final counter is checked,
// one that never reaches the error and one that does (2 points for a
// correct true, 1 for a correct false).
func ExampleBench() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "unreach-call.prp"), []byte("CHECK( init(main()), LTL(G ! call(reach_error())) )\n"), 0o644)
	for _, t := range []struct{ name, bound, expected string }{{"count3", "3", "true"}, {"count4", "4", "false"}} {
		os.WriteFile(filepath.Join(dir, t.name+".c"), []byte(`extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int i = 0;
  while (i < `+t.bound+`) i++;
  if (i != 3) reach_error();
  return 0;
}
`), 0o644)
		os.WriteFile(filepath.Join(dir, t.name+".yml"), []byte(`format_version: '2.0'
input_files: '`+t.name+`.c'
properties:
  - property_file: unreach-call.prp
    expected_verdict: `+t.expected+`
options:
  language: C
  data_model: ILP32
`), 0o644)
	}
	tab, err := svrun.Bench(context.Background(), dir, &svrun.TaskOptions{Facts: viverra.FactsOptions{Engines: []string{"native"}}}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range tab.Results {
		fmt.Println(r.Task, r.Verdict, r.Outcome)
	}
	fmt.Println("score:", tab.Score)
	// Output:
	// count3.yml true correct true
	// count4.yml false correct false
	// score: 3
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
	r, err := svrun.RunTask(context.Background(), task, &svrun.TaskOptions{Facts: viverra.FactsOptions{Engines: []string{"native"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Verdict, r.Outcome, r.Outcome.Points())
	// Output:
	// true correct true 2
}
