// Package gcc is the adapter of package cospec to a C compiler with gcc's
// command line (gcc, clang, cc): the compile check of synthesis,
// annotation and bound reduction. *Tool implements cospec.Compiler.
package gcc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// DefaultArgs are the compiler flags of the compile check: C11 with POSIX
// declarations (strnlen), all warnings, and an implicit declaration as an
// error. The program is compiled and linked, so a missing function is
// caught too.
var DefaultArgs = []string{"-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Werror=implicit-function-declaration"}

// ErrNotFound reports that the compiler could not be found.
var ErrNotFound = errors.New("gcc: C compiler not found")

// fileName is the file name the compiler sees, and so the one its messages
// name.
const fileName = "program.c"

// A Tool compiles C programs. The zero value runs "gcc" on PATH with
// DefaultArgs. A Tool is safe for concurrent use; Compile does not modify
// it.
type Tool struct {
	// Path is the compiler; "" means "gcc" on PATH.
	Path string
	// Args are its flags; nil means DefaultArgs.
	Args []string
}

func (t *Tool) path() string {
	if t.Path == "" {
		return "gcc"
	}
	return t.Path
}

func (t *Tool) args() []string {
	if t.Args == nil {
		return DefaultArgs
	}
	return t.Args
}

// String is the command line, as a model is told of it: "gcc -std=c11 ...".
func (t *Tool) String() string { return t.path() + " " + strings.Join(t.args(), " ") }

// Compile compiles and links src as program.c in a temporary directory,
// removed before it returns. It returns the compiler's diagnostics when it
// fails ("" when it compiles), cut to 4000 bytes, and an error only when
// the compiler could not be run (ErrNotFound when it is missing).
func (t *Tool) Compile(ctx context.Context, src string) (string, error) {
	dir, remove, err := proc.TempDir("gcc")
	if err != nil {
		return "", err
	}
	defer remove()
	if err := os.WriteFile(filepath.Join(dir, fileName), []byte(src), 0o644); err != nil {
		return "", fmt.Errorf("gcc: %w", err)
	}
	argv := append(append([]string{}, t.args()...), "-o", "program", fileName)
	res, err := proc.Run(ctx, &proc.Cmd{Path: t.path(), Args: argv, Dir: dir, Timeout: time.Minute, MaxOutput: 1 << 20})
	switch {
	case errors.Is(err, proc.ErrNotFound):
		return "", fmt.Errorf("%w: %s", ErrNotFound, t.path())
	case err != nil:
		return "", fmt.Errorf("gcc: compiling: %w", err)
	case res.ExitCode == 0:
		return "", nil
	}
	msg := strings.TrimSpace(string(res.Stderr))
	if msg == "" {
		msg = fmt.Sprintf("%s exited with status %d", t.path(), res.ExitCode)
	}
	const maxMsg = 4000
	if len(msg) > maxMsg {
		msg = msg[:maxMsg] + "\n[... more errors cut]"
	}
	return msg, nil
}
