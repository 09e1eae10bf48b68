package selftest

// The engines of the default portfolio these tests take, registered as a
// program that embeds surety registers them.
import (
	_ "github.com/suretydev/surety/bmc/cbmc"
	_ "github.com/suretydev/surety/bmc/esbmc"
)
