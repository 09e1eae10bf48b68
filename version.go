package surety

import (
	"fmt"
	"runtime/debug"
)

// Version names this build of surety and the Go it was built with, as
// "surety VERSION (GOVERSION)"; VERSION is "(devel)" outside a released
// module.
func Version() string {
	v, gov := "(devel)", "unknown"
	if info, ok := debug.ReadBuildInfo(); ok {
		gov = info.GoVersion
		if info.Main.Version != "" {
			v = info.Main.Version
		}
	}
	return fmt.Sprintf("surety %s (%s)", v, gov)
}
