package fmagent_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
	"github.com/suretydev/surety/work"
)

// durations matches the time a step took, the one part of a confirmation
// that differs from run to run.
var durations = regexp.MustCompile(`"duration_ns": ?[0-9]+`)

// withWorkerModel makes open the model of this process's workers
// (llm.SetWorkerModel) until the test ends.
func withWorkerModel(t *testing.T, open func() llm.Model) {
	t.Helper()
	llm.SetWorkerModel(func(context.Context) (llm.Model, error) { return open(), nil })
	t.Cleanup(func() { llm.SetWorkerModel(nil) })
}

// usage is the token use of m as JSON, without the name of its server
// (each run has one of its own).
func usage(t *testing.T, m *llm.MeteredModel) string {
	t.Helper()
	r := m.Report()
	r.Source = ""
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// reviewed writes the contracts and the reason file of the from_keyword
// example into a directory of the test, with a scripted model, and
// returns the directory, the paths and the reason file: one potential bug.
func reviewed(t *testing.T) (dir string, paths []string, reasons string) {
	t.Helper()
	dir, paths = t.TempDir(), []string{"../examples/fromkeyword/src"}
	contracts := filepath.Join(dir, "contracts")
	reasons = filepath.Join(dir, "reason.json")
	review := llmtest.NewFile(t, "testdata/review.txtar").Model(nil)
	if _, err := fmagent.Contracts(context.Background(), paths, &fmagent.ContractsOptions{Model: review, Out: contracts}); err != nil {
		t.Fatal(err)
	}
	if _, err := fmagent.Reason(context.Background(), paths, &fmagent.ReasonOptions{Model: review, Contracts: contracts, Out: reasons}); err != nil {
		t.Fatal(err)
	}
	return dir, paths, reasons
}

// TestConfirmJobs: Confirm with each potential bug handed out as a job
// (work.Local running the handler of fmagent.ConfirmKind, with the model
// the worker opened itself and a sandbox made from the job's options)
// decides as a run in this process, writes the same reports, and counts
// the same token use in the coordinator's model; a second run resumes
// from them without a job.
func TestConfirmJobs(t *testing.T) {
	dir, paths, reasons := reviewed(t)
	confirm := func(name string, m llm.Model, jobs work.Runner) (res string, reports map[string]string) {
		t.Helper()
		out := filepath.Join(dir, name)
		r, err := fmagent.Confirm(context.Background(), paths, &fmagent.ConfirmOptions{
			Model: m,
			System: validate.TargetSystem{Entry: "a C program for the compiler under test",
				Build: "grep -q nullptr {test} && kill -SEGV $$; true"},
			Attempts: 2,
			// Without namespaces for the tests, as on machines that have none.
			Runner: sandbox.New(&sandbox.Options{AllowNetwork: true, AllowWrites: true}),
			From:   reasons, Out: out, Jobs: jobs,
		})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		reports = map[string]string{}
		err = filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			rel, _ := filepath.Rel(out, path)
			reports[rel] = durations.ReplaceAllString(string(b), `"duration_ns": 0`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(durations.ReplaceAllString(string(b), `"duration_ns": 0`), out, "OUT"), reports
	}
	localModel := llmtest.NewFile(t, "../validate/testdata/fromkeyword.txtar").Open(t, 0)
	local, localReports := confirm("local", localModel, nil)
	srv := llmtest.NewFile(t, "../validate/testdata/fromkeyword.txtar")
	withWorkerModel(t, func() llm.Model { return srv.Open(t, 0) })
	jobsModel := llmtest.NewFile(t, "testdata/review.txtar").Open(t, 0) // asked nothing itself
	jobs, jobsReports := confirm("jobs", jobsModel, &work.Local{Workers: 2})
	if jobs != local {
		t.Errorf("as jobs:\n%s\nin this process:\n%s", jobs, local)
	}
	if !strings.Contains(local, `"status": "confirmed"`) {
		t.Errorf("nothing confirmed:\n%s", local)
	}
	if len(localReports) < 3 || len(jobsReports) != len(localReports) {
		t.Errorf("%d report files as jobs, %d in this process", len(jobsReports), len(localReports))
	}
	for name, b := range localReports {
		if jobsReports[name] != b {
			t.Errorf("report %s as jobs:\n%s\nin this process:\n%s", name, jobsReports[name], b)
		}
	}
	if u, want := usage(t, jobsModel), usage(t, localModel); u != want || !strings.Contains(want, "validate.testwriter") {
		t.Errorf("token use as jobs:\n%s\nin this process:\n%s", u, want)
	}
	// A second run resumes: the reports are read, no job is sent.
	resumed, _ := confirm("jobs", jobsModel, failRunner{t})
	if !strings.Contains(resumed, `"earlier": true`) {
		t.Errorf("the second run did not resume:\n%s", resumed)
	}
}

// failRunner is a work.Runner that fails the test if it is given a job.
type failRunner struct{ t *testing.T }

func (r failRunner) Run(_ context.Context, jobs []work.Job, _ func(work.Result) error) error {
	r.t.Errorf("%d jobs sent", len(jobs))
	return nil
}

// testRunner is a validate.Runner that is not a sandbox.
type testRunner struct{}

func (testRunner) Run(context.Context, *sandbox.Spec) (*sandbox.Result, error) {
	return &sandbox.Result{}, nil
}

// TestConfirmJobsRefuses: a Model not opened from a configuration and a
// Runner that is not a sandbox cannot travel with a job: Confirm refuses
// both, each by name, before it asks anything or writes anything.
func TestConfirmJobsRefuses(t *testing.T) {
	dir, paths, reasons := reviewed(t)
	srv := llmtest.New(t, &llmtest.Script{})
	out := filepath.Join(dir, "bugs")
	_, err := fmagent.Confirm(context.Background(), paths, &fmagent.ConfirmOptions{Model: srv.Model(nil),
		System: validate.TargetSystem{Build: "true"}, Runner: testRunner{}, From: reasons, Out: out, Jobs: failRunner{t}})
	if err == nil {
		t.Fatal("Confirm sent a model of no configuration and a Runner of its own to workers")
	}
	for _, name := range []string{"Model", "Runner"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("the error does not name %s: %v", name, err)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests were sent", n)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("Confirm made %s before refusing", out)
	}
}

// TestJobsTokenUse: Contracts and Reason with their work handed out as
// jobs count, in the coordinator's model, the token use of a run in this
// process: each job returns its own with its result.
func TestJobsTokenUse(t *testing.T) {
	paths := []string{"../examples/fromkeyword/src"}
	pipeline := func(m llm.Model, runner work.Runner) {
		t.Helper()
		dir := t.TempDir()
		contracts := filepath.Join(dir, "contracts")
		if _, err := fmagent.Contracts(context.Background(), paths, &fmagent.ContractsOptions{Model: m, Out: contracts, Runner: runner}); err != nil {
			t.Fatal(err)
		}
		if _, err := fmagent.Reason(context.Background(), paths, &fmagent.ReasonOptions{Model: m, Contracts: contracts,
			Out: filepath.Join(dir, "reason.json"), Runner: runner}); err != nil {
			t.Fatal(err)
		}
	}
	local := llmtest.NewFile(t, "testdata/review.txtar").Open(t, 0)
	pipeline(local, nil)
	srv := llmtest.NewFile(t, "testdata/review.txtar")
	worker := srv.Open(t, 0)
	withWorkerModel(t, func() llm.Model { return worker })
	jobs := llmtest.NewFile(t, "testdata/review.txtar").Open(t, 0)
	pipeline(jobs, &work.Local{Workers: 2})
	want := usage(t, local)
	if got := usage(t, jobs); got != want {
		t.Errorf("token use as jobs:\n%s\nin this process:\n%s", got, want)
	}
	if !strings.Contains(want, `"stage": "hoare.`) || !strings.Contains(want, `"stage": "contract.`) {
		t.Errorf("the token use lacks a stage:\n%s", want)
	}
	// The worker's own meter saw the same requests.
	if got := usage(t, worker); got != want {
		t.Errorf("token use on the worker:\n%s\nin this process:\n%s", got, want)
	}
}

// recordRunner is a work.Runner that keeps the jobs it is given and runs
// none.
type recordRunner struct{ jobs []work.Job }

func (r *recordRunner) Run(_ context.Context, jobs []work.Job, _ func(work.Result) error) error {
	r.jobs = append(r.jobs, jobs...)
	return nil
}

// TestConfirmJobsStable: a potential bug's job is the same from run to
// run (its ID, the hash of its input, names it), of kind ConfirmKind, and
// carries the model's name and the sandbox's limits and isolation.
func TestConfirmJobsStable(t *testing.T) {
	dir, paths, reasons := reviewed(t)
	m := llmtest.New(t, &llmtest.Script{}).Open(t, 0)
	var runs [2]recordRunner
	for i := range runs {
		_, err := fmagent.Confirm(context.Background(), paths, &fmagent.ConfirmOptions{Model: m,
			System:   validate.TargetSystem{Build: "/opt/sut/cc {test}"},
			Runner:   sandbox.New(&sandbox.Options{Limits: sandbox.Limits{Timeout: 7e9}, AllowWrites: true, Env: []string{"A=1"}}),
			From:     reasons,
			Out:      filepath.Join(dir, "bugs"),
			Jobs:     &runs[i],
			Attempts: 3,
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(runs[0].jobs) != 1 || len(runs[1].jobs) != 1 || runs[0].jobs[0].ID != runs[1].jobs[0].ID {
		t.Fatalf("jobs of two runs: %v, %v", runs[0].jobs, runs[1].jobs)
	}
	j := runs[0].jobs[0]
	in := string(j.Input)
	for _, want := range []string{`"model":"llmtest"`, `"attempts":3`, `"build":"/opt/sut/cc {test}"`, `"timeout_ns":7000000000`,
		`"allow_writes":true`, `"env":["A=1"]`, `"function":"token::TokenKind::from_keyword"`} {
		if !strings.Contains(in, want) {
			t.Errorf("the job's input lacks %s:\n%s", want, in)
		}
	}
	if j.Kind != fmagent.ConfirmKind || j.ID != work.JobID(j.Kind, j.Input) {
		t.Errorf("job kind %q, ID %s", j.Kind, j.ID)
	}
}

// TestConfirmJobsBudget: a job carries what the caller's token budget has
// left (the worker's meter refuses beyond it); once the budget is spent,
// Confirm hands out no job and confirms what is left in its own process,
// where the model refuses it: the reports of a run without jobs.
func TestConfirmJobsBudget(t *testing.T) {
	dir, paths, reasons := reviewed(t)
	confirm := func(name string, m llm.Model, jobs work.Runner) string {
		t.Helper()
		r, err := fmagent.Confirm(context.Background(), paths, &fmagent.ConfirmOptions{Model: m,
			System:   validate.TargetSystem{Build: "grep -q nullptr {test} && kill -SEGV $$; true"},
			Attempts: 2, Runner: sandbox.New(&sandbox.Options{AllowNetwork: true, AllowWrites: true}),
			From: reasons, Out: filepath.Join(dir, name), Jobs: jobs})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	var rec recordRunner
	confirm("record", llmtest.New(t, &llmtest.Script{}).Open(t, 5000), &rec)
	if len(rec.jobs) != 1 || !strings.Contains(string(rec.jobs[0].Input), `"budget":5000`) {
		t.Fatalf("jobs of a run with 5000 tokens to spend: %v", rec.jobs)
	}
	// One job spends the budget of 1 token (its first request is let
	// through: nothing was spent yet).
	srv := llmtest.NewFile(t, "../validate/testdata/fromkeyword.txtar")
	withWorkerModel(t, func() llm.Model { return srv.Open(t, 0) })
	coordinator := llmtest.New(t, &llmtest.Script{}).Open(t, 1)
	if got := confirm("first", coordinator, &work.Local{}); !strings.Contains(got, `"status":"confirmed"`) {
		t.Fatalf("the first run: %s", got)
	}
	jobs := confirm("jobs", coordinator, failRunner{t})
	local := confirm("local", coordinator, nil)
	if !strings.Contains(local, `"status":"error"`) || !strings.Contains(local, "validate: test writer: llm: token budget spent: ") {
		t.Errorf("in this process, with the budget spent: %s", local)
	}
	if strings.ReplaceAll(jobs, "/jobs/", "/local/") != local {
		t.Errorf("with the budget spent, as jobs:\n%s\nin this process:\n%s", jobs, local)
	}
}
