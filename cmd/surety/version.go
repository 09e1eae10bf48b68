package main

import (
	"context"
	"fmt"

	"github.com/suretydev/surety"
)

func init() {
	register(&command{
		name:  "version",
		usage: "surety version",
		short: "print the version of surety and of Go it was built with",
		run: func(ctx context.Context, e *env, args []string) int {
			fmt.Fprintln(e.stdout, surety.Version())
			return 0
		},
	})
}
