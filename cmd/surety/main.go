// Command surety makes agent-written code checkable: it lays out the call
// graph of a codebase, derives contracts from what callers expect, reasons
// about each function block by block, proves assertions with bounded model
// checkers, asks whether a proved contract says enough, and confirms
// suspected bugs with real tests.
//
// Usage:
//
//	surety <command> [flags] [arguments]
//
// Run "surety help" for the list of commands. The command line is a thin
// layer over the library github.com/suretydev/surety: every command is a
// library call that a Go program can make the same way. The plug-ins it
// ships (language frontends, engines, solvers, verifiers, model
// providers) are imported in one file, plugins.go.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/suretydev/surety"
)

// A command is one subcommand: its flags, its library call and its
// printing live in a file of its own, named after it.
type command struct {
	// usage is its arguments in one line, "surety graph [flags] PATH...":
	// printed for wrong arguments, and with its flags for -h (parseFlags)
	// and "surety help graph".
	usage string
	short string // what it does, in a sentence
	// run does the work and returns the exit status (see exitHelp).
	run func(ctx context.Context, e *env, args []string) int
}

// commands are surety's subcommands by name (filled in by init: a
// command's run refers back to this table for its usage).
var commands map[string]*command

func init() {
	commands = map[string]*command{
		"bench": {usage: "surety bench [flags] DIR",
			short: "Run every SV-COMP task (*.yml) under DIR and print SV-COMP's score table.", run: runBench},
		"complete": {usage: "surety complete [flags] FILE.dfy",
			short: "Check that each Dafny contract determines a unique result, or show a witness of two results it accepts (exit 1 on [UNDER]).", run: runComplete},
		"confirm": {usage: "surety confirm --build CMD and/or --run CMD [flags] PATH...",
			short: "confirm the potential bugs of surety reason by tests from the system's entry point; write reports and SARIF", run: runConfirm},
		"contracts": {usage: "surety contracts [flags] PATH...",
			short: "derive each function's contract from what its callers expect, top-down over the call graph", run: runContracts},
		"doctor": {usage: "surety doctor [flags]",
			short: "Find the outside programs surety uses, print their versions, and check that each verification engine finds a planted bug and proves a correct program (exit 1 if any check fails).", run: runDoctor},
		"facts": {usage: "surety facts [flags] FILE.c|TASK.yml",
			short: "Verify every assertion of a C program (VIVERRA's VerifyAll) and print the program with its facts and a summary; given an SV-COMP task, answer its unreach-call property.", run: runFacts},
		"graph": {usage: "surety graph [flags] PATH...",
			short: "lay out the call graph of C, Rust, Dafny or Go code: SCCs, phases, and the layers of top-down work", run: runGraph},
		"reason": {usage: "surety reason [flags] PATH...",
			short: "reason about each function block by block against its contract (run surety contracts first); report potential bugs", run: runReason},
		"safety": {usage: "surety safety [flags] FILE.c",
			short: "Check a C program for undefined behaviour at every operation (native engine); exit 1 when a violation replays under gcc's sanitizers.", run: runSafety},
		"selftest": {usage: "surety selftest [flags]",
			short: "Generate C programs whose truth a gcc run settles, take them through every verdict path and engine, and count the wrong verdicts (exit 1 on any).", run: runSelftest},
		"synth": {usage: "surety synth [flags] (\"DESCRIPTION\" | --file DESC.txt)",
			short: "Write a C program from a task description with verified facts (VIVERRA): properties, synthesis, assertions, bound reduction, VerifyAll, //FACT comments.", run: runSynth},
		"update": {usage: "surety update [flags] [PATH...]",
			short: "redo only what a change touches: changed contracts, callers of changed contracts, functions relevant to the goal", run: runUpdate},
		"worker": {usage: "surety worker --nats URL [flags]",
			short: "Run the jobs (bench tasks, selftest programs, facts' checks, contracts' batches, reason's functions, confirm's potential bugs) that surety commands given --nats URL hand out, until interrupted; the same build as theirs.", run: runWorker},
		"version": {usage: "surety version", short: "print the version of surety and of Go it was built with", run: runVersion},
	}
}

