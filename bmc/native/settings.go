package native

import "github.com/suretydev/surety/bmc"

// With returns a checker like c with s's modelling choices
// (MallocMayFail, NoInduction) when they differ from c's
// (bmc.Configurer).
func (c *Checker) With(s bmc.Settings) bmc.Checker {
	if s.MallocMayFail == c.opts.MallocMayFail && s.NoInduction == c.opts.NoInduction {
		return c
	}
	opts := c.opts
	opts.MallocMayFail, opts.NoInduction = s.MallocMayFail, s.NoInduction
	return New(&opts)
}
