package main

import (
	"context"
	"fmt"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/internal/files"
	"github.com/suretydev/surety/progress"
)

func runContracts(ctx context.Context, e *env, args []string) int {
	fs := newFlags("contracts")
	opts := &fmagent.ContractsOptions{Progress: progressPrinter(e, "contracts")}
	var knowledge []string
	fs.Func("entry", "treat this function (qualified name) as an entry; repeatable", appendTo(&opts.Entries))
	fs.Func("knowledge", "a domain-knowledge document; repeatable", appendTo(&knowledge))
	fs.intVar(&opts.Workers, "workers", 0, 0, "requests in flight (0: one per CPU)")
	fs.intVar(&opts.Batch, "batch", 1, 1, "components per request")
	fs.notVar(&opts.StrictCalls, "ambiguous", "let ambiguous call edges (x.m() on a receiver of unknown type) order the layers: every possible caller's expectation counts")
	fs.outVar(&opts.Out, "out", fmagent.State("").Contracts(), "directory of the contract records", files.CheckOutDir)
	mf := modelVars(fs, e, &opts.DryRun, "URL of a NATS server (JetStream): each batch of a layer is a job for its workers (surety worker, with the same SURETY_MODEL; not in replay or estimate), "+
		"a layer at a time, and its key-value store keeps the model replies instead of --cache")
	defer mf.close()
	if code, ok := parseArgs(e, fs, args, someArgs); !ok {
		return code
	}
	var err error
	if opts.Knowledge, err = fmagent.ReadKnowledge(ctx, knowledge); err != nil {
		return fail(e, "contracts", fmt.Errorf("--knowledge %w", err))
	}
	// With --nats, the work is handed out to the workers (not that of an
	// estimate or a replay: it asks no model).
	if opts.Runner, err = mf.runner(e, "contracts"); err != nil {
		return fail(e, "contracts", err)
	}
	res, err := fmagent.Contracts(mf.open(ctx, e, &opts.Model), fs.Args(), opts)
	if code, done := mf.failed(e, "contracts", err); done {
		return code
	}
	res.WriteText(e.stdout)
	for _, msg := range res.Errors {
		fmt.Fprintln(e.stderr, "surety contracts:", msg)
	}
	mf.m.WriteUsage(e.stdout)
	if len(res.Errors) > 0 && !opts.DryRun {
		if len(res.Records) == res.Reused {
			// Not one contract came back: that is no finding but a run
			// that failed, and the first error says why.
			fmt.Fprintf(e.stderr, "surety contracts: every request failed; the first: %s\n", res.Errors[0])
			return 2
		}
		return 1
	}
	return 0
}

// progressPrinter is surety.ProgressBar on stderr.
func progressPrinter(e *env, what string) func(progress.Event) {
	return progress.Bar(e.stderr, what, e.isTerminal)
}