// env is everything a command may take from its surroundings. Only this
// package reads the process environment; the library is given options.
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
	// isTerminal says stderr, where the progress bar is drawn, is a
	// terminal.
	isTerminal bool
	// recordScripted lets SURETY_MODEL=scripted record a cache: only
	// the test that records the demo's scripted replies sets it.
	recordScripted bool
}

func main() { os.Exit(run(os.Args[1:])) }

func runVersion(ctx context.Context, e *env, args []string) int {
	if code, ok := parseArgs(e, newFlags("version"), args, anyArgs); !ok {
		return code
	}
	fmt.Fprintln(e.stdout, surety.Version())
	return 0
}

func run(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := &env{stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, isTerminal: isTerminal(os.Stderr)}
	return dispatch(ctx, e, args)
}

func dispatch(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok { // its -h, on stdout
				h := *e
				h.stderr = e.stdout
				return runCommand(ctx, &h, args[1], c, []string{"-h"})
			}
		}
		printHelp(e.stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "surety: unknown command %q; run \"surety help\"\n", args[0])
		return 2
	}
	return runCommand(ctx, e, args[0], c, args[1:])
}

// runCommand runs c, turning a panic, which is surety's own fault, into
// exit status 3 with a message that asks for a report.
func runCommand(ctx context.Context, e *env, name string, c *command, args []string) (code int) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(e.stderr, "surety %s: internal error: %v\n(this is a bug in surety; please report it with the command and its input)\n", name, v)
			code = 3
		}
	}()
	return c.run(ctx, e, args)
}

// exitHelp documents the exit statuses, for "surety help".
const exitHelp = `Exit status: 0 clean; 1 a finding (a FALSIFIED assertion or a false task
verdict, a MISMATCH, an [UNDER] contract, a confirmed bug, a safety violation);
2 a usage or input error (bad flags, a missing or unreadable file, a program
that does not parse, a missing outside program); 3 an internal error of surety.`

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "surety makes agent-written code checkable.\n\nUsage: surety <command> [flags] [arguments]\n\nCommands:")
	names := slices.Sorted(maps.Keys(commands))
	width := len(slices.MaxFunc(names, func(a, b string) int { return len(a) - len(b) }))
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].short)
	}
	fmt.Fprintln(w, "\nRun \"surety help <command>\" for a command's usage and flags.")
	fmt.Fprintln(w, "\n"+exitHelp)
}

// fail prints an error for the user and returns exit status 2. A
// library error's "surety: " (or llm's "llm: ", for the model's set-up)
// becomes "surety NAME: ".
func fail(e *env, name string, err error) int {
	msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "surety: "), "llm: ")
	if !strings.HasPrefix(msg, "surety") {
		msg = "surety " + name + ": " + msg
	}
	fmt.Fprintln(e.stderr, msg)
	return 2
}

// show prints v on stdout: with asJSON as its WriteJSON writes it or else
// as indented JSON, without as its WriteText writes it for people.
func show(e *env, asJSON bool, v interface{ WriteText(io.Writer) error }) error {
	if j, ok := v.(interface{ WriteJSON(io.Writer) error }); ok && asJSON {
		return j.WriteJSON(e.stdout)
	} else if !asJSON {
		return v.WriteText(e.stdout)
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// finish ends a command whose library call returned v and err: it prints
// v (show) and returns 1 when found says v holds a finding, else 0; or, on
// an error, prints that and returns 2.
func finish[T interface{ WriteText(io.Writer) error }](e *env, name string, asJSON bool, v T, err error, found func(T) bool) int {
	if err == nil {
		err = show(e, asJSON, v)
	}
	if err != nil {
		return fail(e, name, err)
	}
	return exitIf(found(v))
}

// usage prints the usage line of the command name, given the wrong
// arguments, and returns exit status 2.
func usage(e *env, name string) int {
	fmt.Fprintln(e.stderr, "usage: "+commands[name].usage)
	return 2
}

// logf returns a Printf that writes a line "PREFIX: MESSAGE" on stderr.
func (e *env) logf(prefix string) func(format string, args ...any) {
	return func(format string, args ...any) {
		fmt.Fprintf(e.stderr, "%s: %s\n", prefix, fmt.Sprintf(format, args...))
	}
}

// exitIf is the exit status of a finding: 1 when found, else 0.
func exitIf(found bool) int {
	if found {
		return 1
	}
	return 0
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
