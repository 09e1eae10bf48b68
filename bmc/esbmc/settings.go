package esbmc

import "github.com/suretydev/surety/bmc"

// With returns a checker like c whose binary is s.Paths[c.Name()], when
// that is set (bmc.Configurer).
func (c *Checker) With(s bmc.Settings) bmc.Checker {
	p, ok := s.Paths[c.Name()]
	if !ok || p == "" {
		return c
	}
	opts := c.opts
	opts.Path = p
	return New(&opts)
}
