package main

// The built-in language frontends register themselves; every command that
// loads code reads C, Rust, Dafny and Go.
import (
	_ "github.com/suretydev/surety/frontend/c"
	_ "github.com/suretydev/surety/frontend/dafny"
	_ "github.com/suretydev/surety/frontend/golang"
	_ "github.com/suretydev/surety/frontend/rust"
)
