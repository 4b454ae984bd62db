// Package arena hands out byte space for long-lived decoded text from
// large chunks mapped with MAP_POPULATE where the OS allows it. On the
// machines rxeval runs on, faulting in fresh heap pages one by one costs
// about 11 µs a page; a populated mapping costs a fraction of that. The
// chunks are never unmapped: strings made from them stay valid for the
// life of the process.
package arena

import "sync"

const chunkSize = 8 << 20

// Arena is a bump allocator over populated chunks. It is safe for
// concurrent use.
type Arena struct {
	mu  sync.Mutex
	buf []byte
}

// Alloc returns n bytes of zeroed space that nothing else uses.
func (a *Arena) Alloc(n int) []byte {
	if n > chunkSize/4 {
		return make([]byte, n)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.buf) < n {
		a.buf = newChunk(chunkSize)
	}
	b := a.buf[:n:n]
	a.buf = a.buf[n:]
	return b
}
