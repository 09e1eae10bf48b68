package bmc

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrNoEngine reports that none of the asked-for engines can run here.
var ErrNoEngine = errors.New("bmc: no verification engine available")

// Engines returns the checker for the named registered engines: the one
// checker when one is named, a Portfolio over them otherwise. With no names
// it takes every registered engine that is Available here, in registry
// order (sorted by name); a named engine that is not available is an error
// naming it.
func Engines(ctx context.Context, names []string) (Checker, error) {
	var cs []Checker
	if len(names) == 0 {
		var why []string
		for _, n := range Names() {
			c, _ := Lookup(n)
			if err := Available(ctx, c); err != nil {
				why = append(why, err.Error())
				continue
			}
			cs = append(cs, c)
		}
		if len(cs) == 0 {
			return nil, fmt.Errorf("%w (%s)", ErrNoEngine, strings.Join(why, "; "))
		}
	}
	for _, n := range names {
		c, err := Lookup(n)
		if err != nil {
			return nil, err
		}
		if err := Available(ctx, c); err != nil {
			return nil, fmt.Errorf("bmc: engine %s unavailable: %w", n, err)
		}
		cs = append(cs, c)
	}
	if len(cs) == 1 {
		return cs[0], nil
	}
	return &Portfolio{Checkers: cs}, nil
}
