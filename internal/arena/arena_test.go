package arena

import (
	"sync"
	"testing"
)

func TestAllocDisjoint(t *testing.T) {
	var a Arena
	var mu sync.Mutex
	seen := map[*byte]bool{}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Go(func() {
			for i := 1; i < 2000; i++ {
				b := a.Alloc(i % 5000)
				for k := range b {
					b[k] = byte(g)
				}
				if len(b) > 0 {
					mu.Lock()
					if seen[&b[0]] {
						t.Error("space handed out twice")
					}
					seen[&b[0]] = true
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if b := a.Alloc(chunkSize); len(b) != chunkSize {
		t.Error("a large request must still be served")
	}
}
