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
// library call that a Go program can make the same way.
package main

import (
	"context"
	"encoding/json"
	"errors"
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

// A command is one subcommand. Each lives in its own file and registers
// itself from init.
type command struct {
	name  string
	usage string // one line: "surety graph [--json|--dot] PATH..."
	short string // what it does, in a sentence
	// run does the work and returns the exit status (exitHelp): 0 clean,
	// 1 a finding that should fail a build (an [UNDER] contract, a
	// FALSIFIED assertion, a confirmed bug), 2 a usage or input error (bad
	// flags, a missing file, a program that does not parse, a missing
	// outside program), 3 an internal error of surety itself.
	run func(ctx context.Context, e *env, args []string) int
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

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("surety: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := &env{stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, isTerminal: isTerminal(os.Stderr)}
	return dispatch(ctx, e, args)
}

func dispatch(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				fmt.Fprintf(e.stdout, "usage: %s\n\n%s\n", c.usage, c.short)
				return 0
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
	return runCommand(ctx, e, c, args[1:])
}

// runCommand runs c, turning a panic, which is surety's own fault, into
// exit status 3 with a message that asks for a report.
func runCommand(ctx context.Context, e *env, c *command, args []string) (code int) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(e.stderr, "surety %s: internal error: %v\n(this is a bug in surety; please report it with the command and its input)\n", c.name, v)
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
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].short)
	}
	fmt.Fprintln(w, "\nRun \"surety help <command>\" for a command's usage.")
	fmt.Fprintln(w, "\n"+exitHelp)
}

// fail prints an error for the user and returns exit status 2. A
// library error's "surety: " becomes "surety NAME: ".
func fail(e *env, name string, err error) int {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "surety: "); ok {
		msg = rest
	}
	if !strings.HasPrefix(msg, "surety") {
		msg = "surety " + name + ": " + msg
	}
	fmt.Fprintln(e.stderr, msg)
	return 2
}

// failed handles the error of a pipeline that asks model m (nil when
// making it failed with merr): a server that refused for good, a missing
// model (surety.ErrNoModel: merr says why), or any other error. done is
// false when err is nil and the command goes on.
func failed(e *env, name string, m *surety.MeteredModel, merr, err error) (code int, done bool) {
	if rerr := m.Refused(); rerr != nil {
		return failRefused(e, name, rerr), true
	}
	if errors.Is(err, surety.ErrNoModel) && merr != nil {
		err = merr
	}
	if err != nil {
		return fail(e, name, err), true
	}
	return 0, false
}

// checkOut checks that the output a flag names is not a file where a
// directory is wanted (or, with file, a directory where a file is), before
// anything is loaded or asked. The library checks the rest (that it can be
// made and written) when it runs.
func checkOut(flagName, path string, file bool) error {
	check := surety.CheckOutDir
	if file {
		check = surety.CheckOutFile
	}
	if err := check(path, true); err != nil {
		return fmt.Errorf("--%s %w", flagName, err)
	}
	return nil
}

// show prints v on stdout: as indented JSON with asJSON, else as its
// WriteText writes it for people.
func show(e *env, asJSON bool, v interface{ WriteText(io.Writer) error }) error {
	if !asJSON {
		return v.WriteText(e.stdout)
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// usage prints the usage line of a command given the wrong arguments
// and returns exit status 2.
func usage(e *env, line string) int {
	fmt.Fprintln(e.stderr, "usage: "+line)
	return 2
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
