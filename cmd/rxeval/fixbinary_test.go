package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixRefusesUnreadable: fix writes nothing for a compressed file or
// one with no JSON object on any line (it wrote a byte copy named .jsonl
// and said "edit them by hand"), exit 1.
func TestFixRefusesUnreadable(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(`{"idx": "formalrx_0001", "verdict": "aligned"}` + "\n"))
	w.Close()
	binary := make([]byte, 3000)
	for i := range binary {
		binary[i] = byte(i*131 + 7)
	}
	for name, body := range map[string][]byte{"p.jsonl.gz": gz.Bytes(), "rand.bin": binary} {
		in := filepath.Join(dir, name)
		if err := os.WriteFile(in, body, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, name+".fixed.jsonl")
		_, stderr, code := runCLI("fix", in, "-o", out)
		if code != exitProblems || !strings.Contains(stderr, "nothing written") {
			t.Errorf("%s: exit %d, want %d with 'nothing written'\n%s", name, code, exitProblems, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: %s was written", name, out)
		}
	}
}
