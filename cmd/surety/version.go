package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

func init() {
	register(&command{
		name:  "version",
		usage: "surety version",
		short: "print the version of surety and of Go it was built with",
		run: func(ctx context.Context, e *env, args []string) int {
			v, gov := "(devel)", "unknown"
			if info, ok := debug.ReadBuildInfo(); ok {
				gov = info.GoVersion
				if info.Main.Version != "" {
					v = info.Main.Version
				}
			}
			fmt.Fprintf(e.stdout, "surety %s (%s)\n", v, gov)
			return 0
		},
	})
}
