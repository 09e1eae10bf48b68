package files_test

import (
	"context"
	"fmt"
	_ "github.com/suretydev/surety/frontend/c"
	"os"
	"path/filepath"

	"github.com/suretydev/surety/internal/files"
)

// ExampleReadSource reads a file a user named; what cannot be read is an
// error naming it.
func ExampleReadSource() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	src, err := files.ReadSource(context.Background(), writeFile(dir, "a.c", "int main(void) { return 0; }\n"))
	fmt.Println(len(src), err)
	_, err = files.ReadSource(context.Background(), "missing.c")
	fmt.Println(err)
	// Output:
	// 29 <nil>
	// missing.c: no such file or directory
}

// ExampleCheckOutDir checks, before anything is asked, that an output
// directory can be one: a file in its place is an error.
func ExampleCheckOutDir() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	fmt.Println(files.CheckOutDir(filepath.Join(dir, "out"), true))
	err := files.CheckOutDir(writeFile(dir, "file", ""), true)
	fmt.Println(err != nil)
	// Output:
	// <nil>
	// true
}

// ExampleCheckOutFile checks that an output file can be written: a
// directory in its place is an error.
func ExampleCheckOutFile() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	fmt.Println(files.CheckOutFile(filepath.Join(dir, "reason.json"), true))
	fmt.Println(files.CheckOutFile(dir, true) != nil)
	// Output:
	// <nil>
	// true
}

// ExampleUserCacheDir names surety's part of the user's cache.
func ExampleUserCacheDir() {
	env := map[string]string{"HOME": "/home/ada"}
	fmt.Println(files.UserCacheDir(func(k string) string { return env[k] }, "files"))
	// Output:
	// /home/ada/.cache/surety/files
}

// ExampleWriteJSON prints a result as indented JSON, C code as it is.
func ExampleWriteJSON() {
	files.WriteJSON(os.Stdout, map[string]string{"pred": "i < n && a[i] > 0"})
	// Output:
	// {
	//   "pred": "i < n && a[i] > 0"
	// }
}

// ExamplePathError names a path a user gave, then what is wrong with it.
func ExamplePathError() {
	_, err := os.Open("missing.c")
	fmt.Println(files.PathError("missing.c", err))
	// Output:
	// missing.c: no such file or directory
}

// ExampleCheckPaths checks, without parsing, that each path can be loaded.
func ExampleCheckPaths() {
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)
	fmt.Println(files.CheckPaths(context.Background(), []string{writeFile(dir, "a.c", "int f(void) { return 0; }\n")}))
	fmt.Println(files.CheckPaths(context.Background(), []string{writeFile(dir, "notes.txt", "notes\n")}) != nil)
	// Output:
	// <nil>
	// true
}

// writeFile writes a file for an example and returns its path.
func writeFile(dir, name, content string) string {
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		panic(err)
	}
	return p
}
