//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOutputMode: an output is created with the mode the user's umask
// gives (0666 &^ umask), and a replaced file keeps its own mode (issue
// 18.9: under umask 077 outputs were 0644, and a 0600 report became 0644).
func TestOutputMode(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	fresh := filepath.Join(dir, "fresh.json")
	if err := writeFileAtomic(fresh, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(fresh); st.Mode().Perm() != 0o600 {
		t.Errorf("new file under umask 077: %v, want -rw-------", st.Mode().Perm())
	}
	syscall.Umask(0o022)
	kept := filepath.Join(dir, "kept.json")
	if err := os.WriteFile(kept, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Chmod(kept, 0o640)
	if err := writeFileAtomic(kept, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(kept); st.Mode().Perm() != 0o640 {
		t.Errorf("replaced file: %v, want its own -rw-r-----", st.Mode().Perm())
	}
	fresh2 := filepath.Join(dir, "fresh2.json")
	if err := writeFileAtomic(fresh2, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(fresh2); st.Mode().Perm() != 0o644 {
		t.Errorf("new file under umask 022: %v, want -rw-r--r--", st.Mode().Perm())
	}
}
