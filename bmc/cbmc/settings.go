package cbmc

import "github.com/suretydev/surety/bmc"

// With returns a checker like c whose binary is the one s gives for
// c.Name() (bmc.Settings.Path), when it gives one (bmc.Configurer).
func (c *Checker) With(s bmc.Settings) bmc.Checker {
	if p, ok := s.Path(c.Name()); ok {
		return New(c.opts.withPath(p))
	}
	return c
}

// withPath returns a copy of o whose binary is path.
func (o Options) withPath(path string) *Options {
	o.Path = path
	return &o
}
