package main

// The plug-ins this command ships, in one place. Each registers itself by
// name from its own package (as database/sql drivers do); the library
// registers none, so a program that embeds surety imports the ones it
// wants, as here.
import (
	// Language frontends: every command that loads code reads C, Rust,
	// Dafny and Go.
	_ "github.com/suretydev/surety/frontend/c"
	_ "github.com/suretydev/surety/frontend/dafny"
	_ "github.com/suretydev/surety/frontend/golang"
	_ "github.com/suretydev/surety/frontend/rust"

	// Bounded model checkers: the default portfolio of surety facts is
	// every one of them available here, the run engine first.
	_ "github.com/suretydev/surety/bmc/cbmc"
	_ "github.com/suretydev/surety/bmc/esbmc"
	_ "github.com/suretydev/surety/bmc/native"
	_ "github.com/suretydev/surety/bmc/run"

	// Completeness verifiers: surety complete runs "dafny".
	_ "github.com/suretydev/surety/complete/dafny"
)
