package surety_test

import "os"

func tempDir() (string, func()) {
	dir, err := os.MkdirTemp("", "surety-example")
	if err != nil {
		panic(err)
	}
	return dir, func() { os.RemoveAll(dir) }
}
