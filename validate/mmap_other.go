//go:build !unix

package validate

import "os"

func mapFile(f *os.File, size int64) ([]byte, func() error, bool) { return nil, nil, false }
