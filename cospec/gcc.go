package cospec

import (
	"context"
	"strings"

	"github.com/suretydev/surety/bmc/gcc"
)

// DefaultCompileArgs are the compiler flags of the compile check: C11
// with POSIX declarations (strnlen), all warnings, and an implicit
// declaration as an error. The program is compiled and linked, so a
// missing function is caught too.
var DefaultCompileArgs = []string{"-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Werror=implicit-function-declaration"}

// GCC is the default Compiler: a C compiler with gcc's command line,
// through surety's one adapter to it (package bmc/gcc). The zero value
// runs "gcc" on PATH with DefaultCompileArgs.
type GCC struct {
	// Path is the compiler; "" means "gcc" on PATH.
	Path string
	// Args are its flags; nil means DefaultCompileArgs.
	Args []string
}

func (c *GCC) args() []string {
	if c.Args == nil {
		return DefaultCompileArgs
	}
	return c.Args
}

// Compile compiles and links src (gcc.Tool.Check).
func (c *GCC) Compile(ctx context.Context, src string) (string, error) {
	return (&gcc.Tool{Path: c.Path}).Check(ctx, src, c.args()...)
}

// String is the command line, as a model is told of it: "gcc -std=c11 ...".
func (c *GCC) String() string {
	path := c.Path
	if path == "" {
		path = "gcc"
	}
	return path + " " + strings.Join(c.args(), " ")
}
