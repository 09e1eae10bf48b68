package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/fmagent"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/work"
	worknats "github.com/suretydev/surety/work/nats"
)

// The flag helpers every command shares: model flags, checks of values
// and output paths, parsing of flags and arguments.

// modelFlags are the flags every command that asks a language model shares.
// The model itself is configured from the environment, as OpenAI's own
// tools do: OPENAI_BASE_URL, OPENAI_API_KEY and SURETY_MODEL.
type modelFlags struct {
	// cfg is what the flags configure of the model: the cache, its
	// mode (from cacheMode), the budget.
	cfg       llm.ModelConfig
	cacheMode string
	// estimate is --estimate, bound to the options' DryRun.
	estimate *bool
	// nats is --nats: the response cache in the server's key-value
	// store rather than in --cache.
	nats *worknats.Client
	// m is the model open opened; err says why none was (nil m).
	m   *llm.MeteredModel
	err error
}

// modelVars defines the flags, --estimate bound to dryRun (the options'
// DryRun); nats, if not "", is what --nats does for the command.
func modelVars(fs *flags, e *env, dryRun *bool, nats string) *modelFlags {
	f := &modelFlags{estimate: dryRun, cfg: llm.ModelConfig{RecordScripted: e.recordScripted}}
	fs.StringVar(&f.cfg.Cache, "cache", fmagent.State("").Cache(), "directory of the response cache")
	fs.choiceVar(&f.cacheMode, "cache-mode", "record", "response cache: record (read and write), replay (never ask the model), or off", "record", "replay", "off")
	fs.check(func() (err error) { f.cfg.CacheMode, err = llm.ParseCacheMode(f.cacheMode); return err })
	fs.intVar(&f.cfg.Budget, "budget", 0, 0, "stop asking the model once this many tokens are spent (0: no limit)")
	fs.BoolVar(dryRun, "estimate", false, "ask nothing: print the requests and tokens the run would need")
	if nats == "" {
		nats = "URL of a NATS server (JetStream) whose key-value store keeps the caches (model replies, and verdicts where the command checks) instead of their directories, shared by every machine that uses it"
	}
	f.nats = natsVar(fs, e, nats)
	return f
}

// runner returns the Runner of --nats for the commands that hand out
// their model's work (contracts, reason); nil (the work stays in this
// process) with no --nats, and for an estimate or a replay, which ask no
// model.
func (f *modelFlags) runner(e *env, name string) (work.Runner, error) {
	if *f.estimate || f.cfg.CacheMode == llm.CacheReplayOnly {
		return nil, nil
	}
	return runner(e, f.nats, "surety "+name)
}

// close closes what open and runner opened: the connection of --nats.
func (f *modelFlags) close() { f.nats.Close() }

// open opens the model the environment and the flags name
// (llm.OpenModel) as the pipeline's model *dst; the returned context is
// cancelled when the server refuses a request for good. A model that
// cannot be opened leaves *dst nil: the pipeline fails with
// llm.ErrNoModel only if it needs one, and failed says why.
func (f *modelFlags) open(ctx context.Context, e *env, dst *llm.Model) context.Context {
	f.cfg.Estimate = *f.estimate
	ctx, f.m, f.err = llm.OpenModelFromEnv(ctx, e.getenv, &f.cfg, f.nats.Store)
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

// flags is a command's flag set with the checks its values must pass,
// made by parseArgs after parsing and before any work. Each flag is bound
// straight to the field of the library's options it sets, and a check's
// error names the flag, its value and what is allowed, for one line on
// stderr (exit 2).
type flags struct {
	*flag.FlagSet
	checks []func() error
}

func newFlags(name string) *flags {
	return &flags{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError)}
}

// check adds a check of the flags' values.
func (fs *flags) check(c func() error) { fs.checks = append(fs.checks, c) }

// intVar defines an int flag whose value must be at least min ("must not
// be negative" for 0: the usage says what 0 means).
func (fs *flags) intVar(p *int, name string, value, min int, usage string) {
	fs.IntVar(p, name, value, usage)
	want := fmt.Sprintf("must be at least %d", min)
	if min == 0 {
		want = "must not be negative"
	}
	fs.check(func() error { return check(*p >= min, name, *p, want) })
}

