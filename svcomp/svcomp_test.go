package svcomp

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

func TestParseTask(t *testing.T) {
	task, err := ParseTask("testdata/tasks/loops/count_up.yml")
	if err != nil {
		t.Fatal(err)
	}
	if len(task.InputFiles) != 1 || task.InputFiles[0] != filepath.Join("testdata/tasks/loops", "count_up.c") {
		t.Errorf("input files %q", task.InputFiles)
	}
	p, ok := task.Property(UnreachCall)
	if !ok || p.Expected == nil || !*p.Expected || p.Name() != "unreach-call" ||
		p.File != filepath.Join("testdata/tasks/properties", "unreach-call.prp") {
		t.Errorf("unreach-call property %+v, %v", p, ok)
	}
	if task.DataModel != "ILP32" || task.Language != "C" || len(task.Properties) != 2 {
		t.Errorf("task %+v", task)
	}
	list, err := ParseTask("testdata/tasks/loops/list_form.yml")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := list.Property(UnreachCall); len(list.InputFiles) != 1 || p.Expected != nil {
		t.Errorf("list form: %+v", list)
	}
	old, err := ParseTask("testdata/tasks/loops/old_format.yml")
	if err != nil || old.DataModel != "ILP32" || len(old.InputFiles) != 1 {
		t.Errorf("format 1.0: %+v, %v; want ILP32 taken", old, err)
	}
	if _, err := ParseTaskBytes("x.yml", []byte("format_version: '3.0'\ninput_files: a.c\n")); !errors.Is(err, ErrFormat) {
		t.Errorf("format 3.0: %v, want ErrFormat", err)
	}
	if _, err := ParseTaskBytes("x.yml", []byte("format_version: '2.0'\ninput_files: [1, [2]]\n")); !errors.Is(err, ErrFormat) {
		t.Errorf("nested input_files: %v, want ErrFormat", err)
	}
}

func TestScore(t *testing.T) {
	yes, no := true, false
	rs := []Result{
		{Task: "a", Expected: &yes, Verdict: True},
		{Task: "b", Expected: &no, Verdict: False},
		{Task: "c", Expected: &no, Verdict: True},
		{Task: "d", Expected: &yes, Verdict: False},
		{Task: "e", Expected: &yes, Verdict: Unknown},
		{Task: "f", Verdict: True},
	}
	for i := range rs {
		rs[i].Outcome = Classify(rs[i].Verdict, rs[i].Expected)
		rs[i].CPU = time.Duration(i+1) * time.Second
	}
	tab := Tabulate(rs)
	if tab.CorrectTrue != 1 || tab.CorrectFalse != 1 || tab.WrongTrue != 1 || tab.WrongFalse != 1 || tab.Unknown != 2 {
		t.Errorf("table %+v", tab)
	}
	if tab.Score != 2+1-32-16 || tab.CPU != 21*time.Second || tab.MedianCPU != 4*time.Second {
		t.Errorf("score %d, CPU %v, median %v", tab.Score, tab.CPU, tab.MedianCPU)
	}
	var b strings.Builder
	if err := tab.WriteText(&b); err != nil || !strings.Contains(b.String(), "score -45") {
		t.Errorf("text %q, %v", b.String(), err)
	}
}

func TestViolationWitness(t *testing.T) {
	spec, err := Specification("testdata/tasks/properties/unreach-call.prp")
	if err != nil || spec != "G ! call(reach_error())" {
		t.Fatalf("spec %q, %v", spec, err)
	}
	wt := &WitnessTask{InputFiles: []string{"testdata/tasks/loops/count_up.c"}, Specification: spec, DataModel: "ILP32",
		Producer: "test", Time: time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)}
	path := []Waypoint{
		{Type: "function_return", File: "count_up.c", Line: 5, Column: 11, Function: "main", Constraint: `\result == 7`},
		{Type: "target", File: "count_up.c", Line: 7, Column: 17, Function: "main"},
	}
	b, err := ViolationWitness(wt, path)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := ViolationWitness(wt, path)
	if string(b) != string(again) {
		t.Error("the same witness written twice differs")
	}
	var doc []map[string]any
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("not YAML: %v\n%s", err, b)
	}
	e := doc[0]
	md := e["metadata"].(map[string]any)
	task := md["task"].(map[string]any)
	content := e["content"].([]any)
	last := content[len(content)-1].(map[string]any)["segment"].([]any)[0].(map[string]any)["waypoint"].(map[string]any)
	first := content[0].(map[string]any)["segment"].([]any)[0].(map[string]any)["waypoint"].(map[string]any)
	if e["entry_type"] != "violation_sequence" || md["format_version"] != "2.0" || task["data_model"] != "ILP32" ||
		task["specification"] != spec || len(task["input_file_hashes"].(map[string]any)) != 1 ||
		last["type"] != "target" || first["constraint"].(map[string]any)["value"] != `\result == 7` {
		t.Errorf("witness:\n%s", b)
	}
	if _, err := ViolationWitness(wt, path[:1]); err == nil {
		t.Error("a witness without a target was written")
	}
	cw, err := CorrectnessWitness(wt, nil)
	if err != nil || !strings.Contains(string(cw), "entry_type: invariant_set") {
		t.Errorf("correctness witness %s, %v", cw, err)
	}
}
