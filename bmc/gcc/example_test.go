package gcc_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety/bmc/gcc"
)

// Compile a two-file program as a replay does, then a broken one.
func ExampleTool_Build() {
	dir, err := os.MkdirTemp("", "gcc-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "prog.c"), []byte("int f(int x) { return x + 1; }\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "harness.c"), []byte("int f(int);\nint main(void) { return f(1); }\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "broken.c"), []byte("int main(void) {\n  return y;\n}\n"), 0o644)

	tool := &gcc.Tool{} // "gcc" on PATH
	if _, err := tool.LookPath(); err != nil {
		fmt.Println("gcc not found")
		return
	}
	ctx := context.Background()
	res, err := tool.Build(ctx, dir, "prog", []string{"prog.c", "harness.c"}, "-std=gnu11", "-O0")
	fmt.Println(res.OK, err)
	res, err = tool.Build(ctx, dir, "broken", []string{"broken.c"}, "-std=gnu11")
	fmt.Println(res.OK, err, strings.Contains(res.Diagnostics, "broken.c:2:"))
	// Output:
	// true <nil>
	// false <nil> true
}
