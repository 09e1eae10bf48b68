// Command toycc is a toy C compiler front end for the from_keyword example:
// it lexes a C program with a port of the example's lexer (bug included),
// then checks a small subset of C: function definitions whose bodies hold
// declarations, return, if, while, blocks and expression statements, with
// every identifier declared before use. It accepts (exit 0, no output) or
// prints gcc-style diagnostics and exits 1; a construct outside the
// subset exits 2.
//
// Usage:
//
//	toycc FILE.c
//
// Comments and preprocessor lines are dropped before lexing (the example's
// lexer knows neither). Because the lexer lexes nullptr as an identifier,
// toycc rejects `int *p = nullptr;` with "use of undeclared identifier
// 'nullptr'", which a C23 compiler accepts: FM-Agent's figure 3.
package main

import (
	"fmt"
	"os"
	"regexp"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: toycc FILE.c")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "toycc:", err)
		os.Exit(2)
	}
	c := &checker{file: os.Args[1], toks: tokenize(strip(src), false), scopes: []map[string]bool{{}}}
	c.unit()
	for _, d := range c.diags {
		fmt.Fprintln(os.Stderr, d)
	}
	switch {
	case c.unsupported:
		os.Exit(2)
	case len(c.diags) > 0:
		os.Exit(1)
	}
}

var (
	comment = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	prepro  = regexp.MustCompile(`(?m)^[ \t]*#[^\n]*`)
)

// strip blanks out comments and preprocessor lines, keeping line breaks so
// that positions stay right.
func strip(src []byte) []byte {
	blank := func(b []byte) []byte {
		out := make([]byte, len(b))
		for i, c := range b {
			out[i] = ' '
			if c == '\n' {
				out[i] = '\n'
			}
		}
		return out
	}
	src = comment.ReplaceAllFunc(src, blank)
	return prepro.ReplaceAllFunc(src, blank)
}
