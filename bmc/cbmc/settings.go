package cbmc

import (
	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/internal/adapter"
)

// With returns a checker like c whose binary is the one s gives for
// c.Name() (bmc.Settings.Path), when it gives one (bmc.Configurer).
func (c *Checker) With(s bmc.Settings) bmc.Checker {
	return adapter.With(c, s, func(path string) bmc.Checker {
		opts := c.opts
		opts.Path = path
		return New(&opts)
	})
}
