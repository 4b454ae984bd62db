package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOutputToDevice: -o naming a device or FIFO writes to it and leaves it
// what it was. Before, the atomic rename replaced it with a regular file (as
// root, 'rxeval pack -o /dev/null' turned /dev/null into a file).
func TestOutputToDevice(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	got := make(chan []byte, 1)
	go func() {
		b, _ := os.ReadFile(fifo) // opens for reading; returns at the writer's close
		got <- b
	}()
	if err := writeFileAtomic(fifo, []byte("data")); err != nil {
		t.Fatal(err)
	}
	if b := <-got; string(b) != "data" {
		t.Errorf("read %q from the FIFO", b)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is now %v (%v)", st.Mode(), err)
	}
}
