//go:build !linux

package proc

// BindCPUs confines this process to the given CPUs; here it cannot.
func BindCPUs(cpus []int) error { return ErrNoAffinity }
