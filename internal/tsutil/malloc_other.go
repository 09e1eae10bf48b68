//go:build !linux || !cgo

package tsutil

func releaseCMemory() bool { return false }

func limitArenas(int) bool { return false }
