package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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

// TestTooLongForContextCounted: with --num-ctx 1 no pair fits the model's
// context: none is sent, and the run says how many and why, in the text
// report, on stderr and in the JSON report, and exits 4 unless
// --allow-undecided (issue 34.7).
func TestTooLongForContextCounted(t *testing.T) {
	srv, calls := fakeJudgeServer(t, func(int64, string) int { return 200 })
	base := []string{"score", "--gold", exGold, "--inputs", exInputs, "--judge", "ollama-only:m", "--ollama-host", srv.URL, "--no-cache", "--num-ctx", "1"}
	stdout, stderr, code := runCLI(append(base, exPreds)...)
	if code != exitInexact {
		t.Errorf("exit %d, want %d\nstderr: %s", code, exitInexact, stderr)
	}
	if calls.Load() != 0 {
		t.Errorf("%d model calls, want none", calls.Load())
	}
	for _, want := range []string{"too long for the model's context", "--num-ctx 1"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report does not say %q:\n%s", want, stdout)
		}
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, stderr)
		}
	}
	stdout, stderr, code = runCLI(append(base, "--allow-undecided", "--format", "json", exPreds)...)
	if code != exitOK {
		t.Errorf("--allow-undecided: exit %d, want 0\nstderr: %s", code, stderr)
	}
	var doc struct {
		Judge map[string]any `json:"judge"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	n, _ := doc.Judge["too_long"].(float64)
	note, _ := doc.Judge["too_long_note"].(string)
	if n < 1 || !strings.Contains(note, "--num-ctx 1") {
		t.Errorf("JSON judge info: too_long %v, too_long_note %q", doc.Judge["too_long"], note)
	}
}

// TestHostCheckedWhenParsing: an --ollama-host (or --judge-url) with a port
// out of range or a scheme other than http(s) is a usage error naming the
// value, before any connection (issue 34.8).
func TestHostCheckedWhenParsing(t *testing.T) {
	for _, c := range []struct{ judge, flag, value string }{
		{"ollama:m", "--ollama-host", "127.0.0.1:99999"},
		{"ollama:m", "--ollama-host", "http://127.0.0.1:0"},
		{"ollama:m", "--ollama-host", "unix:///x"},
		{"ollama:m", "--ollama-host", "ftp://127.0.0.1:21"},
		{"openai:m", "--judge-url", "127.0.0.1:70000"},
	} {
		_, stderr, code := runCLI("score", "--gold", exGold, "--judge", c.judge, c.flag, c.value, "--no-cache", exPreds)
		if code != exitUsage || !strings.Contains(stderr, c.value) {
			t.Errorf("%s %s: exit %d (want %d), stderr %s", c.flag, c.value, code, exitUsage, stderr)
		}
		if strings.Contains(stderr, "not on this machine") || strings.Contains(stderr, "does not answer") {
			t.Errorf("%s %s: %s", c.flag, c.value, stderr)
		}
	}
}

// TestOutputFIFOWithoutReader: an output that is a FIFO no process reads
// is refused (exit 2, naming it) after a bounded number of tries, instead
// of an open that never returns (issue 34.8).
func TestOutputFIFOWithoutReader(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	polls, poll := fifoPolls, fifoPoll
	fifoPolls, fifoPoll = 3, time.Millisecond
	defer func() { fifoPolls, fifoPoll = polls, poll }()
	type result struct {
		stderr string
		code   int
	}
	done := make(chan result, 1)
	go func() {
		_, stderr, code := runCLI("score", "--gold", exGold, "--judge", "exact", "--output", fifo, exPreds)
		done <- result{stderr, code}
	}()
	select {
	case r := <-done:
		if r.code != exitUsage || !strings.Contains(r.stderr, fifo) || !strings.Contains(r.stderr, "no process reads this FIFO") {
			t.Errorf("exit %d (want %d), stderr %s", r.code, exitUsage, r.stderr)
		}
	case <-time.After(time.Minute): // a guard against the hang, not a speed limit
		os.ReadFile(fifo) // unblock the writer
		t.Fatal("the write to a FIFO without a reader never returned")
	}
}

// TestCacheDeviceNotRegular: a --cache that is a device is "not a regular
// file", even when an output names the same device (two outputs to
// /dev/null are no clash: the device stays what it is); two outputs naming
// one regular file still clash (issue 34.8).
func TestCacheDeviceNotRegular(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip(err)
	}
	_, stderr, code := runCLI("score", "--gold", exGold, "--judge", "ollama:m", "--ollama-host", "127.0.0.1:1", "--cache", os.DevNull, "--output", os.DevNull, exPreds)
	if code != exitUsage || !strings.Contains(stderr, "is not a regular file") || strings.Contains(stderr, "both name") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	if _, stderr, code := runCLI("score", "--gold", exGold, "--judge", "exact", "--output", os.DevNull, "--html", os.DevNull, exPreds); code != exitOK {
		t.Errorf("--output and --html on %s: exit %d, stderr %s", os.DevNull, code, stderr)
	}
	out := filepath.Join(t.TempDir(), "r.txt")
	if _, stderr, code := runCLI("score", "--gold", exGold, "--judge", "exact", "--output", out, "--html", out, exPreds); code != exitUsage || !strings.Contains(stderr, "both name") {
		t.Errorf("--output and --html on one file: exit %d, stderr %s", code, stderr)
	}
}
