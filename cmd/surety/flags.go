package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/suretydev/surety/fmagent"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/work"
)

// The flag helpers every command shares: model flags, checks of values
// and output paths, parsing of flags and arguments.

// modelFlags are the flags every command that asks a language model shares.
// The model itself is configured from the environment, as OpenAI's own
// tools do: OPENAI_BASE_URL, OPENAI_API_KEY and SURETY_MODEL.
type modelFlags struct {
	cache, cacheMode string
	budget           int
	estimate         bool
	// nats is --nats: the response cache in the server's key-value
	// store rather than in --cache.
	nats natsFlags
	// m is the model open opened; err says why none was (nil m).
	m   *llm.MeteredModel
	err error
}

func (f *modelFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.cache, "cache", fmagent.State("").Cache(), "directory of the response cache")
	fs.StringVar(&f.cacheMode, "cache-mode", "record", "response cache: record (read and write), replay (never ask the model), or off")
	fs.IntVar(&f.budget, "budget", 0, "stop asking the model once this many tokens are spent (0: no limit)")
	fs.BoolVar(&f.estimate, "estimate", false, "ask nothing: print the requests and tokens the run would need")
	f.nats.register(fs, "URL of a NATS server (JetStream) whose key-value store keeps the caches (model replies, and verdicts where the command checks) instead of their directories, shared by every machine that uses it")
}

// runner returns the Runner of --nats for the commands that hand out
// their model's work (contracts, reason); nil (the work stays in this
// process) with no --nats, and for an estimate or a replay, which ask no
// model.
func (f *modelFlags) runner(e *env, name string) (work.Runner, error) {
	if mode, _ := llm.ParseCacheMode(f.cacheMode); f.estimate || mode == llm.CacheReplayOnly {
		return nil, nil
	}
	return f.nats.runner(e, "surety "+name)
}

// close closes what open and runner opened: the connection of --nats.
func (f *modelFlags) close() { f.nats.close() }

// check validates the flags before any work: a negative budget or an
// unknown cache mode is a usage error.
func (f *modelFlags) check() error {
	_, err := llm.ParseCacheMode(f.cacheMode)
	return firstError(notNegative("budget", f.budget, "0: no limit"),
		check(err == nil, "cache-mode", fmt.Sprintf("%q", f.cacheMode), "want record, replay or off"))
}

// open opens the model the environment and the flags name
// (llm.OpenModel) as the pipeline's model *dst; the returned context is
// cancelled when the server refuses a request for good. A model that
// cannot be opened leaves *dst nil: the pipeline fails with
// llm.ErrNoModel only if it needs one, and failed says why.
func (f *modelFlags) open(ctx context.Context, e *env, dst *llm.Model) context.Context {
	mode, _ := llm.ParseCacheMode(f.cacheMode)
	cfg := &llm.ModelConfig{Cache: f.cache, CacheMode: mode, Budget: f.budget, Estimate: f.estimate, RecordScripted: e.recordScripted}
	ctx, f.m, f.err = llm.OpenModelFromEnv(ctx, e.getenv, cfg, f.nats.client(e).Store)
	if f.m != nil {
		*dst = f.m
	}
	return ctx
}

// failed handles the error of a pipeline that asked the model: a server
// that refused for good, a missing model (llm.ErrNoModel: f.err says
// why), or any other error, each one line and exit status 2. done is false
// when err is nil and the command goes on.
func (f *modelFlags) failed(e *env, name string, err error) (code int, done bool) {
	if errors.Is(err, llm.ErrNoModel) && f.err != nil {
		err = f.err
	}
	if err = f.m.RunError(err); err != nil {
		return fail(e, name, err), true
	}
	return 0, false
}

// Checks of numeric flags, made before any work: each error names the
// flag, its value and what is allowed, for one line on stderr (exit 2).

// atLeast is an error when v < min.
func atLeast(name string, v, min int) error {
	return check(v >= min, name, v, fmt.Sprintf("must be at least %d", min))
}

// notNegative is an error when v < 0; zero says what 0 means.
func notNegative[T int | time.Duration](name string, v T, zero string) error {
	return check(v >= 0, name, v, "must not be negative ("+zero+")")
}

// positive is an error when d <= 0.
func positive(name string, d time.Duration) error { return check(d > 0, name, d, "must be positive") }

// check is the error "--NAME V: WANT" unless ok.
func check(ok bool, name string, v any, want string) error {
	if ok {
		return nil
	}
	return fmt.Errorf("--%s %v: %s", name, v, want)
}

// firstError returns the first non-nil error.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// someArgs, as parseArgs's nargs, is one argument or more.
const someArgs = -1

// parseArgs is parseFlags, then a check that there are nargs arguments
// (someArgs: at least one); if not, the command's usage line (exit 2).
func parseArgs(e *env, fs *flag.FlagSet, args []string, nargs int) (code int, ok bool) {
	if code, ok := parseFlags(e, fs, args); !ok {
		return code, false
	}
	if n := fs.NArg(); n == nargs || (nargs == someArgs && n > 0) {
		return 0, true
	}
	return usage(e, fs.Name()), false
}

// parseFlags parses a command's flags. A bad flag is one line on stderr
// naming it and what is wrong, then a pointer to the usage (exit 2); -h
// prints the usage and every flag, on stderr as the flag package does
// (exit 0). ok is false when the command
// must stop with status code.
func parseFlags(e *env, fs *flag.FlagSet, args []string) (code int, ok bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(e.stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		c := commands[fs.Name()]
		fmt.Fprintf(e.stderr, "usage: %s\n\n%s\n", c.usage, c.short)
		n := 0
		if fs.VisitAll(func(*flag.Flag) { n++ }); n > 0 {
			fmt.Fprintln(e.stderr, "\nflags:")
			fs.PrintDefaults()
		}
		return 0, false
	case err != nil:
		fmt.Fprintf(e.stderr, "surety %s: %v (run \"surety %s -h\" for the flags)\n", fs.Name(), err, fs.Name())
		return 2, false
	}
	return 0, true
}

// checkOut checks that the output a flag names is not a file where a
// directory is wanted (or, with file, a directory where a file is), before
// anything is loaded or asked. The library checks the rest (that it can be
// made and written) when it runs.
func checkOut(flagName string, check func(path string, dryRun bool) error, path string) error {
	if err := check(path, true); err != nil {
		return fmt.Errorf("--%s %w", flagName, err)
	}
	return nil
}

// splitList is a comma-separated flag's items, trimmed, empty ones left out.
func splitList(s string) []string {
	var out []string
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// appendTo is the Func of a flag that may be given several times: each
// value is appended to *list, in order (gcc's -D and -I).
func appendTo(list *[]string) func(string) error {
	return func(v string) error {
		*list = append(*list, v)
		return nil
	}
}
