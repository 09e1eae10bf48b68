package cospec

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

// DefaultCompileArgs are the compiler flags of the compile check: C11 with
// POSIX declarations (strnlen), all warnings, and an implicit declaration
// as an error. The program is compiled and linked, so a missing function
// is caught too.
var DefaultCompileArgs = []string{"-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Werror=implicit-function-declaration"}

// ErrNoCompiler reports that the C compiler could not be found.
var ErrNoCompiler = errors.New("cospec: C compiler not found")

// compileName is the file name the compiler sees, and so the one its
// messages name.
const compileName = "program.c"

// compile compiles and links src; it returns the compiler's diagnostics
// when it fails ("" when it compiles) and an error only when the compiler
// could not be run.
func compile(ctx context.Context, cc string, args []string, src string) (string, error) {
	dir, remove, err := proc.TempDir("cospec")
	if err != nil {
		return "", err
	}
	defer remove()
	if err := os.WriteFile(filepath.Join(dir, compileName), []byte(src), 0o644); err != nil {
		return "", fmt.Errorf("cospec: %w", err)
	}
	argv := append(append([]string{}, args...), "-o", "program", compileName)
	res, err := proc.Run(ctx, &proc.Cmd{Path: cc, Args: argv, Dir: dir, Timeout: time.Minute, MaxOutput: 1 << 20})
	switch {
	case errors.Is(err, proc.ErrNotFound):
		return "", fmt.Errorf("%w: %s", ErrNoCompiler, cc)
	case err != nil:
		return "", fmt.Errorf("cospec: compiling: %w", err)
	case res.ExitCode == 0:
		return "", nil
	}
	msg := strings.TrimSpace(string(res.Stderr))
	if msg == "" {
		msg = fmt.Sprintf("%s exited with status %d", cc, res.ExitCode)
	}
	const maxMsg = 4000
	if len(msg) > maxMsg {
		msg = msg[:maxMsg] + "\n[... more errors cut]"
	}
	return msg, nil
}
