package c_test

import (
	"testing"

	"github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/frontend/frontendtest"
)

func TestC(t *testing.T) {
	frontendtest.Run(t, frontendtest.TestData(), c.C,
		"statics", "prototypes", "headers", "fnptr", "specs", "preproc", "syntaxerrors", "stmts", "knr", "kernel")
}
