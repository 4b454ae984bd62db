package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryFileValidatedBeforeJudging: with several PRED files, a bad one
// (refused, or missing ids) is found before the model is asked about any
// pair of the files before it (issue 18.11: a bad second file came after
// 150 model calls, then exit 1 and no report).
func TestEveryFileValidatedBeforeJudging(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(exPreds)
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "broken.jsonl")
	os.WriteFile(broken, []byte(strings.Replace(string(good), `"verdict"`, `"verdicts"`, 1)), 0o644)
	short := filepath.Join(dir, "short.jsonl")
	os.WriteFile(short, []byte(strings.SplitAfterN(string(good), "\n", 2)[1]), 0o644)
	for _, bad := range []string{broken, short} {
		srv, calls := fakeHost(t, "sha256-fake", 200)
		_, stderr, code := runCLI("score", "--gold", exGold, "--inputs", exInputs, "--judge", "ollama:m", "--ollama-host", srv.URL, "--no-cache", "-q", exPreds, bad)
		if code != exitProblems {
			t.Errorf("%s: exit %d, want %d\n%s", filepath.Base(bad), code, exitProblems, stderr)
		}
		if n := calls.Load(); n != 0 {
			t.Errorf("%s: %d model calls before the bad file was found, want 0", filepath.Base(bad), n)
		}
		if !strings.Contains(stderr, filepath.Base(bad)) {
			t.Errorf("%s: the message does not name the file:\n%s", filepath.Base(bad), stderr)
		}
	}
}
