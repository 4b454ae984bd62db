//go:build !linux

package arena

func newChunk(n int) []byte { return make([]byte, n) }
