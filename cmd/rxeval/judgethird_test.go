package main

import (
	"path/filepath"
	"testing"
)

// Issue 34, items 6 to 8: the model judge's third round, through the CLI.

// TestJudgeSeedNotFromCache: a rerun with another --judge-seed (or
// --num-ctx) asks the model again instead of taking the verdicts cached
// under the old options; the same options again take them (issue 34.6).
func TestJudgeSeedNotFromCache(t *testing.T) {
	srv, calls := fakeJudgeServer(t, func(int64, string) int { return 200 })
	cache := filepath.Join(t.TempDir(), "v.db")
	base := []string{"score", "--gold", exGold, "--inputs", exInputs, "--judge", "ollama-only:m", "--ollama-host", srv.URL, "--cache", cache, "-q"}
	run := func(name string, want func(n int64) bool, args ...string) {
		t.Helper()
		before := calls.Load()
		_, stderr, code := runCLI(append(append(base, args...), exPreds)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		if n := calls.Load() - before; !want(n) {
			t.Errorf("%s: %d model calls", name, n)
		}
	}
	some, none := func(n int64) bool { return n > 0 }, func(n int64) bool { return n == 0 }
	run("first run", some, "--judge-seed", "1")
	run("the same seed", none, "--judge-seed", "1")
	run("another seed", some, "--judge-seed", "2")
	run("another --num-ctx", some, "--judge-seed", "2", "--num-ctx", "4096")
	run("the first options again", none, "--judge-seed", "1")
}
