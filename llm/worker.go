package llm

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/suretydev/surety/work"
)

// The model of jobs (package work) that ask one: a Model value does not
// travel with a job, so a job names its model (JobModelName) and the
// worker that runs it asks the model it opened itself (WorkerModel).

// workerModel is how this process opens the model of jobs
// (SetWorkerModel), and the model once opened.
var workerModel struct {
	mu   sync.Mutex
	open func(context.Context) (Model, error)
	m    Model
}

// SetWorkerModel sets how a worker process opens the model that runs the
// jobs that ask one (fmagent's reason jobs, contract's batches): a program
// that serves jobs (surety worker) calls it before serving, with a
// function that opens the model from its own configuration (OpenModel
// from its environment). open is called at the first such job, and again
// after it failed; its model is kept for the jobs after. nil forgets it.
// It is safe for concurrent use.
func SetWorkerModel(open func(context.Context) (Model, error)) {
	workerModel.mu.Lock()
	defer workerModel.mu.Unlock()
	workerModel.open, workerModel.m = open, nil
}

// SetWorkerModelFromEnv is SetWorkerModel for a worker that opens its
// model as surety's commands do (OpenModelFromEnv): the server from
// getenv, the cache from cfg, kept in store's shared store when store is
// not nil. The model lives as long as ctx (surety worker's run).
func SetWorkerModelFromEnv(ctx context.Context, getenv func(string) string, cfg *ModelConfig,
	store func(ctx context.Context, name string) (work.Store, error)) {
	SetWorkerModel(func(context.Context) (Model, error) {
		_, m, err := OpenModelFromEnv(ctx, getenv, cfg, store)
		if err != nil {
			return nil, err // not a nil *MeteredModel in a Model
		}
		return m, nil
	})
}

// WorkerModel returns the model of this worker (SetWorkerModel), opening
// it when needed; an error when none is set, or when its name is not name,
// the model the job names.
func WorkerModel(ctx context.Context, name string) (Model, error) {
	workerModel.mu.Lock()
	defer workerModel.mu.Unlock()
	if workerModel.m == nil {
		if workerModel.open == nil {
			return nil, errors.New("llm: this worker opens no model (llm.SetWorkerModel)")
		}
		m, err := workerModel.open(ctx)
		if err != nil {
			return nil, err
		}
		workerModel.m = m
	}
	if got := openedName(workerModel.m); got != name {
		return nil, fmt.Errorf("llm: the model of this worker is %q, the job's %q", got, name)
	}
	return workerModel.m, nil
}

// JobModelName returns the name by which a job names m, for the worker to
// ask its own model of that name (WorkerModel); an error, saying why, when
// m cannot be named so: only a model that OpenModel opened from a
// configuration, with a name and not an estimate, can.
func JobModelName(m Model) (string, error) {
	mm, ok := m.(*MeteredModel)
	if !ok || mm == nil || mm.By == "" || openedName(mm) == "" {
		return "", fmt.Errorf("llm: a model %T cannot be sent to workers: a worker opens its model by name, "+
			"so only a model llm.OpenModel opened from a ModelConfig, with a name and not an estimate, can be", m)
	}
	return openedName(mm), nil
}

// openedName is the name of m (NameOf), looking inside a model that
// OpenModel opened.
func openedName(m Model) string {
	if mm, ok := m.(*MeteredModel); ok && mm != nil {
		return NameOf(mm.Model)
	}
	return NameOf(m)
}
