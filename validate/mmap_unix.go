//go:build unix

package validate

import (
	"os"
	"syscall"
)

// mapFile maps a regular file read-only. Faulting in a mapped page-cache
// file costs a fraction of copying it into fresh heap memory.
func mapFile(f *os.File, size int64) ([]byte, func() error, bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_POPULATE)
	if err != nil {
		return nil, nil, false
	}
	return data, func() error { return syscall.Munmap(data) }, true
}