// durationVar defines a duration flag that must not be negative (the
// usage says what 0 means); positiveVar one that must be positive.
func (fs *flags) durationVar(p *time.Duration, name string, value time.Duration, usage string) {
	fs.DurationVar(p, name, value, usage)
	fs.check(func() error { return check(*p >= 0, name, *p, "must not be negative") })
}

func (fs *flags) positiveVar(p *time.Duration, name string, value time.Duration, usage string) {
	fs.DurationVar(p, name, value, usage)
	fs.check(func() error { return check(*p > 0, name, *p, "must be positive") })
}

// notVar defines a boolean flag, true by default, that sets *p to its
// negation: --induction=false sets NoInduction, whose zero value is the
// default.
func (fs *flags) notVar(p *bool, name, usage string) { fs.Var(negated{p}, name, usage) }

type negated struct{ p *bool }

func (n negated) IsBoolFlag() bool { return true }

func (n negated) String() string { return strconv.FormatBool(n.p != nil && !*n.p) }

func (n negated) Set(s string) error {
	v, err := strconv.ParseBool(s)
	*n.p = !v
	return err
}

// listVar defines a flag of comma-separated items, trimmed, empty ones
// left out.
func (fs *flags) listVar(p *[]string, name, usage string) {
	fs.Func(name, usage, func(s string) error {
		*p = nil
		for item := range strings.SplitSeq(s, ",") {
			if item = strings.TrimSpace(item); item != "" {
				*p = append(*p, item)
			}
		}
		return nil
	})
}

// choiceVar defines a string flag whose value must be one of choices.
func (fs *flags) choiceVar(p *string, name, value, usage string, choices ...string) {
	fs.StringVar(p, name, value, usage)
	want := "want " + strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
	fs.check(func() error { return check(slices.Contains(choices, *p), name, fmt.Sprintf("%q", *p), want) })
}

// check is the error "--NAME V: WANT" unless ok.
func check(ok bool, name string, v any, want string) error {
	if ok {
		return nil
	}
	return fmt.Errorf("--%s %v: %s", name, v, want)
}

// someArgs and anyArgs, as parseArgs's nargs, are one argument or more
// and any number.
const (
	someArgs = -1
	anyArgs  = -2
)

// parseArgs parses a command's flags, checks that there are nargs
// arguments and then the flags' values (flags.check). A bad flag is one
// line on stderr naming it and what is wrong, then a pointer to the usage
// (exit 2); -h prints the usage and every flag, on stderr as the flag
// package does (exit 0); the wrong arguments print the command's usage
// line (exit 2). ok is false when the command must stop with status code.
func parseArgs(e *env, fs *flags, args []string, nargs int) (code int, ok bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(e.stderr)
	switch n := fs.NArg(); {
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
	case n != nargs && nargs != anyArgs && (nargs != someArgs || n == 0):
		return usage(e, fs.Name()), false
	}
	for _, c := range fs.checks {
		if err := c(); err != nil {
			return fail(e, fs.Name(), err), false
		}
	}
	return 0, true
}

// outVar defines the flag of an output, checked (by files.CheckOutDir
// or files.CheckOutFile) not to be a file where a directory is wanted or
// a directory where a file is, before anything is loaded or asked. The
// library checks the rest (that it can be made and written) when it runs.
func (fs *flags) outVar(p *string, name, value, usage string, checkOut func(path string, dryRun bool) error) {
	fs.StringVar(p, name, value, usage)
	fs.check(func() error {
		if err := checkOut(*p, true); err != nil {
			return fmt.Errorf("--%s %w", name, err)
		}
		return nil
	})
}

// appendTo is the Func of a flag that may be given several times: each
// value is appended to *list, in order (gcc's -D and -I).
func appendTo(list *[]string) func(string) error {
	return func(v string) error {
		*list = append(*list, v)
		return nil
	}
}
